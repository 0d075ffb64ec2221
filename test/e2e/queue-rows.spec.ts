/**
 * Truthful rows (issue 17, point 6) and videos by URL (point 10), end to end in Chromium against
 * the embedded sandbox: thumbnails and lengths survive a reload and a restart; a row's percentage
 * and byte figure are the same number (bytes written while uploading, the platform's acknowledged
 * bytes otherwise, which the sandbox confirms); Retry is offered only where it can help, and a file
 * that is no video is refused before upload with the reason (issue 29); a video
 * pasted by URL shows the platform's download and processing from its status reads, and the
 * platform's refusals are explained.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningWebApp } from '../support/web-app.js';
import { callApp, draftRow, dropFiles, MEDIA, MP4, openQueue, setChaos, signIn, WEBM } from './fixtures/queue.js';
import { test, expect } from './fixtures/web-app.js';
import { webClient } from '../support/web-client.js';

const MiB = 1024 * 1024;

interface DraftInfo {
  id: string;
  fileName: string;
  publishId: string | null;
  state: string;
}

async function sandboxBase(app: RunningWebApp): Promise<string> {
  return webClient(app).sandboxUrl();
}

async function inspectPublish(app: RunningWebApp, publishId: string): Promise<{ uploaded_bytes: number; chunks_received: number | null; downloaded_bytes: number; status: string }> {
  const response = await fetch(`${await sandboxBase(app)}/sandbox/publishes/${encodeURIComponent(publishId)}`);
  return ((await response.json()) as { data: { uploaded_bytes: number; chunks_received: number | null; downloaded_bytes: number; status: string } }).data;
}

async function draftNamed(app: RunningWebApp, name: string): Promise<DraftInfo> {
  const found = (await callApp<DraftInfo[]>(app, 'drafts.list')).find((draft) => draft.fileName === name);
  if (!found) throw new Error(`no draft ${name}`);
  return found;
}

/** An MP4 grown to `size` bytes by a top-level `free` box after its own boxes (ISO BMFF: 32-bit size, then the type). */
function paddedMp4(video: Buffer, size: number): Buffer {
  const free = Buffer.alloc(size - video.length);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([video, free]);
}

/** Keeps every text a row's status showed, so a phase that passes in seconds is still seen. */
async function recordStatusTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { seenStatus: Set<string> }).seenStatus = seen;
    const take = () => document.querySelectorAll('.draft-row__status').forEach((element) => seen.add(element.textContent ?? ''));
    new MutationObserver(take).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { seenStatus: Set<string> }).seenStatus]);
}

// Each test uploads to the same accounts, whose rate windows the app keeps in memory: an app of
// its own for each test (fixtures/app-reset.ts).
test.use({ ownApp: true });

test.describe('queue rows', () => {
  test('thumbnails and lengths survive a reload and a restart of the app', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(120_000);
    await signIn(webApp.current, 'sbx-user-ava');
    await openQueue(page, webApp.current);
    await dropFiles(page, [WEBM, MP4]);
    for (const file of [WEBM, MP4]) await expect(draftRow(page, file.name).getByText('In inbox', { exact: true })).toBeVisible({ timeout: 30_000 });
    const thumbnail = await draftRow(page, WEBM.name).locator('img.draft-thumb__image').getAttribute('src');
    expect(thumbnail).toMatch(/^data:image\/jpeg;base64,/);

    await page.reload();
    await expect(draftRow(page, WEBM.name).locator('img.draft-thumb__image')).toHaveAttribute('src', thumbnail!);
    await expect(draftRow(page, WEBM.name).locator('.draft-row__meta')).toHaveText('17.6 kB · 0:02 · Ava Makes');

    // Leave the page before the host goes, so its event stream does not log a failed reconnect.
    await page.goto('about:blank');
    const app = await webApp.restart();
    await openQueue(page, app);
    await expect(draftRow(page, WEBM.name).locator('img.draft-thumb__image')).toHaveAttribute('src', thumbnail!);
    await expect(draftRow(page, WEBM.name).locator('.draft-row__meta')).toHaveText('17.6 kB · 0:02 · Ava Makes');
    await expect(draftRow(page, MP4.name).locator('img.draft-thumb__image')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    expect(consoleErrors).toEqual([]);
  });

  test('the percentage is the byte figure shown: bytes sent while uploading, the platform’s acknowledged bytes when paused', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), 'rows-progress-'));
    try {
      // 70 MiB: two chunks of the app's 32 MiB plan (32 + 38). A real video (the app probes every
      // video when it is added and refuses one it cannot read): the 2 s H.264 fixture and a
      // top-level `free` box filling it to 70 MiB, which a container's reader skips by its size.
      const path = join(dir, 'long take.mp4');
      writeFileSync(path, paddedMp4(readFileSync(join(MEDIA, MP4.fixture!)), 70 * MiB));
      await signIn(webApp.current, 'sbx-user-ava');
      // Every chunk PUT is held a few seconds before the host reads it: time to look and to pause between chunks.
      await setChaos(webApp.current, [{ route: 'PUT /upload/', probability: 1, latency_ms: 6000 }]);
      await openQueue(page, webApp.current);
      await page.getByTestId('choose-videos-input').setInputFiles(path);
      const row = draftRow(page, 'long take.mp4');

      // While a chunk is on its way: the label's % and the bar are the bytes written, named "sent".
      await expect(row.getByText(/of 70 MB sent/)).toBeVisible({ timeout: 30_000 });
      const label = await row.locator('.state-badge').textContent();
      const shown = Number(/^Uploading (\d+)%$/.exec(label ?? '')?.[1]);
      expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(shown));

      // Pause once the host acknowledged the first chunk, while the second is held.
      await expect.poll(async () => (await draftNamed(webApp.current, 'long take.mp4')).publishId).not.toBeNull();
      const { publishId } = await draftNamed(webApp.current, 'long take.mp4');
      await expect.poll(async () => (await inspectPublish(webApp.current, publishId!)).chunks_received, { timeout: 30_000 }).toBe(1);
      await page.getByRole('button', { name: 'Pause long take.mp4' }).click();
      await expect(row.getByText('Paused', { exact: true })).toBeVisible();

      // The paused row shows what the platform has: its own count, and the % of that same figure.
      const platform = await inspectPublish(webApp.current, publishId!);
      expect(platform.uploaded_bytes).toBe(32 * MiB);
      await expect(row.locator('.draft-row__detail')).toHaveText('32 MB of 70 MB received by the platform');
      await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.floor((platform.uploaded_bytes / (70 * MiB)) * 100)));
      expect(consoleErrors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('Retry is offered only where it can help; a file no one can read is refused before upload, saying why', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), 'rows-retry-'));
    try {
      await signIn(webApp.current, 'sbx-user-ava');
      await openQueue(page, webApp.current);
      // An .mp4 that is no video: the main process probes it when it is added and refuses it before
      // a byte goes to the platform; the intake list says why, and there is no draft to retry.
      const notVideo = 'x'.repeat(4096);
      await dropFiles(page, [{ name: 'not really.mp4', type: 'video/mp4', text: notVideo }]);
      const refused = page.getByRole('list', { name: 'Files not added' }).getByRole('listitem').filter({ hasText: 'not really.mp4' });
      await expect(refused).toContainText('Not sent: its headers cannot be read as an MP4, MOV, WebM or MKV video.', { timeout: 60_000 });
      await expect(draftRow(page, 'not really.mp4')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Retry not really.mp4' })).toHaveCount(0);
      expect(await callApp<DraftInfo[]>(webApp.current, 'drafts.list')).toEqual([]);
      // A script adding the same bytes is refused the same way by the main process.
      const path = join(dir, 'not really.mp4');
      writeFileSync(path, notVideo);
      await expect(webClient(webApp.current).addVideos('sbx-user-ava', [path])).rejects.toThrow(/video_refused/);

      // Drafts the platform really fails. An address not verified for the app: a retry would fail the
      // same way, so none is offered, the words say what to do, and the main process refuses one too.
      await page.getByRole('button', { name: 'Add by URL' }).click();
      const field = page.getByLabel('Video URL');
      await field.fill('https://videos.example.com/holiday.mp4');
      await page.getByRole('button', { name: 'Add URL' }).click();
      const unverified = draftRow(page, 'holiday.mp4');
      await expect(unverified.getByText('Failed', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(unverified).toContainText('only takes links on websites verified for this app');
      await expect(page.getByRole('button', { name: 'Retry holiday.mp4' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Remove holiday.mp4' })).toBeVisible();
      const holiday = await draftNamed(webApp.current, 'holiday.mp4');
      await expect(callApp(webApp.current, 'drafts.retry', { id: holiday.id })).rejects.toThrow(/url_ownership_unverified .*only takes links on websites verified for this app/);

      // A video the platform could not download: the address may work later, so Retry is offered and the main process takes it.
      await field.fill(`${await sandboxBase(webApp.current)}/sandbox/media/missing.mp4`);
      await page.getByRole('button', { name: 'Add URL' }).click();
      const missing = draftRow(page, 'missing.mp4');
      await expect(missing.getByText('Failed', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Retry missing.mp4' })).toBeVisible();
      const pullFailed = await draftNamed(webApp.current, 'missing.mp4');
      expect((await callApp<DraftInfo>(webApp.current, 'drafts.retry', { id: pullFailed.id })).id).toBe(pullFailed.id);
      expect(consoleErrors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('videos by URL', () => {
  test('a pasted URL on a verified prefix reaches the inbox, showing the platform’s download and processing', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(120_000);
    await signIn(webApp.current, 'sbx-user-ava');
    await openQueue(page, webApp.current);
    const seen = await recordStatusTexts(page);
    // 1 GiB: the download and the processing after it last longer than two status reads.
    const url = `${await sandboxBase(webApp.current)}/sandbox/media/sample.mp4?bytes=${1024 * MiB}`;
    await page.getByRole('button', { name: 'Add by URL' }).click();
    await page.getByLabel('Video URL').fill(url);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const row = draftRow(page, 'sample.mp4');
    await expect(row.locator('.draft-row__meta')).toContainText(url);
    await expect(row.getByText('In inbox', { exact: true })).toBeVisible({ timeout: 90_000 });

    const texts = await seen();
    const downloading = texts.filter((text) => text.startsWith('Platform downloading'));
    expect(downloading.length).toBeGreaterThan(0);
    expect(downloading.some((text) => /The platform has downloaded [\d.]+ (KB|MB|GB); then it checks the video/.test(text))).toBe(true);
    const draft = await draftNamed(webApp.current, 'sample.mp4');
    expect((await inspectPublish(webApp.current, draft.publishId!)).downloaded_bytes).toBe(1024 * MiB);
    expect(consoleErrors).toEqual([]);
  });

  test('an address not verified for the app and one the platform cannot download are explained, with what to do', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(90_000);
    await signIn(webApp.current, 'sbx-user-ava');
    await openQueue(page, webApp.current);
    await page.getByRole('button', { name: 'Add by URL' }).click();
    const field = page.getByLabel('Video URL');
    await expect(field).toBeFocused();

    // Not a web address: refused before anything is asked (the main process refuses it too).
    await field.fill('file:///etc/passwd');
    await page.getByRole('button', { name: 'Add URL' }).click();
    await expect(page.getByText('The address must be https, or plain http to this computer')).toBeVisible();
    await expect(callApp(webApp.current, 'drafts.addUrl', { openId: 'sbx-user-ava', url: 'file:///etc/passwd' })).rejects.toThrow(/invalid_input/);

    await field.fill('https://videos.example.com/holiday.mp4');
    await page.getByRole('button', { name: 'Add URL' }).click();
    const unverified = draftRow(page, 'holiday.mp4');
    await expect(unverified.getByText('Failed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(unverified).toContainText('The platform only takes links on websites verified for this app, and this address is not on one: use a link on a verified website');
    await expect(page.getByRole('button', { name: 'Retry holiday.mp4' })).toHaveCount(0);
    // The form says it too, under the address just typed, in plain words (the platform's API lists no verified prefixes, so its first answer is the soonest anyone can know).
    await expect(field).toHaveAccessibleDescription(/The platform does not take videos from videos\.example\.com: it only downloads from websites verified for this app/);
    await expect(page.getByText(/url_ownership_unverified|prefix/)).toHaveCount(0);

    await field.fill(`${await sandboxBase(webApp.current)}/sandbox/media/missing.mp4`);
    await page.getByRole('button', { name: 'Add URL' }).click();
    const missing = draftRow(page, 'missing.mp4');
    await expect(missing.getByText('Failed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(missing).toContainText('could not download the video from its URL: check that the address opens in a browser');
    await expect(page.getByRole('button', { name: 'Retry missing.mp4' })).toBeVisible();

    // Escape closes the form and gives the keyboard back to the button that opened it.
    await field.press('Escape');
    await expect(field).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add by URL' })).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });
});
