/**
 * The streamed chunk PUT (platform-api/chunk-put.ts) against a real upload host: a chunk that
 * spans several of its read buffers and ends mid-buffer arrives byte-exact with its progress
 * counted to the last byte; a file shorter than the chunk's range, and an abort mid-body, fail the
 * PUT at once (not after the idle timeout), leave the host nothing of the chunk, and the chunk
 * goes through when sent again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { putChunk, type ChunkPutRequest } from '../../../platform-api/chunk-put.js';
import { mp4Bytes } from '../../support/media-fixtures.js';
import { MB, initFileUpload, inspect, sha256, signIn, startTestSandbox, tempDir, type Sandbox, type TokenSet } from '../../support/sandbox-client.js';

let sandbox: Sandbox;
let tokens: TokenSet;
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tokens = await signIn(sandbox);
  dir = await tempDir('dd-chunk-put-');
});
afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

/** A file of `size` bytes and a one-chunk publish for it. */
async function onePublish(name: string, size: number) {
  const bytes = mp4Bytes(size, size % 89);
  const path = join(dir.path, name);
  await writeFile(path, bytes);
  const init = await initFileUpload(sandbox, tokens.access_token, { video_size: size, chunk_size: size, total_chunk_count: 1 });
  const request: ChunkPutRequest = { uploadUrl: init.data.upload_url, filePath: path, start: 0, end: size - 1, total: size, contentType: 'video/mp4', idleTimeoutMs: 60_000 };
  return { bytes, path, publishId: init.data.publish_id, request };
}

describe('putChunk', () => {
  it('sends chunks that span several read buffers and end mid-buffer byte-exact, counting progress to the last byte', async () => {
    const chunk = 5 * MB;
    const size = 2 * chunk + 777; // the last chunk carries the remainder: 5 MB + 777 bytes
    const bytes = mp4Bytes(size, 7);
    const path = join(dir.path, 'two-chunks.mp4');
    await writeFile(path, bytes);
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: size, chunk_size: chunk, total_chunk_count: 2 });
    const ranges = [{ start: 0, end: chunk - 1 }, { start: chunk, end: size - 1 }];
    const statuses: number[] = [];
    for (const { start, end } of ranges) {
      const progress: number[] = [];
      const answer = await putChunk({ uploadUrl: init.data.upload_url, filePath: path, start, end, total: size, contentType: 'video/mp4', onProgress: (sent) => progress.push(sent) });
      statuses.push(answer.status);
      expect(progress.length).toBeGreaterThan(1);
      expect(progress.every((sent, i) => i === 0 || sent > progress[i - 1]!)).toBe(true);
      expect(progress.at(-1)).toBe(end - start + 1);
    }
    expect(statuses).toEqual([206, 201]);
    expect((await inspect(sandbox, init.data.publish_id)).data.sha256).toBe(sha256(bytes));
  });

  it('fails at once when the file is shorter than the chunk, and the chunk goes through once the file is whole', async () => {
    const size = 3 * MB + 11;
    const { bytes, path, publishId, request } = await onePublish('short.mp4', size);
    await truncate(path, 2 * MB + 5);
    // Without its own check the PUT would wait out the idle timeout (60 s, past the test's own).
    await expect(putChunk(request)).rejects.toThrow('The file ended before the chunk did');
    await writeFile(path, bytes);
    expect((await putChunk(request)).status).toBe(201);
    const view = await inspect(sandbox, publishId);
    expect(view.data.sha256).toBe(sha256(bytes));
  });

  it('fails with an abort when stopped mid-body, and the chunk goes through when sent again', async () => {
    const size = 24 * MB + 3;
    const { bytes, publishId, request } = await onePublish('abort.mp4', size);
    const controller = new AbortController();
    let sentWhenAborted = 0;
    const stopped = putChunk({
      ...request,
      signal: controller.signal,
      onProgress: (sent) => {
        if (sentWhenAborted === 0) {
          sentWhenAborted = sent;
          controller.abort();
        }
      },
    });
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    expect(sentWhenAborted).toBeLessThan(size);
    expect((await putChunk(request)).status).toBe(201);
    expect((await inspect(sandbox, publishId)).data.sha256).toBe(sha256(bytes));
  });
});
