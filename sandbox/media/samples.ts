/**
 * Sample media the sandbox serves under /sandbox/media/, so PULL_FROM_URL and photo posts can be
 * tried without the internet (the default app has this prefix verified). Generated in code:
 * videos of any size with real container headers (a 10 s 1080x1920 H.264 or VP9 track; the sandbox
 * probes headers, it does not decode) and filler as their media data, and
 * small real images: a baseline JPEG and a lossless WebP of one flat colour, whose headers carry
 * the dimensions the photo rules check.
 */
import { Readable } from 'node:stream';
import { mulberry32 } from '../chaos.js';
import { isoBmffHeader, mdatHeader, webmHeader } from './video-header.js';

export interface SampleMedia {
  contentType: string;
  /** Default size for generated videos; images have a fixed size. */
  defaultBytes?: number;
  /** A body of `bytes` bytes (videos), or the fixed body (images, text). */
  body(bytes?: number): Buffer | Readable;
  description: string;
}

const FILLER = (() => {
  const random = mulberry32(20_240_601);
  const block = Buffer.alloc(64 * 1024);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE(Math.floor(random() * 2 ** 32), i);
  return block;
})();

/** Real container headers (video-header.ts) for a 10 s 1080x1920 video, then an mdat or clusters of filler up to `bytes`. */
function isoBmffSample(brand: 'isom' | 'qt  ', bytes: number): Buffer {
  const header = isoBmffHeader(brand);
  return Buffer.concat([header, mdatHeader(Math.max(0, bytes - header.length - 8))]);
}

/** `header` then deterministic filler up to exactly `bytes`, produced as it is read. */
function generated(header: Buffer, bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return void this.push(null);
      const first = sent === 0 ? header.subarray(0, bytes) : Buffer.alloc(0);
      const room = Math.min(FILLER.length, bytes - sent - first.length);
      const chunk = first.length > 0 ? Buffer.concat([first, FILLER.subarray(0, Math.max(0, room))]) : FILLER.subarray(0, room);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

/** MSB-first bit writer for JPEG entropy data (with 0xFF byte stuffing). */
function grayJpeg(width: number, height: number): Buffer {
  const segment = (marker: number, payload: number[]) => [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
  const dqt = segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]);
  const sof0 = segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  // One-symbol Huffman tables: DC category 0 and AC end-of-block, each the 1-bit code "0".
  const dhtDc = segment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0x00]);
  const dhtAc = segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]);
  const sos = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  // Every 8x8 block: DC difference 0 then EOB, 2 zero bits; the image is flat mid-grey.
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const data = Buffer.alloc(Math.ceil(bits / 8));
  const spare = data.length * 8 - bits;
  if (spare > 0) data[data.length - 1] = (1 << spare) - 1; // pad with 1 bits
  return Buffer.concat([Buffer.from([0xff, 0xd8, ...dqt, ...sof0, ...dhtDc, ...dhtAc, ...sos]), data, Buffer.from([0xff, 0xd9])]);
}

/** Lossless WebP (VP8L) of one colour: single-symbol prefix codes make every pixel cost zero bits. */
function flatWebp(width: number, height: number, argb: number): Buffer {
  const out: number[] = [];
  let acc = 0;
  let n = 0;
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++) {
      acc |= ((value >> i) & 1) << n;
      if (++n === 8) {
        out.push(acc);
        acc = 0;
        n = 0;
      }
    }
  };
  put(width - 1, 14);
  put(height - 1, 14);
  put(0, 1); // alpha unused
  put(0, 3); // version
  put(0, 1); // no transform
  put(0, 1); // no colour cache
  put(0, 1); // no meta prefix codes
  const simpleCode = (symbol: number) => {
    put(1, 1); // simple code
    put(0, 1); // one symbol
    if (symbol < 2) {
      put(0, 1);
      put(symbol, 1);
    } else {
      put(1, 1);
      put(symbol, 8);
    }
  };
  simpleCode((argb >> 8) & 0xff); // green
  simpleCode((argb >> 16) & 0xff); // red
  simpleCode(argb & 0xff); // blue
  simpleCode((argb >>> 24) & 0xff); // alpha
  simpleCode(0); // distance
  if (n > 0) out.push(acc);
  const vp8l = Buffer.from([0x2f, ...out]);
  const padded = vp8l.length % 2 === 1 ? Buffer.concat([vp8l, Buffer.from([0])]) : vp8l;
  const chunkHeader = Buffer.alloc(8);
  chunkHeader.write('VP8L', 0, 'latin1');
  chunkHeader.writeUInt32LE(vp8l.length, 4);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + 8 + padded.length, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, chunkHeader, padded]);
}

const MiB = 1024 * 1024;
/** The largest generated video: the platform's 4 GB limit plus one byte, to try the limit. */
export const MAX_SAMPLE_BYTES = 4 * 1024 * MiB + 1;

const cache = new Map<string, Buffer>();
const once = (key: string, make: () => Buffer) => () => {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
};

export const SAMPLE_MEDIA: Record<string, SampleMedia> = {
  'sample.mp4': { contentType: 'video/mp4', defaultBytes: MiB, body: (bytes = MiB) => generated(isoBmffSample('isom', bytes), bytes), description: 'MP4 (H.264 1080x1920, 10 s, 30 fps headers); ?bytes=N for any size' },
  'sample.mov': { contentType: 'video/quicktime', defaultBytes: MiB, body: (bytes = MiB) => generated(isoBmffSample('qt  ', bytes), bytes), description: 'QuickTime (ftyp qt, the same headers); ?bytes=N' },
  'sample.webm': { contentType: 'video/webm', defaultBytes: MiB, body: (bytes = MiB) => generated(webmHeader(), bytes), description: 'WebM (VP9 1080x1920, 10 s); ?bytes=N' },
  'not-a-video.mp4': { contentType: 'video/mp4', defaultBytes: 64 * 1024, body: (bytes = 64 * 1024) => generated(Buffer.from('This is text, not a video container.\n'), bytes), description: 'text bytes named .mp4: fails file_format_check_failed' },
  'photo-portrait.jpg': { contentType: 'image/jpeg', body: once('jpg-portrait', () => grayJpeg(1080, 1920)), description: 'JPEG 1080x1920' },
  'photo-square.jpg': { contentType: 'image/jpeg', body: once('jpg-square', () => grayJpeg(1080, 1080)), description: 'JPEG 1080x1080' },
  'photo-landscape.webp': { contentType: 'image/webp', body: once('webp-landscape', () => flatWebp(1920, 1080, 0xff3a86ff)), description: 'WebP (lossless) 1920x1080' },
  'photo-too-large.jpg': { contentType: 'image/jpeg', body: once('jpg-large', () => grayJpeg(1440, 2560)), description: 'JPEG 1440x2560: fails picture_size_check_failed' },
  'not-a-photo.jpg': { contentType: 'image/jpeg', body: once('text', () => Buffer.from('This is text, not an image.\n')), description: 'text named .jpg: fails file_format_check_failed' },
};
