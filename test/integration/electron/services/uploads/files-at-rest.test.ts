/**
 * Files at rest: the data dir is the owner's alone even if it existed before with wider rights,
 * everything the app writes in it is 0600 (directories 0700), and the journal keeps upload URLs
 * (one-hour bearer credentials) sealed with the vault's key, yet a restart continues the publish.
 *
 * The built-in profile's embedded backend sets the process umask to 077 (for PGlite's files), which
 * would hide a writer that forgot its mode: the second case runs web mode with a custom profile
 * (no embedded backend) under umask 022, so every file there is 0600 only because its writer said so.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createReadStream } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppHarness } from '../../../../support/app-harness.js';
import { startWebApp, type RunningWebApp } from '../../../../support/web-app.js';
import { webClient } from '../../../../support/web-client.js';
import { fixturePath, fixturePhotos } from '../../../../support/photos.js';
import { startTestSandbox } from '../../../../support/sandbox-client.js';
import { CLIENT_KEY, CLIENT_SECRET } from '../../../../support/sandbox-session.js';
import { writeMp4File } from '../../../../support/media.js';
import { DEFAULT_SETTINGS, Settings } from '../../../../../electron/core/contract/index.js';
import { createConfStorage } from '../../../../../electron/services/storage.js';
import { waitFor } from '../../../../support/wait-for.js';

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
    const started = await waitFor('a publish', async () => (await app.call('drafts.list')).find((d) => d.id === draft!.id && d.publishId !== null));

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
      const done = await waitFor('the draft in the inbox', async () => (await again.call('drafts.list')).find((d) => d.id === draft!.id && (d.state === 'inbox' || d.state === 'failed')));
      expect(done.state).toBe('inbox');
      // The sealed URL opened again: the same publish continued, no fresh one was started.
      expect(done.publishId).toBe(started.publishId);
      expect(done.reason).toBeNull();
    } finally {
      await again.close();
    }
  });

  it('with a custom profile and umask 022, every file the app writes is 0600 because its writer says so', { timeout: 120_000 }, async () => {
    const dataDir = join(work, 'custom');
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    const sandbox = await startTestSandbox();
    // The custom profile is in place before the first start, so the built-in sandbox and its
    // backend never start (nor set their umask) in this run.
    const profile = { kind: 'custom', name: 'Standalone sandbox', baseUrl: sandbox.baseUrl, uploadHost: sandbox.uploadBaseUrl, authorizeUrl: `${sandbox.baseUrl}/v2/auth/authorize/`, clientKey: CLIENT_KEY, secret: { store: 'vault' } };
    createConfStorage(dataDir).set('settings', Settings.parse({ ...DEFAULT_SETTINGS, profile }));
    // The web app (a child process) inherits this umask; the first case's backend set 077 here.
    const previous = process.umask(0o022);
    let app: RunningWebApp | null = null;
    try {
      app = await startWebApp({ dataDir });
      const client = webClient(app);
      expect((await client.call('app.info')).sandbox).toBeNull();
      await client.call('profile.setClientSecret', { secret: CLIENT_SECRET });
      await client.signIn('sbx-user-ava');
      await fetch(`${sandbox.baseUrl}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 60_000 }]) });
      const source = join(work, 'custom-clip.mp4');
      await writeMp4File(source, 6 * 1024 * 1024 + 5, 6);
      const [draft] = await client.addVideos('sbx-user-ava', [source]);
      await waitFor('a publish', async () => (await client.call('drafts.list')).find((d) => d.id === draft!.id && d.publishId !== null));
      // A photo prepared for posting is kept in the data dir too (photos/).
      const photo = fixturePhotos.find((p) => p.format === 'jpeg' && p.orientation === 1)!;
      const [prepared] = await client.call('photos.prepare', { files: [{ source: { kind: 'incoming', fileId: await client.sendFile(fixturePath(photo.name)) }, name: photo.name }] });
      expect(prepared!.refusal).toBeNull();

      expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
      const written = (await modes(dataDir)).filter((entry) => !entry.path.startsWith(join(dataDir, 'backend'))); // seeded by the test, not written by the app
      expect(written.map((entry) => entry.path.slice(dataDir.length + 1))).toEqual(expect.arrayContaining(['drafts.json', 'drafts.json.journal', expect.stringMatching(/^photos\//), expect.stringMatching(/^incoming\//)]));
      for (const entry of written) expect({ path: entry.path, mode: entry.mode.toString(8) }).toEqual({ path: entry.path, mode: entry.dir ? '700' : '600' });
    } finally {
      process.umask(previous);
      await app?.stop();
      await sandbox.close();
    }
  });
});
