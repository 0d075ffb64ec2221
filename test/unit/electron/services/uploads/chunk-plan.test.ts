import { describe, expect, it } from 'vitest';
import { MB, MAX_VIDEO_BYTES, chunkRange, isPlan, planChunks, type ChunkPlan } from '../../../../../electron/services/uploads/chunk-plan.js';

function plan(size: number, preferred?: number): ChunkPlan {
  const result = planChunks(size, preferred);
  if (!isPlan(result)) throw new Error(result.message);
  return result;
}

describe('chunk plan', () => {
  it('sends a file under 5 MB as one chunk of its own size', () => {
    expect(plan(1)).toEqual({ videoSize: 1, chunkSize: 1, totalChunkCount: 1 });
    expect(plan(5 * MB - 1)).toEqual({ videoSize: 5 * MB - 1, chunkSize: 5 * MB - 1, totalChunkCount: 1 });
  });

  it('uses floor(size / chunk) chunks with the remainder in the last', () => {
    const p = plan(100 * MB + 7, 32 * MB);
    expect(p).toEqual({ videoSize: 100 * MB + 7, chunkSize: 32 * MB, totalChunkCount: 3 });
    expect(chunkRange(p, 2)).toEqual({ index: 2, start: 64 * MB, end: 100 * MB + 6 });
    expect(chunkRange(p, 0)).toEqual({ index: 0, start: 0, end: 32 * MB - 1 });
  });

  it('keeps every plan inside the platform limits for all sizes', () => {
    for (const size of [5 * MB, 5 * MB + 1, 33 * MB, 64 * MB, 64 * MB + 1, 127 * MB, 1024 * MB, MAX_VIDEO_BYTES - 1, MAX_VIDEO_BYTES]) {
      for (const preferred of [1, 5 * MB, 16 * MB, 32 * MB, 64 * MB, 512 * MB]) {
        const p = plan(size, preferred);
        const ranges = Array.from({ length: p.totalChunkCount }, (_, i) => chunkRange(p, i));
        if (size >= 5 * MB) expect(p.chunkSize).toBeGreaterThanOrEqual(5 * MB);
        expect(p.chunkSize).toBeLessThanOrEqual(64 * MB);
        expect(p.totalChunkCount).toBe(Math.floor(size / p.chunkSize));
        expect(p.totalChunkCount).toBeGreaterThanOrEqual(1);
        expect(p.totalChunkCount).toBeLessThanOrEqual(1000);
        const last = ranges.at(-1)!;
        expect(last.end - last.start + 1).toBeLessThanOrEqual(128 * MB);
        // contiguous, covering every byte once
        expect(ranges[0]!.start).toBe(0);
        expect(last.end).toBe(size - 1);
        for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.start).toBe(ranges[i - 1]!.end + 1);
      }
    }
  });

  it('refuses empty and over-4-GB files with a reason', () => {
    expect(planChunks(0)).toMatchObject({ code: 'empty' });
    expect(planChunks(MAX_VIDEO_BYTES + 1)).toMatchObject({ code: 'too_large' });
    expect(() => chunkRange(plan(10 * MB), 1)).toThrow(RangeError);
  });
});
