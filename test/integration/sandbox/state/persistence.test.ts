/** --data-dir: tokens, grants, publishes, partial uploads and the virtual clock survive a restart. */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../sandbox/index.js';
import { encodeBatch } from '../../../../sandbox/state/journal-lines.js';
import { mp4Bytes } from '../../../support/media-fixtures.js';
import { MB, advanceClock, extras, initFileUpload, putChunk, sha256, signIn, silentLogger, startTestSandbox, statusOf, tempDir } from '../../../support/sandbox-client.js';

describe('persistence with a data dir', () => {
  it('resumes a half-finished upload after a restart on the same ports, with the right SHA-256', async () => {
    const dir = await tempDir();
    try {
      const first = await startTestSandbox({ processing: { seconds_per_gb: 3600 } }, { dataDir: dir.path });
      const tokens = await signIn(first);
      const file = mp4Bytes(10 * MB + 321, 21);
      const init = await initFileUpload(first, tokens.access_token, { video_size: file.length, chunk_size: 5 * MB, total_chunk_count: 2 });
      expect((await putChunk(init.data.upload_url, file.subarray(0, 5 * MB), 0, file.length)).status).toBe(206);
      await advanceClock(first, 1000);
      const offset = first.clock.offsetSeconds;
      const ports = { port: Number(new URL(first.baseUrl).port), uploadPort: Number(new URL(first.uploadBaseUrl).port) };
      await first.close();

      const state = await readFile(join(dir.path, 'state.json'), 'utf8');
      expect(state).not.toContain(tokens.access_token);
      expect(state).not.toContain(tokens.refresh_token);
      expect(state).not.toContain(new URL(init.data.upload_url).searchParams.get('credential')!);

      const second = await startSandbox({ ...ports, config: first.config, dataDir: dir.path, logger: silentLogger });
      try {
        expect(second.baseUrl).toBe(first.baseUrl);
        expect(second.clock.offsetSeconds).toBeCloseTo(offset, 3);
        const status = await statusOf(second, tokens.access_token, init.data.publish_id);
        expect(status.status).toBe(200);
        expect(status.data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 5 * MB });
        const apps = await extras<{ apps: Array<{ client_key: string }> }>(second, '/sandbox/users/sbx-user-ava/apps');
        expect(apps.data.apps).toHaveLength(1);
        // The upload URL given before the restart still works.
        expect((await putChunk(init.data.upload_url, file.subarray(5 * MB), 5 * MB, file.length)).status).toBe(201);
        const view = await extras<{ sha256: string }>(second, `/sandbox/publishes/${encodeURIComponent(init.data.publish_id)}`);
        expect(view.data.sha256).toBe(sha256(file));
      } finally {
        await second.close();
      }
    } finally {
      await dir.remove();
    }
  });

  it('starts fresh without a data dir', async () => {
    const a = await startTestSandbox();
    await signIn(a);
    await a.close();
    const b = await startTestSandbox();
    try {
      expect((await extras<{ tokens: unknown[] }>(b, '/sandbox/tokens')).data.tokens).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('moves a damaged state file aside with the time and starts empty, saying so', async () => {
    const dir = await tempDir();
    try {
      const file = join(dir.path, 'state.json');
      for (const damaged of ['{"version": 1, "collections": ', '{"version": 99, "collections": {}}']) {
        await writeFile(file, damaged);
        const sandbox = await startTestSandbox({}, { dataDir: dir.path });
        try {
          expect(sandbox.setAside).toEqual({ file, moved_to: expect.stringMatching(/state\.json\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/) });
          expect(await readFile(sandbox.setAside!.moved_to, 'utf8')).toBe(damaged);
          expect((await extras<{ tokens: unknown[] }>(sandbox, '/sandbox/tokens')).data.tokens).toEqual([]);
        } finally {
          await sandbox.close();
        }
        // The fresh state it saved reads as it is.
        await expectNothingSetAsideOnNextStart(dir.path);
      }
    } finally {
      await dir.remove();
    }
  });

  it('moves a journal damaged before its last line aside, saying so, and keeps the snapshot', async () => {
    const dir = await tempDir();
    try {
      const first = await startTestSandbox({}, { dataDir: dir.path });
      await signIn(first);
      await first.close(); // a snapshot with the grant and the tokens, an empty journal
      const journal = join(dir.path, 'state.json.journal');
      const later = encodeBatch({ seq: 99, changes: [{ collection: 'access_tokens', id: 'later', value: {} }], clockOffsetMs: 0 });
      await appendFile(journal, `not a journal line\n${later}`);

      const sandbox = await startTestSandbox({}, { dataDir: dir.path });
      try {
        expect(sandbox.setAside).toEqual({ file: journal, moved_to: expect.stringMatching(/state\.json\.journal\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/) });
        expect(await readFile(sandbox.setAside!.moved_to, 'utf8')).toBe(`not a journal line\n${later}`);
        const apps = await extras<{ apps: unknown[] }>(sandbox, '/sandbox/users/sbx-user-ava/apps');
        expect(apps.data.apps).toHaveLength(1);
        // The tokens the snapshot holds, and not the one in the batch after the damage.
        const tokens = (await extras<{ tokens: Array<{ kind: string }> }>(sandbox, '/sandbox/tokens')).data.tokens;
        expect(tokens.map((token) => token.kind).sort()).toEqual(['access', 'refresh']);
      } finally {
        await sandbox.close();
      }
      await expectNothingSetAsideOnNextStart(dir.path);
    } finally {
      await dir.remove();
    }
  });
});

/** What a start saved after setting a file aside reads as it is: the next start sets nothing aside. */
async function expectNothingSetAsideOnNextStart(dataDir: string): Promise<void> {
  const next = await startTestSandbox({}, { dataDir });
  expect(next.setAside).toBeNull();
  await next.close();
}
