/**
 * The probe on hostile and damaged input: FFmpeg-made MP4, MOV, WebM and MKV files cut at every
 * few bytes, with random bytes overwritten, and plain random bytes behind each container's magic.
 * Whatever it is given, probeVideo answers a Result (never throws), and reads a bounded amount.
 * The reader copies what it returns, as the file-handle reader does, so a parser that reads past
 * an element's buffer fails here as it would in the app (a Buffer's subarray would hide it).
 * Crafted cases pin the shapes the fuzzing found: a Matroska float or string whose size runs
 * past its parent, a CodecID too long to spread into String.fromCharCode, and a tail full of
 * cluster look-alikes (each one parsed to the end of the tail made the search quadratic).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo, type ByteReader } from '../../../../common/video-probe/index.js';
import { mulberry32 as prng } from '../../../../sandbox/chaos.js';
import { AAC, H264, makeClip } from '../../../support/ffmpeg-fixtures.js';

/** Reads allowed per probe: the top-level walks stop at 10,000 elements, plus a few header reads. */
const MAX_READS = 10_100;

function countingReader(bytes: Uint8Array): ByteReader & { reads: number; bytesRead: number } {
  const reader = {
    size: bytes.byteLength,
    reads: 0,
    bytesRead: 0,
    read(offset: number, length: number) {
      reader.reads++;
      const out = bytes.slice(offset, Math.min(bytes.byteLength, offset + length));
      reader.bytesRead += out.byteLength;
      return Promise.resolve(out);
    },
  };
  return reader;
}

/** Probes and checks the contract: a Result, a bounded number of reads, at most a few times the file's bytes. */
async function probeSafely(bytes: Uint8Array, label: string): Promise<void> {
  const reader = countingReader(bytes);
  let result: Awaited<ReturnType<typeof probeVideo>>;
  try {
    result = await probeVideo(reader);
  } catch (error) {
    throw new Error(`${label}: probeVideo threw ${String(error)}`, { cause: error });
  }
  expect(typeof result.ok, label).toBe('boolean');
  expect(reader.reads, label).toBeLessThanOrEqual(MAX_READS);
  expect(reader.bytesRead, label).toBeLessThanOrEqual(4 * bytes.byteLength + 64 * 1024);
}

const seeds: Record<string, Uint8Array> = {};
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'probe-fuzz-'));
  const clips = {
    'end.mp4': { video: H264, audio: AAC },
    'fast.mp4': { video: [...H264, '-movflags', '+faststart'] },
    'h264.mov': { video: H264, audio: AAC },
    'vp8.webm': { video: ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '100k'] },
    'h264.mkv': { video: H264, audio: AAC },
  };
  for (const [name, spec] of Object.entries(clips)) seeds[name] = await readFile(await makeClip(dir, name, { ...spec, seconds: 1, width: 64, height: 48, fps: 10 }));
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('probeVideo on damaged files', () => {
  it('every cut of each container answers a Result', async () => {
    for (const [name, bytes] of Object.entries(seeds)) {
      const step = Math.max(1, Math.floor(bytes.length / 1500));
      for (let cut = 0; cut <= bytes.length; cut += step) await probeSafely(bytes.subarray(0, cut), `${name} cut at ${cut}`);
    }
  }, 120_000);

  it('random bytes overwritten in the headers answer a Result', async () => {
    // Seeded: the same bytes on every run, so a failure names a reproducible case.
    const random = prng(29);
    for (const [name, bytes] of Object.entries(seeds)) {
      for (let round = 0; round < 400; round++) {
        const copy = Uint8Array.from(bytes);
        const flips = 1 + Math.floor(random() * 8);
        // Most damage where the headers are (the first 4 KB and, for moov at the end, the last 4 KB).
        for (let i = 0; i < flips; i++) {
          const span = Math.min(copy.length, 4096);
          const at = random() < 0.5 ? Math.floor(random() * span) : copy.length - 1 - Math.floor(random() * span);
          copy[at] = Math.floor(random() * 256);
        }
        await probeSafely(copy, `${name} round ${round}`);
      }
    }
  }, 120_000);

  it('random bytes behind each container magic answer a Result', async () => {
    const random = prng(7);
    const magics = [[0x1a, 0x45, 0xdf, 0xa3], [0, 0, 0, 0, 0x66, 0x74, 0x79, 0x70], [0, 0, 0, 1, 0x6d, 0x6f, 0x6f, 0x76], []];
    for (let round = 0; round < 2000; round++) {
      const magic = magics[round % magics.length]!;
      const body = Uint8Array.from({ length: Math.floor(random() * 2048) }, () => Math.floor(random() * 256));
      await probeSafely(Uint8Array.from([...magic, ...body]), `random round ${round}`);
    }
  }, 120_000);
});

/** EBML element bytes: id as written, a one-byte size (payload < 127) or the given size bytes. */
const el = (id: number[], payload: number[], size?: number[]) => [...id, ...(size ?? [0x80 | payload.length]), ...payload];
const EBML_HEAD = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], [...Buffer.from('webm')]));
const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
const VIDEO_TRACK = el([0x16, 0x54, 0xae, 0x6b], el([0xae], [...el([0x83], [1]), ...el([0x86], [...Buffer.from('V_VP8')])]));

describe('probeVideo on crafted Matroska', () => {
  it('a Duration whose size runs past Info (the last element of a cut file) is unreadable, not a throw', async () => {
    // Info says 7 bytes; its Duration claims 8 of them: the float's bytes are not all there.
    const info = [0x15, 0x49, 0xa9, 0x66, 0x87, 0x44, 0x89, 0x88, 0x40, 0x8f, 0x40, 0x00];
    await probeSafely(Uint8Array.from([...EBML_HEAD, 0x18, 0x53, 0x80, 0x67, ...UNKNOWN, ...VIDEO_TRACK, ...info]), 'short Duration');
  });

  it('a CodecID of 1 MB is read as a codec name, not a throw', async () => {
    const id = new Array<number>(1024 * 1024).fill(0x41);
    const size = [0x10, 0x10, 0x00, 0x00]; // 4-byte vint: 1 MB
    const tracks = el([0x16, 0x54, 0xae, 0x6b], el([0xae], [...el([0x83], [1]), ...el([0x86], id, size)], [0x10, 0x10, 0x00, 0x08]), [0x10, 0x10, 0x00, 0x0d]);
    const info = el([0x15, 0x49, 0xa9, 0x66], el([0x44, 0x89], [0x40, 0x8f, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00]));
    await probeSafely(Uint8Array.from([...EBML_HEAD, 0x18, 0x53, 0x80, 0x67, ...UNKNOWN, ...info, ...tracks]), 'long CodecID');
  });

  it('a run of 1 MB SeekHeads is not read whole', async () => {
    const seekHead = Buffer.concat([Buffer.from([0x11, 0x4d, 0x9b, 0x74, 0x10, 0x10, 0x00, 0x00]), Buffer.alloc(1024 * 1024, 0xec)]);
    const file = Buffer.concat([Buffer.from([...EBML_HEAD, 0x18, 0x53, 0x80, 0x67, ...UNKNOWN]), ...new Array<Buffer>(16).fill(seekHead), Buffer.from(VIDEO_TRACK)]);
    const reader = countingReader(file);
    expect((await probeVideo(reader)).ok).toBe(false);
    expect(reader.bytesRead).toBeLessThan(2 * 1024 * 1024);
  });

  it('a tail of cluster look-alikes inside Void elements is searched in linear time (no Duration, so the tail is read)', async () => {
    // Each 14-byte Void holds a Cluster id with an 8-byte size, so every one is a candidate whose
    // children (the following Voids) run to the end of the 512 KB tail: quadratic if each is parsed to the end.
    const lookAlike = [0xec, 0x8c, 0x1f, 0x43, 0xb6, 0x75, 0x01, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00];
    const tail: number[] = [];
    while (tail.length < 512 * 1024) tail.push(...lookAlike);
    const info = el([0x15, 0x49, 0xa9, 0x66], el([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]));
    await probeSafely(Uint8Array.from([...EBML_HEAD, 0x18, 0x53, 0x80, 0x67, ...UNKNOWN, ...info, ...VIDEO_TRACK, ...tail]), 'cluster look-alikes');
  }, 30_000);
});
