/**
 * The engine's own chunk timeout against a real upload host that stalls (a sandbox chaos latency
 * far longer than the test): before the body is read, and mid-body with the socket's buffers full.
 * A short timeout keeps it quick; the PUT fails as a retryable timeout instead of hanging, and the
 * chunk then goes through once the host answers again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { putChunk } from '../../../platform-api/chunk-put.js';
import { classifyFailure } from '../../../electron/services/uploads/failure.js';
import { mp4Bytes } from '../../support/media-fixtures.js';
import { MB, advanceClock, extras, initFileUpload, inspect, sha256, signIn, startTestSandbox, tempDir, type Sandbox, type TokenSet } from '../../support/sandbox-client.js';

let sandbox: Sandbox;
let tokens: TokenSet;
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tokens = await signIn(sandbox);
  dir = await tempDir('dd-chunk-timeout-');
});
afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

const stall = () => extras(sandbox, '/sandbox/chaos', 'PUT', [{ route: 'PUT /upload/', probability: 1, latency_ms: 120_000 }]);
/** Clear the stall and let the stalled requests on the host run out (their latency is virtual time). */
const unstall = async () => {
  await extras(sandbox, '/sandbox/chaos', 'PUT', []);
  await advanceClock(sandbox, 120);
};

describe.each([
  ['before reading the body (the chunk sits in the socket buffers)', 1 * MB + 3],
  ['mid-body (the sender is blocked on full buffers)', 48 * MB + 5],
])('an upload host that stalls %s', (_when, size) => {
  it('fails the PUT after the idle timeout as a retryable timeout, and the chunk goes through afterwards', { timeout: 60_000 }, async () => {
    const bytes = mp4Bytes(size, size % 97);
    const path = join(dir.path, `clip-${size}.mp4`);
    await writeFile(path, bytes);
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: size, chunk_size: size, total_chunk_count: 1 });
    const request = { uploadUrl: init.data.upload_url, filePath: path, start: 0, end: size - 1, total: size, contentType: 'video/mp4', idleTimeoutMs: 300 };

    await stall();
    try {
      const error = await putChunk(request).then(
        (answer) => ({ answered: answer.status }),
        (err: unknown) => err,
      );
      expect(error).toMatchObject({ code: 'ETIMEDOUT', message: 'The upload host stopped answering' });
      expect(classifyFailure(error)).toMatchObject({ kind: 'retry', offline: false });
    } finally {
      await unstall();
    }

    // The retry comes at once: the host drops the copy it was still holding (whose connection it
    // had not yet seen die, not reading it) instead of answering 416 "another chunk still being received".
    // Its own timeout is the engine's kind of margin, not 300 ms: the host syncs the chunk to disk
    // before it answers, which under load can leave the socket quiet that long. Still well under
    // the host's 30 s idle timeout, so a host that waited for it to free the lock would fail here.
    expect((await putChunk({ ...request, idleTimeoutMs: 10_000 })).status).toBe(201);
    expect((await inspect(sandbox, init.data.publish_id)).data.sha256).toBe(sha256(bytes));
  });
});
