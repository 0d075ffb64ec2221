import { describe, expect, it } from 'vitest';
import { probeImage } from '../../../../sandbox/media/image-size.js';
import { SAMPLE_MEDIA } from '../../../../sandbox/media/samples.js';
import { jpegHeader, pngHeader, webpVp8, webpVp8l, webpVp8x } from '../../../support/media-fixtures.js';

describe('probeImage', () => {
  it('reads JPEG dimensions from the SOF segment after APPn segments', () => {
    expect(probeImage(jpegHeader(1080, 1920))).toEqual({ kind: 'image', format: 'jpeg', width: 1080, height: 1920 });
    expect(probeImage(jpegHeader(65535, 1))).toEqual({ kind: 'image', format: 'jpeg', width: 65535, height: 1 });
  });

  it('reads a progressive JPEG (SOF2) and skips fill bytes', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xff, 0xc2, 0x00, 0x11, 0x08, 0x01, 0x00, 0x02, 0x00, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
    expect(probeImage(jpeg)).toEqual({ kind: 'image', format: 'jpeg', width: 512, height: 256 });
  });

  it('does not take DHT (C4) for a frame header', () => {
    const dht = [0xff, 0xc4, 0x00, 0x05, 0x00, 0x00, 0x00];
    const sof = [0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x10, 0x00, 0x20, 0x01, 0x01, 0x11, 0x00];
    expect(probeImage(Buffer.from([0xff, 0xd8, ...dht, ...sof]))).toEqual({ kind: 'image', format: 'jpeg', width: 32, height: 16 });
  });

  it('asks for more bytes when the JPEG frame header lies beyond the prefix', () => {
    expect(probeImage(jpegHeader(100, 100).subarray(0, 200))).toEqual({ kind: 'truncated' });
  });

  it('reads WebP VP8, VP8L and VP8X headers', () => {
    expect(probeImage(webpVp8(1920, 1080))).toEqual({ kind: 'image', format: 'webp', width: 1920, height: 1080 });
    expect(probeImage(webpVp8l(1000, 16384))).toEqual({ kind: 'image', format: 'webp', width: 1000, height: 16384 });
    expect(probeImage(webpVp8x(16_000_000, 3))).toEqual({ kind: 'image', format: 'webp', width: 16_000_000, height: 3 });
  });

  it('names formats it refuses', () => {
    expect(probeImage(pngHeader())).toEqual({ kind: 'unsupported', format: 'png' });
    expect(probeImage(Buffer.from('GIF89a......'))).toEqual({ kind: 'unsupported', format: 'gif' });
    expect(probeImage(Buffer.from('just some text, long enough'))).toEqual({ kind: 'unsupported', format: 'unknown' });
    expect(probeImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02])).kind).toBe('unsupported');
  });

  it('reads the sandbox’s own sample photos', () => {
    const sample = (name: string) => SAMPLE_MEDIA[name]!.body() as Buffer;
    expect(probeImage(sample('photo-portrait.jpg'))).toMatchObject({ format: 'jpeg', width: 1080, height: 1920 });
    expect(probeImage(sample('photo-too-large.jpg'))).toMatchObject({ format: 'jpeg', width: 1440, height: 2560 });
    expect(probeImage(sample('photo-landscape.webp'))).toMatchObject({ format: 'webp', width: 1920, height: 1080 });
  });
});
