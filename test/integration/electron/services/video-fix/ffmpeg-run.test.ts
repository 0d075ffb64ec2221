/**
 * One FFmpeg run, stopped: the run ends only once the process has exited, so the caller's delete
 * of the half-written output comes after FFmpeg let go of it (Linux: the process's /proc entry,
 * there until it is reaped).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../../../../electron/services/video-fix/ffmpeg-run.js';
import { FFMPEG, H264, makeClip } from '../../../../support/ffmpeg-fixtures.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ffmpeg-run-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The processes whose command line names `marker` (FFmpeg's output path). */
function pidsNaming(marker: string): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  }).map(Number);
}

describe.runIf(process.platform === 'linux')('runFfmpeg stopped by its signal', () => {
  it('rejects with the signal’s reason only once FFmpeg has exited', { timeout: 60_000 }, async () => {
    const input = await makeClip(dir, 'long.mkv', { video: H264, seconds: 20 });
    const output = join(dir, 'stopped-run.mp4');
    const controller = new AbortController();
    let pid: number | undefined;
    const run = runFfmpeg({
      binary: FFMPEG,
      args: ['-i', input, '-c:v', 'libx264', '-preset', 'medium', '-an', '-f', 'mp4', output],
      durationMs: 20_000,
      signal: controller.signal,
      onProgress: () => {
        pid ??= pidsNaming(output)[0];
        controller.abort(new Error('stopped'));
      },
    });
    await expect(run).rejects.toThrow('stopped');
    expect(pid).toBeGreaterThan(0);
    // Still listed (running, or exited but not yet reaped) is a process that may hold the file.
    expect(existsSync(`/proc/${pid}`)).toBe(false);
  });
});
