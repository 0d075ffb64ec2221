/**
 * The probe on real files made by FFmpeg (test/support/ffmpeg-fixtures.ts): MP4 with moov at the
 * end and at the start, MOV (H.264 and ProRes), WebM (VP9 + Opus, VP8), MKV, HEVC 10-bit, a
 * rotated phone-style MP4, 120 fps; then reads are counted, so a file padded to 2 GB costs the same
 * few reads as a small one.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferReader, probeVideo, type ByteReader } from '../../../../common/video-probe/index.js';
import { judgeVideo, type VideoProbe } from '../../../../common/video-rules.js';
import { padMp4 } from '../../../support/video-padding.js';
import { AAC, FFMPEG, H264, HEVC_10BIT, PRORES, makeClip } from '../../../support/ffmpeg-fixtures.js';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'probe-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function probeFile(path: string): Promise<VideoProbe> {
  const result = await probeVideo(bufferReader(await readFile(path)));
  if (!result.ok) throw new Error(`probe failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

describe('probeVideo on FFmpeg-made files', () => {
  it('MP4 H.264 + AAC with moov at the end (FFmpeg default)', async () => {
    const path = await makeClip(dir, 'end.mp4', { video: H264, audio: AAC, seconds: 2, width: 640, height: 360, fps: 30 });
    const bytes = await readFile(path);
    // moov really comes after mdat here, so the probe had to skip mdat to find it.
    expect(bytes.indexOf('moov')).toBeGreaterThan(bytes.indexOf('mdat'));
    const probe = await probeFile(path);
    expect(probe).toMatchObject({ container: 'mp4', width: 640, height: 360, rotation: 0, fps: 30, video_codec: 'h264', bit_depth: 8, audio_codec: 'aac', size_bytes: bytes.length });
    expect(probe.video_profile).toMatch(/^(Constrained Baseline|Baseline|Main|High)$/);
    expect(probe.duration_ms).toBeGreaterThanOrEqual(1950);
    expect(probe.duration_ms).toBeLessThanOrEqual(2100);
    expect(judgeVideo(probe)).toEqual({ kind: 'ok' });
  });

  it('MP4 with moov first (faststart) reads the same', async () => {
    const path = await makeClip(dir, 'fast.mp4', { video: [...H264, '-movflags', '+faststart'], seconds: 2, width: 640, height: 360 });
    const bytes = await readFile(path);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(await probeFile(path)).toMatchObject({ container: 'mp4', width: 640, height: 360, fps: 30, video_codec: 'h264', audio_codec: null });
  });

  it('MOV: H.264 passes, ProRes 422 HQ needs a transcode', async () => {
    const h264 = await probeFile(await makeClip(dir, 'h264.mov', { video: H264, audio: AAC, width: 640, height: 360 }));
    expect(h264).toMatchObject({ container: 'mov', video_codec: 'h264', width: 640, height: 360 });
    expect(judgeVideo(h264)).toEqual({ kind: 'ok' });
    const prores = await probeFile(await makeClip(dir, 'prores.mov', { video: PRORES, width: 640, height: 360, fps: 25 }));
    expect(prores).toMatchObject({ container: 'mov', video_codec: 'prores', video_profile: 'HQ', bit_depth: 10, fps: 25 });
    expect(judgeVideo(prores)).toMatchObject({ kind: 'transcode', broken: [{ rule: 'video_codec', actual: 'prores' }, { rule: 'bit_depth', actual: 10, limit: 8 }] });
  });

  it('WebM VP9 + Opus and VP8', async () => {
    const vp9 = await probeFile(await makeClip(dir, 'vp9.webm', { video: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k'], audio: ['-c:a', 'libopus'], width: 640, height: 360, fps: 24 }));
    expect(vp9).toMatchObject({ container: 'webm', video_codec: 'vp9', width: 640, height: 360, audio_codec: 'opus' });
    expect(vp9.duration_ms).toBeGreaterThanOrEqual(1950);
    expect(vp9.duration_ms).toBeLessThanOrEqual(2100);
    expect(judgeVideo(vp9).kind).toBe('ok');
    const vp8 = await probeFile(await makeClip(dir, 'vp8.webm', { video: ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k'], width: 640, height: 360 }));
    expect(vp8).toMatchObject({ container: 'webm', video_codec: 'vp8', bit_depth: 8 });
  });

  it('a WebM with no Duration (as a browser’s MediaRecorder writes) takes its length from the last cluster', async () => {
    const whole = Buffer.from(await readFile(join(dir, 'vp9.webm')));
    // Duration is an 8-byte float (44 89 88 …): overwrite it with a Void element of the same length (EC 89 + 9 bytes).
    const at = whole.indexOf(Buffer.from([0x44, 0x89, 0x88]));
    expect(at).toBeGreaterThan(0);
    Buffer.from([0xec, 0x89, 0, 0, 0, 0, 0, 0, 0, 0, 0]).copy(whole, at);
    const probe = await probeVideo(bufferReader(whole));
    expect(probe.ok && probe.value.duration_ms).toBeGreaterThanOrEqual(1900);
    expect(probe.ok && probe.value.duration_ms).toBeLessThanOrEqual(2100);
  });

  it('MKV with H.264 needs only a remux into MP4', async () => {
    const mkv = await probeFile(await makeClip(dir, 'h264.mkv', { video: H264, audio: AAC, width: 640, height: 360, fps: 30 }));
    expect(mkv).toMatchObject({ container: 'mkv', video_codec: 'h264', width: 640, height: 360, fps: 30, audio_codec: 'aac', bit_depth: 8 });
    expect(judgeVideo(mkv)).toEqual({ kind: 'remux', into: 'mp4', broken: [{ rule: 'container', actual: 'mkv', limit: ['mp4', 'mov', 'webm'] }] });
  });

  it('HEVC 10-bit: profile Main 10, bit depth 10, transcode', async () => {
    const hevc = await probeFile(await makeClip(dir, 'hevc10.mp4', { video: [...HEVC_10BIT, '-tag:v', 'hvc1'], width: 640, height: 360 }));
    expect(hevc).toMatchObject({ container: 'mp4', video_codec: 'hevc', video_profile: 'Main 10', bit_depth: 10 });
    expect(judgeVideo(hevc)).toEqual({ kind: 'transcode', broken: [{ rule: 'bit_depth', actual: 10, limit: 8 }] });
  });

  it('a phone-style rotated MP4 says 90°; 120 fps is over the limit', async () => {
    // This FFmpeg drops a rotate tag when it encodes, and its muxer writes the matrix of the opposite
    // turn to the tag it is given; so the tag goes on in a stream copy, and FFmpeg's own reading of
    // the result (a phone's portrait matrix {0 1; -1 0}) is the reference.
    const plain = await makeClip(dir, 'plain.mp4', { video: H264, width: 640, height: 360 });
    const path = join(dir, 'rotated.mp4');
    await promisify(execFile)(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', '-i', plain, '-c', 'copy', '-metadata:s:v:0', 'rotate=270', path]);
    const said = await promisify(execFile)(FFMPEG, ['-hide_banner', '-i', path]).catch((error: { stderr: string }) => error);
    expect(said.stderr).toMatch(/rotate\s*: 90/);
    expect(await probeFile(path)).toMatchObject({ width: 640, height: 360, rotation: 90 });
    const fast = await probeFile(await makeClip(dir, 'fast120.mp4', { video: H264, width: 640, height: 360, fps: 120 }));
    expect(fast.fps).toBe(120);
    expect(judgeVideo(fast)).toEqual({ kind: 'transcode', broken: [{ rule: 'fps', actual: 120, limit: 60 }] });
  });

  it('a mirrored picture (a front camera’s matrix {−1 0; 0 1}) is not taken for a turned one', async () => {
    const bytes = await readFile(await makeClip(dir, 'mirror.mp4', { video: H264, width: 640, height: 360 }));
    const tkhd = bytes.indexOf('tkhd') - 4;
    const matrix = tkhd + 8 + 4 + 20 + 16; // version 0: after the header, flags, times, ids and layer fields
    const put = (values: number[]) => values.forEach((value, i) => bytes.writeInt32BE(value * 65536, matrix + i * 4));
    put([-1, 0, 0, 0, 1]);
    expect(((await probeVideo(bufferReader(bytes))) as { value: VideoProbe }).value.rotation).toBe(0);
    put([0, 1, 0, -1, 0]); // a phone's portrait turn, as a check that the same bytes are read
    expect(((await probeVideo(bufferReader(bytes))) as { value: VideoProbe }).value.rotation).toBe(90);
  });

  it('a fragmented MP4 with an empty moov (a browser’s MediaRecorder, OBS’s fragmented MP4) takes its length from the fragments', async () => {
    // mvhd and mdhd say 0 here: without the moofs it read as 0 s and was refused as too short.
    const path = await makeClip(dir, 'frag.mp4', { video: [...H264, '-movflags', 'frag_keyframe+empty_moov', '-g', '15'], audio: AAC, seconds: 3, width: 320, height: 240, fps: 30 });
    const probe = await probeFile(path);
    expect(probe).toMatchObject({ container: 'mp4', video_codec: 'h264', audio_codec: 'aac' });
    // FFmpeg itself reads 3.02 s (its last fragment's samples run a little past the 3 s asked for).
    expect(Math.abs(probe.duration_ms - 3000)).toBeLessThan(50);
    expect(judgeVideo(probe)).toEqual({ kind: 'ok' });
  });

  it('a fragmented MP4’s frame rate comes from its fragments (stts lists no sample)', async () => {
    expect((await probeFile(join(dir, 'frag.mp4'))).fps).toBe(30);
    const path = await makeClip(dir, 'frag25.mp4', { video: [...H264, '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-g', '10'], seconds: 2, fps: 25 });
    expect(await probeFile(path)).toMatchObject({ fps: 25, duration_ms: 2000 });
  });

  it('a last sample of no duration in stts does not double the frame rate', async () => {
    // A raw H.264 stream copied into MP4: stts holds two entries of one sample each; the last made 0, as muxers write it when the end is unknown.
    const raw = join(dir, 'two.h264');
    await run(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30:duration=0.1', '-frames:v', '2', ...H264, '-f', 'h264', raw]);
    await run(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', '-i', raw, '-c', 'copy', join(dir, 'two.mp4')]);
    const bytes = Buffer.from(await readFile(join(dir, 'two.mp4')));
    const stts = bytes.indexOf('stts');
    expect(bytes.readUInt32BE(stts + 8)).toBe(2);
    const first = bytes.readUInt32BE(stts + 16);
    bytes.writeUInt32BE(0, stts + 24);
    const probe = await probeVideo(bufferReader(bytes));
    const timescale = bytes.readUInt32BE(bytes.indexOf('mdhd') + 16);
    expect(probe.ok && probe.value.fps).toBe(Math.round((timescale / first) * 1000) / 1000);
  });

  it('an MKV or WebM with no DefaultDuration takes its frame rate from the first blocks’ timestamps', async () => {
    /** DefaultDuration (23 E3 83, size 1-8) overwritten by a Void of the same length, as MediaRecorder writes none. */
    const withoutDefaultDuration = async (name: string) => {
      const whole = Buffer.from(await readFile(join(dir, name)));
      const at = whole.indexOf(Buffer.from([0x23, 0xe3, 0x83]));
      expect(at).toBeGreaterThan(0);
      const length = 4 + (whole[at + 3]! & 0x7f);
      Buffer.concat([Buffer.from([0xec, 0x80 | (length - 2)]), Buffer.alloc(length - 2)]).copy(whole, at);
      expect(whole.indexOf(Buffer.from([0x23, 0xe3, 0x83]))).toBe(-1);
      const probe = await probeVideo(bufferReader(whole));
      return probe.ok ? probe.value.fps : null;
    };
    expect(await withoutDefaultDuration('h264.mkv')).toBeCloseTo(30, 0);
    expect(await withoutDefaultDuration('vp9.webm')).toBeCloseTo(24, 0);
    // B-frames: blocks in decode order, timestamps out of order.
    await makeClip(dir, 'bframes.mkv', { video: ['-c:v', 'libx264', '-preset', 'veryfast', '-bf', '3', '-pix_fmt', 'yuv420p'], fps: 60 });
    expect(await withoutDefaultDuration('bframes.mkv')).toBeCloseTo(60, 0);
  });

  it('text named .mp4 and a truncated MP4 are failures, not exceptions', async () => {
    expect(await probeVideo(bufferReader(Buffer.from('This is text, not a video container.\n')))).toEqual({ ok: false, error: { code: 'not_a_container' } });
    const whole = await readFile(join(dir, 'end.mp4'));
    const cut = await probeVideo(bufferReader(whole.subarray(0, whole.indexOf('moov') + 100)));
    expect(cut.ok).toBe(false);
  });
});

describe('reads only headers', () => {
  /** A reader over a file padded to `padTo` bytes with a sparse hole, counting what it reads. */
  async function paddedReader(path: string): Promise<ByteReader & { reads: number; bytes: number }> {
    const handle = await open(path, 'r');
    const { size } = await handle.stat();
    const counted = {
      size,
      reads: 0,
      bytes: 0,
      async read(offset: number, length: number) {
        counted.reads++;
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        await handle.read(buffer, 0, buffer.length, offset);
        counted.bytes += buffer.length;
        return buffer;
      },
    };
    return counted;
  }

  it('a 2 GB MP4 (real header, moov after a 2 GB mdat) takes a few small reads', async () => {
    const small = await readFile(join(dir, 'end.mp4'));
    const big = join(dir, 'big.mp4');
    await padMp4(small, big, 2 * 1024 ** 3);
    const reader = await paddedReader(big);
    const result = await probeVideo(reader);
    expect(result.ok && result.value).toMatchObject({ container: 'mp4', width: 640, height: 360, video_codec: 'h264', size_bytes: 2 * 1024 ** 3 });
    expect(reader.reads).toBeLessThan(10);
    expect(reader.bytes).toBeLessThan(64 * 1024);
  });
});
