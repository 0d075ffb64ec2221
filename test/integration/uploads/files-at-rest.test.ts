/**
 * Files at rest: the data dir is the owner's alone even if it existed before with wider rights,
 * everything the app writes in it is 0600 (directories 0700), and the journal keeps upload URLs
 * (one-hour bearer credentials) sealed with the vault's key, yet a restart continues the publish.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createReadStream } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppHarness } from '../../support/app-harness.js';
import { writeMp4File } from '../../support/media.js';
import type { DraftView } from '../../../electron/core/contract/index.js';

const work = await mkdtemp(join(tmpdir(), 'dd-rest-'));
afterAll(() => rm(work, { recursive: true, force: true }));

/** Every path under `dir` with its permission bits. */
async function modes(dir: string): Promise<Array<{ path: string; dir: boolean; mode: number }>> {
  const found: Array<{ path: string; dir: boolean; mode: number }> = [];
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const info = await lstat(path);
    found.push({ path, dir: info.isDirectory(), mode: info.mode & 0o777 });
    if (info.isDirectory()) found.push(...(await modes(path)));
  }
  return found;
}

async function until(what: string, probe: () => Promise<DraftView | undefined>): Promise<DraftView> {
  for (let i = 0; i < 1200; i++) {
    const found = await probe();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('files at rest (POSIX permissions)', () => {
  it('owner-only data dir and files, upload URLs sealed in the journal, and a restart still continues the publish', { timeout: 120_000 }, async () => {
    const dataDir = join(work, 'data');
    // A data dir someone made by hand, readable by everyone.
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);

    const app = await startAppHarness({ dataDir });
    await app.signIn('sbx-user-ava');
    await app.call('settings.set', { uploads: { concurrency: 1 } });
    const sandbox = await app.sandboxUrl();
    // Hold the first chunk so the publish (and its upload URL) is journaled while the draft is mid-upload.
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 60_000 }]) });
    const source = join(work, 'clip.mp4');
    await writeMp4File(source, 6 * 1024 * 1024 + 3, 4);
    const { fileId } = await app.app.incoming.receive(createReadStream(source));
    const [draft] = await app.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId }, name: 'clip.mp4', mimeType: 'video/mp4', durationMs: null }] });
    const started = await until('a publish', async () => (await app.call('drafts.list')).find((d) => d.id === draft!.id && d.publishId !== null));

    expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
    const written = await modes(dataDir);
    expect(written.filter((entry) => !entry.dir).length).toBeGreaterThan(5);
    for (const entry of written) expect({ path: entry.path, mode: entry.mode.toString(8) }).toEqual({ path: entry.path, mode: entry.dir ? '700' : '600' });

    const journal = await readFile(join(dataDir, 'drafts.json.journal'), 'utf8');
    expect(journal).toContain(started.publishId!);
    expect(journal).toContain('"uploadUrl":"sealed:v1:');
    expect(journal).not.toMatch(/credential=|upl\./);

    await app.close({ keepData: true });
    const again = await startAppHarness({ dataDir });
    try {
      const sandboxAgain = await again.sandboxUrl();
      await fetch(`${sandboxAgain}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '[]' });
      const done = await until('the draft in the inbox', async () => (await again.call('drafts.list')).find((d) => d.id === draft!.id && (d.state === 'inbox' || d.state === 'failed')));
      expect(done.state).toBe('inbox');
      // The sealed URL opened again: the same publish continued, no fresh one was started.
      expect(done.publishId).toBe(started.publishId);
      expect(done.reason).toBeNull();
    } finally {
      await again.close();
    }
  });
});
