import { describe, expect, it } from 'vitest';
import { HOST_LOST_TRACK, LINK_EXPIRED, PUBLISH_FORGOTTEN, sendChunks, type TransferContext } from '../../../../../electron/services/uploads/chunk-transfer.js';
import type { ChunkPutRequest, ChunkPutResponse } from '../../../../../platform-api/chunk-put.js';
import type { DraftRecord } from '../../../../../electron/services/uploads/draft.js';
import { transition, type DraftEvent } from '../../../../../electron/services/uploads/transitions.js';
import { draftRecord, withPublish } from '../../../../support/draft-fixture.js';

/** A fake upload host: answers each PUT with the next status of `answers` (206 for a non-final chunk by default). */
function harness(start: DraftRecord, answers: Array<number | { status: number; body?: string }> = [], opts: { abortAfterPut?: number } = {}) {
  let draft = start;
  const puts: ChunkPutRequest[] = [];
  const events: DraftEvent[] = [];
  const controller = new AbortController();
  let lastSent = false;
  const ctx: TransferContext = {
    transport: {
      async put(req): Promise<ChunkPutResponse> {
        puts.push(req);
        req.onProgress?.(req.end - req.start + 1);
        if (opts.abortAfterPut === puts.length) controller.abort();
        const answer = answers[puts.length - 1] ?? (req.end + 1 === req.total ? 201 : 206);
        const { status, body = '' } = typeof answer === 'number' ? { status: answer } : answer;
        return { status, body, retryAfterMs: undefined };
      },
    },
    signal: controller.signal,
    unchanged: async () => true,
    record: (event) => {
      events.push(event);
      const next = transition(draft, event);
      if (!next.ok) throw new Error(next.error.code);
      return (draft = next.value);
    },
    progress: () => {},
    lastChunkSent: () => (lastSent = true),
  };
  return { ctx, puts, events, current: () => draft, lastSent: () => lastSent };
}

const MB = 1024 * 1024;
const video = (chunks: number, chunkSize = 5 * MB, size = chunks * chunkSize + 7) => withPublish(draftRecord({ size }), chunks, chunkSize);

describe('chunk transfer', () => {
  it('sends every chunk in order with its Content-Range, journaling each acknowledgement', async () => {
    const h = harness(video(3));
    expect(await sendChunks(h.current(), h.ctx)).toEqual({ kind: 'delivered' });
    expect(h.puts.map((p) => [p.start, p.end])).toEqual([[0, 5 * MB - 1], [5 * MB, 10 * MB - 1], [10 * MB, 15 * MB + 6]]);
    expect(h.current()).toMatchObject({ nextChunk: 3, uploadedBytes: 15 * MB + 7 });
    expect(h.lastSent()).toBe(true);
  });

  it('continues from the next chunk the journal holds', async () => {
    const h = harness({ ...video(3), nextChunk: 2, uploadedBytes: 10 * MB });
    expect(await sendChunks(h.current(), h.ctx)).toEqual({ kind: 'delivered' });
    expect(h.puts.map((p) => p.start)).toEqual([10 * MB]);
  });

  it.each([
    [403, LINK_EXPIRED],
    [404, PUBLISH_FORGOTTEN],
    [416, HOST_LOST_TRACK],
  ])('asks for a fresh publish when the host answers %i', async (status, reason) => {
    const h = harness(video(3), [206, status]);
    expect(await sendChunks(h.current(), h.ctx)).toEqual({ kind: 'restart', reason, progressed: true });
    expect(h.current().uploadUrlIssuedAt).toBe(0);
  });

  it('continues from where the host says it is, on a chunk boundary, after a 416', async () => {
    const h = harness({ ...video(3), nextChunk: 2, uploadedBytes: 10 * MB }, [{ status: 416, body: JSON.stringify({ data: { uploaded_bytes: 5 * MB } }) }, 206, 201]);
    expect(await sendChunks(h.current(), h.ctx)).toEqual({ kind: 'delivered' });
    expect(h.puts.map((p) => p.start)).toEqual([10 * MB, 5 * MB, 10 * MB]);
  });

  it('hands any other answer to the failure rules as a platform error', async () => {
    const h = harness(video(2), [429]);
    const outcome = await sendChunks(h.current(), h.ctx);
    expect(outcome).toMatchObject({ kind: 'failed', error: { httpStatus: 429, code: 'rate_limit_exceeded' } });
  });

  it('keeps the chunk the host acknowledged after a stop, and sends no more', async () => {
    const h = harness(video(3), [], { abortAfterPut: 1 });
    expect(await sendChunks(h.current(), h.ctx)).toEqual({ kind: 'stopped' });
    expect(h.puts).toHaveLength(1);
    expect(h.current().nextChunk).toBe(1);
    expect(h.events.at(-1)).toMatchObject({ type: 'chunkAcknowledged', stopped: true });
  });

  it('refuses to send a file that changed since it was fingerprinted', async () => {
    const h = harness(video(2));
    h.ctx.unchanged = async () => false;
    expect(await sendChunks(h.current(), h.ctx)).toEqual({ kind: 'file_changed' });
    expect(h.puts).toEqual([]);
  });
});
