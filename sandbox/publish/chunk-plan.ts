/**
 * The chunk rules of a FILE_UPLOAD (docs/PLATFORM.md "Chunk plan"): chunks of 5-64 MB, `total_chunk_count =
 * floor(video_size / chunk_size)` between 1 and 1000, the last chunk carrying the remainder (up
 * to 128 MB), a video under 5 MB sent whole as one chunk, at most 4 GB in all. Also which byte
 * range each chunk covers and how a PUT's Content-Range relates to the chunks received so far.
 * Pure functions.
 */
export const MB = 1024 * 1024;
export const MIN_CHUNK_BYTES = 5 * MB;
export const MAX_CHUNK_BYTES = 64 * MB;
export const MAX_LAST_CHUNK_BYTES = 128 * MB;
export const MAX_CHUNKS = 1000;
export const MAX_VIDEO_BYTES = 4 * 1024 * MB;

export interface ChunkPlan {
  video_size: number;
  chunk_size: number;
  total_chunk_count: number;
}

export type PlanCheck = { ok: true } | { ok: false; message: string };

export function checkChunkPlan(plan: ChunkPlan): PlanCheck {
  const { video_size: size, chunk_size: chunk, total_chunk_count: count } = plan;
  const fail = (message: string): PlanCheck => ({ ok: false, message });
  for (const [name, value] of Object.entries(plan)) {
    if (!Number.isSafeInteger(value) || value <= 0) return fail(`source_info.${name} must be a positive integer`);
  }
  if (size > MAX_VIDEO_BYTES) return fail(`source_info.video_size must be at most ${MAX_VIDEO_BYTES} bytes (4 GB)`);
  if (size < MIN_CHUNK_BYTES) {
    if (chunk !== size || count !== 1) return fail('a video under 5 MB is uploaded whole: chunk_size must equal video_size and total_chunk_count must be 1');
    return { ok: true };
  }
  if (chunk < MIN_CHUNK_BYTES || chunk > MAX_CHUNK_BYTES) return fail(`source_info.chunk_size must be between ${MIN_CHUNK_BYTES} (5 MB) and ${MAX_CHUNK_BYTES} (64 MB) bytes`);
  // The declared count's own bounds first: with 5 MB chunks and 4 GB, floor(size / chunk) never
  // passes 1000, so checked after the consistency rule this refusal could never be given.
  if (count > MAX_CHUNKS) return fail(`source_info.total_chunk_count may be at most ${MAX_CHUNKS}; use a larger chunk_size`);
  const expected = Math.floor(size / chunk);
  if (expected < 1) return fail('source_info.chunk_size must not exceed video_size');
  if (count !== expected) return fail(`source_info.total_chunk_count must be floor(video_size / chunk_size) = ${expected}`);
  const last = lastChunkSize(plan);
  if (last > MAX_LAST_CHUNK_BYTES) return fail(`the last chunk would be ${last} bytes; it may be at most ${MAX_LAST_CHUNK_BYTES} (128 MB)`);
  return { ok: true };
}

export function lastChunkSize(plan: ChunkPlan): number {
  return plan.video_size - (plan.total_chunk_count - 1) * plan.chunk_size;
}

/** The inclusive byte range of chunk `index` (0-based); the last one runs to the end of the file. */
export function chunkRange(plan: ChunkPlan, index: number): { first: number; last: number } {
  const first = index * plan.chunk_size;
  const last = index === plan.total_chunk_count - 1 ? plan.video_size - 1 : first + plan.chunk_size - 1;
  return { first, last };
}

export interface ContentRange {
  first: number;
  last: number;
  total: number;
}

/** `bytes <first>-<last>/<total>`, all decimal, first <= last < total. */
export function parseContentRange(header: string | undefined): ContentRange | undefined {
  if (!header) return undefined;
  const m = /^bytes (\d{1,16})-(\d{1,16})\/(\d{1,16})$/.exec(header.trim());
  if (!m) return undefined;
  const [first, last, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (first > last || last >= total) return undefined;
  return { first, last, total };
}

export type ChunkVerdict =
  /** The chunk that comes next: write it. */
  | { kind: 'next'; index: number; final: boolean }
  /** The last chunk accepted, sent again (a retry after a lost answer): harmless, answer as before. */
  | { kind: 'repeat'; index: number; final: boolean }
  /** Anything else breaks the plan: 416. */
  | { kind: 'out_of_plan'; message: string };

export function classifyChunk(plan: ChunkPlan, chunksReceived: number, range: ContentRange): ChunkVerdict {
  if (range.total !== plan.video_size) return { kind: 'out_of_plan', message: `Content-Range total must be video_size ${plan.video_size}` };
  const check = (index: number) => {
    if (index < 0 || index >= plan.total_chunk_count) return false;
    const expected = chunkRange(plan, index);
    return expected.first === range.first && expected.last === range.last;
  };
  const finalIndex = plan.total_chunk_count - 1;
  if (chunksReceived < plan.total_chunk_count && check(chunksReceived)) return { kind: 'next', index: chunksReceived, final: chunksReceived === finalIndex };
  if (chunksReceived > 0 && check(chunksReceived - 1)) return { kind: 'repeat', index: chunksReceived - 1, final: chunksReceived - 1 === finalIndex };
  if (chunksReceived >= plan.total_chunk_count) return { kind: 'out_of_plan', message: 'the upload is already complete' };
  const next = chunkRange(plan, chunksReceived);
  return { kind: 'out_of_plan', message: `expected chunk ${chunksReceived + 1} of ${plan.total_chunk_count}: bytes ${next.first}-${next.last}/${plan.video_size}` };
}
