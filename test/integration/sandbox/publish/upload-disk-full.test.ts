/**
 * The upload host on a full disk (a tmpfs data dir of its own): a chunk it has no room for is a
 * server error (507, so a sender tries it again), not a refusal of the chunk (400 would fail the
 * upload for good); once there is room, the same chunk is taken and the upload goes on.
 */
import { describe, expect, it } from 'vitest';
import { mountTmpfs } from '../../../support/tmpfs.js';
import { mp4Bytes } from '../../../support/media-fixtures.js';
import { MB, initFileUpload, putChunk, signIn, startTestSandbox } from '../../../support/sandbox-client.js';

describe('upload host on a full disk', () => {
  it('answers 507 for a chunk it has no room for, and takes it once there is room', { timeout: 60_000 }, async (ctx) => {
    const disk = mountTmpfs(48 * MB);
    if (typeof disk === 'string') return ctx.skip(disk);
    const sandbox = await startTestSandbox({}, { dataDir: disk.dir });
    try {
      const tokens = await signIn(sandbox);
      const file = mp4Bytes(10 * MB, 5);
      const init = await initFileUpload(sandbox, tokens.access_token, { video_size: file.length, chunk_size: 5 * MB, total_chunk_count: 2 });
      expect((await putChunk(init.data.upload_url, file.subarray(0, 5 * MB), 0, file.length)).status).toBe(206);

      disk.fill(MB);
      const refused = await putChunk(init.data.upload_url, file.subarray(5 * MB), 5 * MB, file.length);
      expect(refused.status).toBe(507);
      expect(refused.json.error).toMatchObject({ code: 'insufficient_storage' });

      disk.unfill();
      expect((await putChunk(init.data.upload_url, file.subarray(5 * MB), 5 * MB, file.length)).status).toBe(201);
    } finally {
      await sandbox.close();
      disk.unmount();
    }
  });
});
