import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVideoDurationMs } from '../../../../../electron/services/uploads/video-duration.js';

const MEDIA = resolve(import.meta.dirname, '../../../../fixtures/media');

describe('video duration from the container', () => {
  it('reads MP4 and QuickTime movie headers, wherever the moov box is', async () => {
    expect(await readVideoDurationMs(join(MEDIA, 'testsrc-2s-h264.mp4'))).toBe(2000);
    expect(await readVideoDurationMs(join(MEDIA, 'tiny-1s-h264.mp4'))).toBe(1000);
    expect(await readVideoDurationMs(join(MEDIA, 'smptebars-1s-mpeg4.mov'))).toBe(1000);
  });

  it('answers null for other containers, damaged files and missing ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'duration-'));
    try {
      expect(await readVideoDurationMs(join(MEDIA, 'testsrc2-2s-vp9.webm'))).toBeNull();
      writeFileSync(join(dir, 'junk.mp4'), Buffer.from([0, 0, 0, 3, 0x6d, 0x6f, 0x6f, 0x76, 1, 2]));
      expect(await readVideoDurationMs(join(dir, 'junk.mp4'))).toBeNull();
      expect(await readVideoDurationMs(join(dir, 'missing.mp4'))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
