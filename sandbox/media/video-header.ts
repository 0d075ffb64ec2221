/**
 * Container headers of a video that is not there: a real ftyp + moov (one H.264 Main track) or a
 * WebM EBML header + Segment Info + Tracks (one VP9 track) describing a video of a given size,
 * length and frame rate, to which the caller appends filler as the media data. The sandbox's samples
 * are made this way (any size, generated as they are read), and so are tests' large videos: the
 * probe reads them like an encoder's output, no encoder needed. Pure.
 */

export interface FakeVideo {
  width: number;
  height: number;
  duration_ms: number;
  fps: number;
}

export const PORTRAIT_10S: FakeVideo = { width: 1080, height: 1920, duration_ms: 10_000, fps: 30 };

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
};
const u16 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeUInt16BE(v, i * 2));
  return b;
};
const IDENTITY = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);
/** An H.264 Main profile SPS (level 4.0, id 0) and PPS, enough for avcC's profile and bit depth. */
const AVCC = Buffer.from([1, 77, 0x40, 40, 0xff, 0xe1, 0, 5, 0x67, 0x4d, 0x40, 0x28, 0x80, 1, 0, 2, 0x68, 0xce]);

/** ftyp (brand `isom` or QuickTime's `qt  `) and a moov describing one H.264 track; mdat follows. */
export function isoBmffHeader(brand: 'isom' | 'qt  ', video: FakeVideo = PORTRAIT_10S): Buffer {
  const timescale = 90_000;
  const frames = Math.round((video.duration_ms / 1000) * video.fps);
  const delta = Math.round(timescale / video.fps);
  const duration = frames * delta;
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(0x200), Buffer.from(`${brand}mp41`, 'latin1'));
  const mvhd = box('mvhd', u32(0, 0, 0, timescale, duration, 0x10000), u16(0x100), Buffer.alloc(10), IDENTITY, Buffer.alloc(24), u32(2));
  const tkhd = box('tkhd', u32(3, 0, 0, 1, 0, duration), Buffer.alloc(8), u16(0, 0, 0, 0), IDENTITY, u32(video.width * 0x10000, video.height * 0x10000));
  const mdhd = box('mdhd', u32(0, 0, 0, timescale, duration), u16(0x55c4, 0));
  const hdlr = box('hdlr', u32(0, 0), Buffer.from('vide', 'latin1'), Buffer.alloc(12), Buffer.from('VideoHandler\0', 'latin1'));
  const avc1 = box('avc1', Buffer.alloc(6), u16(1), Buffer.alloc(16), u16(video.width, video.height), u32(0x480000, 0x480000, 0), u16(1), Buffer.alloc(32), u16(0x18, 0xffff), box('avcC', AVCC));
  const stbl = box('stbl', box('stsd', u32(0, 1), avc1), box('stts', u32(0, 1, frames, delta)), box('stsc', u32(0, 0)), box('stsz', u32(0, 0, 0)), box('stco', u32(0, 0)));
  const minf = box('minf', box('vmhd', u32(1, 0, 0)), box('dinf', box('dref', u32(0, 1), box('url ', u32(1)))), stbl);
  const moov = box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
  return Buffer.concat([ftyp, moov]);
}

/** An 8-byte mdat header for `payload` bytes (a 32-bit size, so under 4 GB). */
export function mdatHeader(payload: number): Buffer {
  return Buffer.concat([u32(Math.min(0xffffffff, payload + 8)), Buffer.from('mdat', 'latin1')]);
}

/** An EBML element: its ID bytes, an 8-byte size, the payload. */
function ebml(id: number[], ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length) | (1n << 56n));
  return Buffer.concat([Buffer.from(id), size, body]);
}
const uintBytes = (value: number) => u32(value);
const float64 = (value: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return b;
};

/** EBML header (DocType webm), then a Segment of unknown size holding Info and Tracks; clusters follow. */
export function webmHeader(video: FakeVideo = PORTRAIT_10S): Buffer {
  const head = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x86], Buffer.from([1])), ebml([0x42, 0x82], Buffer.from('webm')), ebml([0x42, 0x87], Buffer.from([4])), ebml([0x42, 0x85], Buffer.from([2])));
  const info = ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], uintBytes(1_000_000)), ebml([0x44, 0x89], float64(video.duration_ms)));
  const track = ebml(
    [0xae],
    ebml([0xd7], Buffer.from([1])),
    ebml([0x83], Buffer.from([1])),
    ebml([0x86], Buffer.from('V_VP9')),
    ebml([0x23, 0xe3, 0x83], uintBytes(Math.round(1e9 / video.fps))),
    ebml([0xe0], ebml([0xb0], uintBytes(video.width)), ebml([0xba], uintBytes(video.height))),
  );
  const segmentStart = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([head, segmentStart, info, ebml([0x16, 0x54, 0xae, 0x6b], track)]);
}
