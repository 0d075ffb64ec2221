import { describe, expect, it } from 'vitest';
import { sniffVideoContainer } from '../../../../sandbox/media/container-sniff.js';

const box = (size: number, type: string, rest = '') => {
  const b = Buffer.alloc(8 + rest.length);
  b.writeUInt32BE(size, 0);
  b.write(type, 4, 'latin1');
  b.write(rest, 8, 'latin1');
  return Buffer.concat([b, Buffer.alloc(16)]);
};

describe('sniffVideoContainer', () => {
  it('knows MP4 and MOV by their ftyp brand', () => {
    expect(sniffVideoContainer(box(24, 'ftyp', 'isom'))).toBe('mp4');
    expect(sniffVideoContainer(box(24, 'ftyp', 'mp42'))).toBe('mp4');
    expect(sniffVideoContainer(box(20, 'ftyp', 'qt  '))).toBe('mov');
  });

  it('accepts QuickTime files that open with another top-level box', () => {
    expect(sniffVideoContainer(box(8, 'wide'))).toBe('mov');
    expect(sniffVideoContainer(box(0, 'mdat'))).toBe('mov');
    expect(sniffVideoContainer(box(1, 'moov'))).toBe('mov');
  });

  it('knows WebM by its EBML DocType and refuses other Matroska', () => {
    const ebml = (docType: string) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x80 | docType.length]), Buffer.from(docType), Buffer.alloc(8)]);
    expect(sniffVideoContainer(ebml('webm'))).toBe('webm');
    expect(sniffVideoContainer(ebml('matroska'))).toBeUndefined();
  });

  it('refuses text, images, short input and impossible box sizes', () => {
    expect(sniffVideoContainer(Buffer.from('this is not a video at all'))).toBeUndefined();
    expect(sniffVideoContainer(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]))).toBeUndefined();
    expect(sniffVideoContainer(Buffer.from([0, 0, 0]))).toBeUndefined();
    expect(sniffVideoContainer(box(4, 'ftyp', 'isom'))).toBeUndefined();
  });
});
