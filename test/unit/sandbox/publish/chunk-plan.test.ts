import { describe, expect, it } from 'vitest';
import { MB, checkChunkPlan, chunkRange, classifyChunk, lastChunkSize, parseContentRange, type ChunkPlan } from '../../../../sandbox/publish/chunk-plan.js';

const ok = (plan: ChunkPlan) => expect(checkChunkPlan(plan)).toEqual({ ok: true });
const refused = (plan: ChunkPlan, words: string) => {
  const result = checkChunkPlan(plan);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.message).toContain(words);
};

describe('checkChunkPlan', () => {
  it('accepts a file under 5 MB sent whole, and only whole', () => {
    ok({ video_size: 1, chunk_size: 1, total_chunk_count: 1 });
    ok({ video_size: 5 * MB - 1, chunk_size: 5 * MB - 1, total_chunk_count: 1 });
    refused({ video_size: 4 * MB, chunk_size: 2 * MB, total_chunk_count: 2 }, 'under 5 MB');
    refused({ video_size: 4 * MB, chunk_size: 5 * MB, total_chunk_count: 1 }, 'under 5 MB');
  });

  it('takes chunk sizes from 5 to 64 MB', () => {
    ok({ video_size: 5 * MB, chunk_size: 5 * MB, total_chunk_count: 1 });
    ok({ video_size: 128 * MB, chunk_size: 64 * MB, total_chunk_count: 2 });
    refused({ video_size: 100 * MB, chunk_size: 5 * MB - 1, total_chunk_count: 20 }, 'chunk_size');
    refused({ video_size: 200 * MB, chunk_size: 64 * MB + 1, total_chunk_count: 3 }, 'chunk_size');
  });

  it('requires total_chunk_count = floor(video_size / chunk_size), the last chunk taking the remainder', () => {
    ok({ video_size: 12 * MB + 5, chunk_size: 5 * MB, total_chunk_count: 2 });
    refused({ video_size: 12 * MB + 5, chunk_size: 5 * MB, total_chunk_count: 3 }, 'floor(video_size / chunk_size) = 2');
    expect(lastChunkSize({ video_size: 12 * MB + 5, chunk_size: 5 * MB, total_chunk_count: 2 })).toBe(7 * MB + 5);
    // A 127 MB tail is allowed (under 128 MB).
    ok({ video_size: 64 * MB + 63 * MB, chunk_size: 64 * MB, total_chunk_count: 1 });
  });

  it('a chunk bigger than the file, a file over 4 GB and non-positive or fractional numbers are refused', () => {
    refused({ video_size: 10 * MB, chunk_size: 20 * MB, total_chunk_count: 1 }, 'chunk_size must not exceed');
    refused({ video_size: 4096 * MB + 1, chunk_size: 64 * MB, total_chunk_count: 64 }, '4 GB');
    ok({ video_size: 4096 * MB, chunk_size: 64 * MB, total_chunk_count: 64 });
    refused({ video_size: 0, chunk_size: 0, total_chunk_count: 0 }, 'positive integer');
    refused({ video_size: 10.5, chunk_size: 10.5, total_chunk_count: 1 }, 'positive integer');
    refused({ video_size: -1, chunk_size: 1, total_chunk_count: 1 }, 'positive integer');
  });

  it('never allows more than 1000 chunks, whatever the other numbers say', () => {
    // 4 GB / 5 MB = 819 chunks: the most a consistent plan can have.
    ok({ video_size: 4096 * MB, chunk_size: 5 * MB, total_chunk_count: 819 });
    refused({ video_size: 4096 * MB, chunk_size: 5 * MB, total_chunk_count: 1001 }, 'total_chunk_count may be at most 1000');
    refused({ video_size: 10 * MB, chunk_size: 5 * MB, total_chunk_count: 5000 }, 'at most 1000');
    // 1000 itself is within the bound; here it fails the consistency rule instead.
    refused({ video_size: 10 * MB, chunk_size: 5 * MB, total_chunk_count: 1000 }, 'floor(video_size / chunk_size) = 2');
  });
});

describe('chunk ranges and Content-Range', () => {
  const plan = { video_size: 12 * MB + 5, chunk_size: 5 * MB, total_chunk_count: 2 };

  it('chunk i covers [i*chunk, (i+1)*chunk - 1]; the last runs to the end', () => {
    expect(chunkRange(plan, 0)).toEqual({ first: 0, last: 5 * MB - 1 });
    expect(chunkRange(plan, 1)).toEqual({ first: 5 * MB, last: 12 * MB + 4 });
  });

  it('parses bytes first-last/total and refuses anything else', () => {
    expect(parseContentRange('bytes 0-99/100')).toEqual({ first: 0, last: 99, total: 100 });
    for (const bad of [undefined, '', 'bytes 0-99', 'bytes */100', 'bytes 10-5/100', 'bytes 0-100/100', 'items 0-1/2', 'bytes -1-5/10', 'bytes 0-99/100 extra']) {
      expect(parseContentRange(bad), String(bad)).toBeUndefined();
    }
  });

  it('classifies the next chunk, a repeat of the last accepted one, and everything else', () => {
    const r = (first: number, last: number, total = plan.video_size) => ({ first, last, total });
    expect(classifyChunk(plan, 0, r(0, 5 * MB - 1))).toEqual({ kind: 'next', index: 0, final: false });
    expect(classifyChunk(plan, 1, r(5 * MB, 12 * MB + 4))).toEqual({ kind: 'next', index: 1, final: true });
    expect(classifyChunk(plan, 1, r(0, 5 * MB - 1))).toEqual({ kind: 'repeat', index: 0, final: false });
    expect(classifyChunk(plan, 2, r(5 * MB, 12 * MB + 4))).toEqual({ kind: 'repeat', index: 1, final: true });
    expect(classifyChunk(plan, 0, r(5 * MB, 12 * MB + 4)).kind).toBe('out_of_plan');
    expect(classifyChunk(plan, 2, r(0, 5 * MB - 1)).kind).toBe('out_of_plan');
    expect(classifyChunk(plan, 0, r(0, 5 * MB)).kind).toBe('out_of_plan');
    expect(classifyChunk(plan, 0, r(0, 5 * MB - 1, plan.video_size + 1)).kind).toBe('out_of_plan');
    // A lone chunk is both the first and the final one.
    expect(classifyChunk({ video_size: 10, chunk_size: 10, total_chunk_count: 1 }, 0, r(0, 9, 10))).toEqual({ kind: 'next', index: 0, final: true });
  });
});
