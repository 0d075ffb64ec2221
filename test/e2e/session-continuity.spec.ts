/**
 * The page survives the app restarting (issue 17, point 1), with the real web-mode host process
 * (`npm start -- --web`) on one data dir and a tab left open in Chromium: the tab says at once
 * that the app stopped, and comes back by itself when the app does, on the same address and
 * session; a draft a kill -9 interrupted says so in its row, a draft a clean stop interrupted
 * does not. When the old port is taken, the new address is announced and the old tab says where
 * to look; when the app is back under another session, the tab says to open the new address.
 *
 * These tests use no console-error fixture: a tab whose host is gone logs the browser's own
 * "Failed to load resource: net::ERR_CONNECTION_REFUSED" for each reconnect attempt, which is
 * the behaviour under test, not a fault.
 */
import { createServer, type Server } from 'node:net';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { removeDir, startWebApp, type RunningWebApp } from '../support/web-app.js';
import { webClient } from '../support/web-client.js';
import { writeMp4File } from '../support/media.js';

const MB = 1024 * 1024;
const STOPPED = 'Draftdeck has stopped.';
const RESUMED = 'Resumed after Draftdeck stopped unexpectedly';

/** Every app a test started, stopped and its data dir removed after it, whatever happened. */
const test = base.extend<{ apps: RunningWebApp[] }>({
  // eslint-disable-next-line no-empty-pattern
  apps: async ({}, use) => {
    const apps: RunningWebApp[] = [];
    await use(apps);
    for (const app of apps) await app.stop();
    for (const dir of new Set(apps.map((app) => app.dataDir))) removeDir(dir);
  },
});

/**
 * The built-in sandbox's config with every chunk PUT answered after `latencyMs`, for the app to
 * start its sandbox with (DRAFTDECK_SANDBOX_CONFIG): the fault holds from the sandbox's first
 * moment, on every start again, before the app resumes an upload (a rule set over the sandbox's
 * API after a restart would come too late: the app resumes as soon as its sandbox runs).
 */
function slowChunksConfig(latencyMs: number): NodeJS.ProcessEnv {
  const file = join(tmpdir(), `draftdeck-slow-sandbox-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify({ chaos: [{ route: 'PUT /upload/', probability: 1, latency_ms: latencyMs }] }));
  return { DRAFTDECK_SANDBOX_CONFIG: file };
}

async function draftIn(app: RunningWebApp, id: string) {
  return (await webClient(app).call('drafts.list')).find((draft) => draft.id === id);
}

/** Waits for the draft to be uploading with at least `chunks` chunks acknowledged. */
async function uploadingPast(app: RunningWebApp, id: string, chunks: number): Promise<void> {
  await expect.poll(async () => {
    const draft = await draftIn(app, id);
    return draft?.state === 'uploading' && draft.nextChunk >= chunks;
  }, { timeout: 60_000 }).toBe(true);
}

/** Stops (or kills) the app and measures how long the open tab takes to say so. */
async function expectStopBanner(page: Page, stop: () => void): Promise<void> {
  const banner = page.getByTestId('host-status');
  const started = Date.now();
  stop();
  // The spec's bound: the moment the event stream breaks, within 2 s, not on the next click.
  await expect(banner).toContainText(STOPPED, { timeout: 2_000 });
  await expect(banner).toContainText('reconnects by itself');
  await expect(banner).toContainText('If Draftdeck restarted on another address, the terminal where it runs shows it.');
  test.info().annotations.push({ type: 'stop banner', description: `shown ${Date.now() - started} ms after the stop` });
  console.log(`stop banner shown ${Date.now() - started} ms after the stop`);
}

test.describe('the page survives the app restarting', () => {
  test.setTimeout(240_000);

  test('an open tab reconnects by itself on the same address; kill -9 is said in the row, a clean stop is not', async ({ page, apps }) => {
    const env = slowChunksConfig(2_500);
    let app = await startWebApp({ env });
    apps.push(app);
    const client = webClient(app);
    await client.signIn('sbx-user-ava');
    const source = join(tmpdir(), `draftdeck-long-take-${process.pid}-${Date.now()}.mp4`);
    await writeMp4File(source, 256 * MB + 5, 3);
    try {
      const [draft] = await client.addVideos('sbx-user-ava', [source]);
      const row = page.locator(`[data-draft-id="${draft!.id}"]`);
      await page.goto(app.url);
      await expect(row).toHaveAttribute('data-state', 'uploading');
      await uploadingPast(app, draft!.id, 1);

      // A clean stop (Ctrl-C): the tab says so at once, and comes back by itself.
      await expectStopBanner(page, () => void app.stop());
      await app.exited;
      const firstUrl = app.url;
      app = await startWebApp({ dataDir: app.dataDir, env });
      apps.push(app);
      expect(app.url, 'same port and session token as before the restart').toBe(firstUrl);
      await expect(page.getByTestId('host-status')).toHaveCount(0, { timeout: 30_000 });
      // The window comes back before the built-in platform does (it starts after the ready line):
      // the draft may wait for it a moment, then goes on by itself.
      await expect(row).toHaveAttribute('data-state', 'uploading', { timeout: 30_000 });
      await uploadingPast(app, draft!.id, 2);
      await expect(row).not.toContainText(RESUMED);
      expect((await draftIn(app, draft!.id))!.resumedAfterCrash).toBe(false);

      // kill -9 mid-upload: no shutdown code runs; the next start says so in the draft's row.
      await expectStopBanner(page, () => app.kill9());
      await app.exited;
      app = await startWebApp({ dataDir: app.dataDir, env });
      apps.push(app);
      expect(app.url).toBe(firstUrl);
      await expect(page.getByTestId('host-status')).toHaveCount(0, { timeout: 30_000 });
      await expect(row).toContainText(RESUMED);
      expect((await draftIn(app, draft!.id))!.resumedAfterCrash).toBe(true);
      // The reconnected tab follows the new process's events to the end: the upload continues and arrives.
      await expect(row).toHaveAttribute('data-state', 'inbox', { timeout: 120_000 });
      await expect(row).toContainText(RESUMED);
    } finally {
      rmSync(source, { force: true });
    }
  });

  test('when the old port is taken, the app moves, says why, and the old tab says where to look', async ({ page, apps }) => {
    const first = await startWebApp();
    apps.push(first);
    await page.goto(first.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
    await first.stop();
    await expect(page.getByTestId('host-status')).toContainText(STOPPED);

    // Another program takes the port meanwhile (and hangs up on whoever calls: the old tab keeps trying).
    const port = Number(new URL(first.url).port);
    const squatter: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const moved = await startWebApp({ dataDir: first.dataDir });
      apps.push(moved);
      expect(new URL(moved.url).port).not.toBe(String(port));
      expect(new URL(moved.url).searchParams.get('token'), 'the session stays').toBe(first.token);
      // --json (as the harness starts it): the reason is a log record beside the one ready line
      // (on stderr, a pipe of its own: it may arrive after the ready line).
      await expect.poll(() => moved.stderr()).toContain(`The address changed: port ${port}, used last time, is taken by another program`);
      // The old tab cannot reach the new address; it says where to find it, and keeps saying so.
      await expect(page.getByTestId('host-status')).toContainText('the terminal where it runs shows it');
      // The new address works in a tab.
      const second = await page.context().newPage();
      await second.goto(moved.url);
      await expect(second.getByRole('heading', { level: 1 })).toHaveText('Queue');
      await expect(second.getByTestId('host-status')).toHaveCount(0);
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  });

  test('an app back on the same port under another session is told apart: open the new address', async ({ page, apps }) => {
    const first = await startWebApp();
    apps.push(first);
    await page.goto(first.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
    await first.stop();
    // Someone replaced the session's token (the port stays): the next start takes the new one.
    const file = join(first.dataDir, 'web-session.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), token: 'A'.repeat(43) }));
    const second = await startWebApp({ dataDir: first.dataDir });
    apps.push(second);
    expect(second.origin).toBe(first.origin);
    expect(second.token).not.toBe(first.token);
    // The same address answers, but this tab's token no longer opens it.
    await expect(page.getByTestId('host-status')).toContainText('Draftdeck restarted with a new session that this page cannot use.', { timeout: 30_000 });
  });
});
