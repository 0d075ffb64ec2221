/**
 * How a video is cut into chunks, by the platform's rules (docs/PLATFORM.md "Chunk plan"):
 * chunk_size 5–64 MB, a file under 5 MB is one chunk of its own size,
 * total_chunk_count = floor(video_size / chunk_size) in 1–1000, the last chunk carries the
 * remainder (so it is under 2 × chunk_size ≤ 128 MB), at most 4 GB in all.
 */
export const MB = 1024 * 1024;
export const MIN_CHUNK = 5 * MB;
export const MAX_CHUNK = 64 * MB;
export const MAX_VIDEO_BYTES = 4 * 1024 * MB;
export const MAX_CHUNKS = 1000;
/** Big enough that per-request overhead is noise, small enough that a crash re-sends little. */
export const PREFERRED_CHUNK = 32 * MB;

export interface ChunkPlan {
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
}

export interface ChunkRange {
  index: number;
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive (as in Content-Range). */
  end: number;
}

export type PlanRefusal = { code: 'empty' | 'too_large'; message: string };

export function planChunks(videoSize: number, preferred = PREFERRED_CHUNK): ChunkPlan | PlanRefusal {
  if (!Number.isSafeInteger(videoSize) || videoSize <= 0) return { code: 'empty', message: 'The file is empty' };
  if (videoSize > MAX_VIDEO_BYTES) return { code: 'too_large', message: 'The platform accepts videos up to 4 GB' };
  const wanted = Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, preferred));
  if (videoSize <= wanted) return { videoSize, chunkSize: videoSize, totalChunkCount: 1 };
  return { videoSize, chunkSize: wanted, totalChunkCount: Math.floor(videoSize / wanted) };
}

export function isPlan(plan: ChunkPlan | PlanRefusal): plan is ChunkPlan {
  return 'chunkSize' in plan;
}

export function chunkRange(plan: ChunkPlan, index: number): ChunkRange {
  if (!Number.isInteger(index) || index < 0 || index >= plan.totalChunkCount) throw new RangeError(`chunk ${index} outside 0..${plan.totalChunkCount - 1}`);
  const start = index * plan.chunkSize;
  const end = index === plan.totalChunkCount - 1 ? plan.videoSize - 1 : start + plan.chunkSize - 1;
  return { index, start, end };
}
