/**
 * The fixer against the FFmpeg in node_modules, on clips made by the same FFmpeg: a remux keeps
 * the video stream as it was, a transcode gives 8-bit H.264 + AAC within the limits, progress
 * reaches the end, a cancel kills FFmpeg and leaves nothing, a full disk refuses before FFmpeg
 * starts, a hardware encoder that fails falls back to libx264, and the start's prune spares a fix
 * under way.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixPlan } from '../../../../../electron/services/video-fix/fix-args.js';
import type { FixProgress } from '../../../../../electron/services/video-fix/ffmpeg-progress.js';
import { VideoFixer } from '../../../../../electron/services/video-fix/video-fixer.js';
import { AAC, FFMPEG, H264, HEVC_10BIT, makeClip, PCM, PRORES, streams } from '../../../../support/ffmpeg-fixtures.js';
import { memoryLogger } from '../../../../support/silent-log.js';

const LIMITS = { maxLongSide: 1920, maxShortSide: 1080, maxFps: 60 };
let dir: string;

function plan(action: FixPlan['action'], over: Partial<FixPlan> = {}): FixPlan {
  return { action, into: 'mp4', durationMs: 2000, width: 320, height: 240, fps: 30, videoCodec: 'h264', audioCodec: 'aac', limits: LIMITS, ...over };
}

function fixer(over: Partial<ConstructorParameters<typeof VideoFixer>[0]> = {}) {
  const { log, lines } = memoryLogger();
  return { fixer: new VideoFixer({ binary: FFMPEG, cacheDir: join(dir, 'cache'), log, platform: 'none', ...over }), lines };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'video-fixer-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('VideoFixer', () => {
  it('remuxes an MKV with H.264 into MP4 without touching the video stream', async () => {
    const input = await makeClip(dir, 'in.mkv', { video: H264, audio: AAC });
    const before = await streams(input);
    expect(before.container).toContain('matroska');
    const progress: FixProgress[] = [];
    const { fixer: f } = fixer();
    const fixed = await f.fix({ id: 'remux-1', input, fileName: 'in.mkv', plan: plan('remux'), onProgress: (p) => progress.push(p) });
    expect(fixed.path).toBe(join(dir, 'cache', 'remux-1.mp4'));
    expect(fixed.encoder).toBeNull();
    expect(fixed.bytes).toBe((await stat(fixed.path)).size);
    const after = await streams(fixed.path);
    expect(after.container).toContain('mp4');
    expect(after.video).toMatch(/^h264/);
    expect(after.audio).toMatch(/^aac/);
    expect(progress.at(-1)?.fraction).toBe(1);
  });

  it('remuxes a MOV with PCM audio: the video copied, the audio AAC (MP4 cannot carry PCM)', async () => {
    const input = await makeClip(dir, 'pcm.mov', { video: H264, audio: PCM });
    const { fixer: f } = fixer();
    const fixed = await f.fix({ id: 'remux-pcm', input, fileName: 'pcm.mov', plan: plan('remux', { audioCodec: 'pcm_s16le' }) });
    const after = await streams(fixed.path);
    expect(after.video).toMatch(/^h264/);
    expect(after.audio).toMatch(/^aac/);
  });

  it('transcodes ProRes with PCM audio to 8-bit H.264 and AAC, with progress to the end', async () => {
    const input = await makeClip(dir, 'prores.mov', { video: PRORES, audio: PCM });
    expect((await streams(input)).video).toMatch(/^prores/);
    const progress: FixProgress[] = [];
    const { fixer: f } = fixer();
    const fixed = await f.fix({ id: 'prores', input, fileName: 'prores.mov', plan: plan('transcode', { videoCodec: 'prores', audioCodec: 'pcm_s16le' }), onProgress: (p) => progress.push(p) });
    expect(fixed.encoder).toBe('libx264');
    const after = await streams(fixed.path);
    expect(after.video).toMatch(/^h264 \(High\).*yuv420p[(,]/);
    expect(after.video).toContain('320x240');
    expect(after.audio).toMatch(/^aac/);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ fraction: 1, etaMs: 0 });
  });

  it('transcodes 10-bit HEVC over the size and frame-rate limits to H.264 scaled and slowed to fit', async () => {
    const input = await makeClip(dir, 'hevc10.mp4', { video: HEVC_10BIT, fps: 60 });
    const { fixer: f } = fixer();
    const limits = { maxLongSide: 160, maxShortSide: 120, maxFps: 30 };
    const fixed = await f.fix({ id: 'hevc10', input, fileName: 'hevc10.mp4', plan: plan('transcode', { videoCodec: 'hevc', audioCodec: null, fps: 60, limits }) });
    const after = await streams(fixed.path);
    expect(after.video).toMatch(/^h264.*yuv420p[(,]/);
    expect(after.video).toContain('160x120');
    expect(after.video).toMatch(/\b30 fps\b/);
    expect(after.audio).toBeNull();
  });

  it('a cancel kills FFmpeg and leaves no file behind', { timeout: 60_000 }, async () => {
    // Quick to make (ultrafast), long enough to transcode that FFmpeg reports progress before it ends
    // (20 s of it could be transcoded before FFmpeg's first report on an idle machine: reported done).
    const input = await makeClip(dir, 'long.mkv', { video: H264, seconds: 90 });
    const { fixer: f } = fixer();
    const controller = new AbortController();
    let cancelledAt: number | undefined;
    const fix = f.fix({ id: 'cancelled', input, fileName: 'long.mkv', plan: plan('transcode', { durationMs: 90_000, audioCodec: null }), signal: controller.signal, onProgress: (p) => {
      cancelledAt ??= p.fraction;
      controller.abort(new Error('cancelled by the person'));
    } });
    await expect(fix).rejects.toThrow('cancelled by the person');
    expect(cancelledAt).toBeLessThan(1);
    expect(await readdir(join(dir, 'cache'))).not.toContain('cancelled.mp4');
    expect((await readdir(join(dir, 'cache'))).filter((name) => name.startsWith('cancelled'))).toEqual([]);
  });

  it('refuses before starting when the disk has no room for the output', async () => {
    const input = await makeClip(dir, 'room.mkv', { video: H264 });
    const { fixer: f } = fixer({ freeBytes: async () => 100 * 1024 * 1024 });
    await expect(f.fix({ id: 'no-room', input, fileName: 'room.mkv', plan: plan('remux', { audioCodec: null }) })).rejects.toMatchObject({ code: 'video_fix_no_space', message: expect.stringMatching(/Not enough disk space to fix room\.mkv: .*free \d+ MB/) });
    expect((await readdir(join(dir, 'cache'))).filter((name) => name.startsWith('no-room'))).toEqual([]);
  });

  it('falls back to libx264 when the hardware encoder fails, and does not try it again', { timeout: 60_000 }, async () => {
    const input = await makeClip(dir, 'hw.mov', { video: PRORES });
    // Linux with a render node that is not there: VA-API is built in, so it is tried first and fails.
    const { fixer: f, lines } = fixer({ platform: 'linux', deviceExists: () => true });
    const first = await f.fix({ id: 'hw-1', input, fileName: 'hw.mov', plan: plan('transcode', { videoCodec: 'prores', audioCodec: null }) });
    expect(first.encoder).toBe('libx264');
    expect(lines.filter((line) => line.includes('h264_vaapi'))).toHaveLength(1);
    const second = await f.fix({ id: 'hw-2', input, fileName: 'hw.mov', plan: plan('transcode', { videoCodec: 'prores', audioCodec: null }) });
    expect(second.encoder).toBe('libx264');
    expect(lines.filter((line) => line.includes('h264_vaapi'))).toHaveLength(1);
  });

  it('a prune while a fix is under way spares its .part, and the fix completes', { timeout: 60_000 }, async () => {
    const input = await makeClip(dir, 'pruned.mkv', { video: H264, seconds: 20 });
    // A cache of its own: this prune holds nothing, the other tests' files stay.
    const { fixer: f } = fixer({ cacheDir: join(dir, 'cache-pruned') });
    let pruned: Promise<void> | undefined;
    const fixed = await f.fix({ id: 'during-prune', input, fileName: 'pruned.mkv', plan: plan('transcode', { durationMs: 20_000, audioCodec: null }), onProgress: () => {
      // FFmpeg is writing the .part; the start's prune knows no draft holding it yet.
      pruned ??= f.prune(new Set());
    } });
    await pruned;
    expect(pruned).toBeDefined();
    expect((await streams(fixed.path)).video).toMatch(/^h264/);
  });

  it('prune deletes the files no draft holds', async () => {
    const { fixer: f } = fixer();
    const kept = f.outputPath('remux-1');
    await f.prune(new Set([kept]));
    expect(await readdir(join(dir, 'cache'))).toEqual(['remux-1.mp4']);
  });
});
