/**
 * Sends a video publish's chunks in order from the draft's next chunk (op 5; docs/PLATFORM.md
 * "Chunk plan"), journaling each acknowledged chunk before the next is sent, so a crash re-sends
 * at most the chunk that was in flight. It sorts the upload host's answers into what the engine
 * does next; it never retries by itself and never opens a publish.
 */
import type { ChunkPutRequest, ChunkPutResponse } from '../../../platform-api/chunk-put.js';
import { platformError, type PlatformError } from '../../../platform-api/errors.js';
import { words, type Words } from '../../core/contract/index.js';
import { chunkRange, type ChunkPlan } from './chunk-plan.js';
import type { DraftRecord } from './draft.js';
import type { DraftEvent } from './transitions.js';

/** How chunks reach the upload host: platform-api/chunk-put.ts in the app, a fake in unit tests. */
export interface ChunkTransport {
  put(req: ChunkPutRequest): Promise<ChunkPutResponse>;
}

export const LINK_EXPIRED = words('restart.link_expired');
export const HOST_LOST_TRACK = words('restart.host_lost_track');
export const PUBLISH_FORGOTTEN = words('restart.publish_forgotten');

export type TransferOutcome =
  /** Every chunk acknowledged: the platform has the whole video. */
  | { kind: 'delivered' }
  /** Stopped on request (pause, cancel, shutdown): what the host confirmed is journaled. */
  | { kind: 'stopped' }
  | { kind: 'file_changed' }
  /** This publish cannot continue; a fresh one can. `progressed`: a chunk got through first. */
  | { kind: 'restart'; reason: Words; progressed: boolean }
  /** Any other answer, or no answer: for the engine's failure rules. */
  | { kind: 'failed'; error: PlatformError | Error };

export interface TransferContext {
  transport: ChunkTransport;
  signal: AbortSignal;
  /** Whether the file is still the one fingerprinted when the draft was added. */
  unchanged(draft: DraftRecord): Promise<boolean>;
  /** Journals an event on the draft and returns the record after it. */
  record(event: DraftEvent): DraftRecord;
  /** Bytes of the file the host has or is receiving, for speed and progress. */
  progress(bytes: number): void;
  /** Every byte of the last chunk went out: from here the host may have the whole video before we hear so. */
  lastChunkSent(): void;
}

export async function sendChunks(start: DraftRecord, ctx: TransferContext): Promise<TransferOutcome> {
  let draft = start;
  const plan: ChunkPlan = { videoSize: draft.size, chunkSize: draft.chunkSize!, totalChunkCount: draft.totalChunkCount! };
  let progressed = false;
  for (let index = draft.nextChunk; index < plan.totalChunkCount; index++) {
    // A file edited while its chunks stream would reach the platform as a mix of two versions.
    if (!(await ctx.unchanged(draft))) return ctx.signal.aborted ? { kind: 'stopped' } : { kind: 'file_changed' };
    const range = chunkRange(plan, index);
    let response: ChunkPutResponse;
    try {
      response = await ctx.transport.put({
        uploadUrl: draft.uploadUrl!, filePath: draft.filePath, start: range.start, end: range.end, total: plan.videoSize,
        contentType: draft.mimeType, signal: ctx.signal,
        // Bytes written to the socket, short of the chunk's last byte: 100% waits for the host's answer.
        onProgress: (sent) => {
          ctx.progress(Math.min(range.start + sent, range.end));
          if (index === plan.totalChunkCount - 1 && sent === range.end - range.start + 1) ctx.lastChunkSent();
        },
      });
    } catch (error) {
      if (ctx.signal.aborted) return { kind: 'stopped' };
      return { kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) };
    }
    const acknowledged = response.status === 206 || response.status === 201;
    const stopped = ctx.signal.aborted;
    if (acknowledged) {
      draft = ctx.record({ type: 'chunkAcknowledged', index, uploadedBytes: range.end + 1, stopped });
      progressed = true;
      if (stopped) return { kind: 'stopped' };
      continue;
    }
    if (stopped) return { kind: 'stopped' };
    if (response.status === 403 || response.status === 404) {
      // 403: the upload URL expired (or was revoked). 404: the platform does not know the publish
      // (it answered op 4 and then lost it). Neither publish can continue; a fresh one can.
      const reason = response.status === 403 ? LINK_EXPIRED : PUBLISH_FORGOTTEN;
      ctx.record({ type: 'publishAbandoned', reason });
      return { kind: 'restart', reason, progressed };
    }
    if (response.status === 416) {
      // The host and we disagree about where the upload is. If it says how far it got and that
      // is a chunk boundary, continue from there; otherwise only a fresh publish settles it.
      const hostHas = uploadedBytesIn(response.body);
      const resumeAt = hostHas === null ? -1 : Math.floor(hostHas / plan.chunkSize);
      if (hostHas !== null && resumeAt < plan.totalChunkCount && resumeAt * plan.chunkSize === hostHas && resumeAt !== index) {
        draft = ctx.record({ type: 'hostHas', nextChunk: resumeAt, uploadedBytes: hostHas });
        index = resumeAt - 1;
        continue;
      }
      ctx.record({ type: 'publishAbandoned', reason: HOST_LOST_TRACK });
      return { kind: 'restart', reason: HOST_LOST_TRACK, progressed };
    }
    return { kind: 'failed', error: hostError(response) };
  }
  return { kind: 'delivered' };
}

/** A non-2xx answer of the upload host, as a platform error for the engine's failure rules. */
function hostError(response: ChunkPutResponse): PlatformError {
  const message = `The upload host answered ${response.status}`;
  return platformError({ kind: 'platform', httpStatus: response.status, code: response.status === 429 ? 'rate_limit_exceeded' : 'upload_host_error', message, retryAfterMs: response.retryAfterMs });
}

/** The upload host's `data.uploaded_bytes` in a shape B answer, when it says. */
function uploadedBytesIn(body: string): number | null {
  try {
    const value = (JSON.parse(body) as { data?: { uploaded_bytes?: unknown } }).data?.uploaded_bytes;
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}
