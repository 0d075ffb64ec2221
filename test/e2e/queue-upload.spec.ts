/**
 * The queue, end to end in Chromium with real video files (test/fixtures/media, made by
 * assets/media/generate-test-media.mjs): files dropped on the queue (a DataTransfer built in the
 * page, as a drag from the desktop delivers it) or chosen with the file picker are read in the
 * window (length, thumbnail), streamed to the host, uploaded to the embedded sandbox and reach
 * the account's inbox. Files the platform would refuse are refused at once, with the reason.
 * Each row's actions work from the UI.
 */
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { callApp, draftRow, dropFiles, EMPTY, MEDIA, MOV, MP4, NOTES, openQueue, rowNames, setChaos, signIn, WEBM } from './fixtures/queue.js';
import { test, expect } from './fixtures/web-app.js';

// Each test uploads to the same accounts, whose rate windows the app keeps in memory: an app of
// its own for each test (fixtures/app-reset.ts).
test.use({ ownApp: true });

/** Answers a row action's question (issue 28: cancel and remove-with-retry ask first) and waits for it to close. */
async function confirmIn(page: Page, title: string, answer: string): Promise<void> {
  const question = page.getByRole('dialog', { name: title });
  await question.getByRole('button', { name: answer, exact: true }).click();
  await expect(question).toHaveCount(0);
}

test.describe('queue: real videos to the inbox', () => {
  test('dropped and chosen videos reach the inbox; a non-video and an empty file are refused at once', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(90_000);
    await signIn(webApp.current, 'sbx-user-ava');
    await openQueue(page, webApp.current);
    // With an account and no drafts, the drop zone invites.
    await expect(page.getByRole('heading', { level: 2, name: 'No drafts yet' })).toBeVisible();
    await expect(page.getByLabel('Send to: Ava Makes')).toBeVisible();

    await dropFiles(page, [MP4, NOTES, WEBM, EMPTY, MOV]);

    // Refused before anything is sent, each with its reason.
    const refused = page.getByRole('list', { name: 'Files not added' });
    await expect(refused.getByRole('listitem')).toHaveCount(2);
    await expect(refused.getByRole('listitem').filter({ hasText: 'notes.txt' })).toContainText('Not a video the platform takes (.txt). Use MP4, MOV or WebM.');
    await expect(refused.getByRole('listitem').filter({ hasText: 'empty.mp4' })).toContainText('The file is empty.');

    for (const file of [MP4, WEBM, MOV]) await expect(draftRow(page, file.name).getByText('In inbox', { exact: true })).toBeVisible({ timeout: 30_000 });

    // Length and thumbnail were read in the window: a WebM (VP9) decodes in every Chromium.
    await expect(draftRow(page, WEBM.name).locator('.draft-row__meta')).toHaveText('17.6 kB · 0:02 · Ava Makes');
    await expect(draftRow(page, WEBM.name).locator('img.draft-thumb__image')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    // Debian's Chromium decodes H.264 too; where it does not, the row would show the placeholder.
    await expect(draftRow(page, MP4.name).locator('.draft-row__meta')).toContainText('0:02');
    // A codec the window cannot decode: a placeholder, but its length from the container's headers
    // (the main process probes every video added), converted to H.264 and delivered (its size the fixed file's).
    await expect(draftRow(page, MOV.name).locator('.draft-row__meta')).toHaveText(/^[\d.]+ kB · 0:01 · Ava Makes$/);
    await expect(draftRow(page, MOV.name).locator('img')).toHaveCount(0);
    await expect(page.getByText('3 drafts')).toBeVisible();
    await expect(page.getByText('3 in inbox')).toBeVisible();

    // The keyboard's way: Choose videos opens the picker (its hidden input takes the file).
    await expect(page.getByRole('button', { name: 'Choose videos' })).toBeVisible();
    await page.getByTestId('choose-videos-input').setInputFiles(resolve(MEDIA, 'tiny-1s-h264.mp4'));
    // The list draws only the rows in view: under the filters and counts the fourth is below the fold.
    await expect(async () => {
      await page.getByRole('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
      await expect(draftRow(page, 'tiny-1s-h264.mp4').getByText('In inbox', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    // The main process agrees: four drafts in Ava's inbox, with the lengths the headers say.
    const drafts = await callApp<{ fileName: string; state: string; durationMs: number | null; openId: string }[]>(webApp.current, 'drafts.list');
    expect(drafts.map(({ fileName, state, durationMs, openId }) => ({ fileName, state, durationMs, openId }))).toEqual([
      { fileName: MP4.name, state: 'inbox', durationMs: 2000, openId: 'sbx-user-ava' },
      { fileName: WEBM.name, state: 'inbox', durationMs: 2000, openId: 'sbx-user-ava' },
      { fileName: MOV.name, state: 'inbox', durationMs: 1000, openId: 'sbx-user-ava' },
      { fileName: 'tiny-1s-h264.mp4', state: 'inbox', durationMs: 1000, openId: 'sbx-user-ava' },
    ]);

    // Refusals go when dismissed; a reload keeps the drafts and their thumbnails (the data dir's cache).
    await refused.getByRole('button', { name: 'Dismiss notes.txt' }).click();
    await expect(refused.getByRole('listitem')).toHaveCount(1);
    await page.reload();
    await expect(draftRow(page, WEBM.name).getByText('In inbox', { exact: true })).toBeVisible();
    await expect(draftRow(page, WEBM.name).locator('img.draft-thumb__image')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    await expect(draftRow(page, MOV.name).locator('img')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('pause, resume, cancel, retry, remove and reorder work from the rows', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(90_000);
    await signIn(webApp.current, 'sbx-user-ava');
    // Every chunk PUT is held for a while, so a draft stays "Uploading" long enough to act on.
    await setChaos(webApp.current, [{ route: 'PUT /upload/', probability: 1, latency_ms: 20_000 }]);
    await openQueue(page, webApp.current);
    await page.getByLabel('At once').selectOption('1');
    await expect.poll(async () => (await callApp<{ uploads: { concurrency: number } }>(webApp.current, 'settings.get')).uploads.concurrency).toBe(1);

    const first = { ...MP4, name: 'first.mp4' };
    const second = { ...WEBM, name: 'second.webm' };
    // Another video than first's: the same content twice for one account would ask first (the duplicate rule).
    const third = { name: 'third.mp4', type: 'video/mp4', fixture: 'tiny-1s-h264.mp4' };
    await dropFiles(page, [first]);
    await expect(draftRow(page, first.name).getByText(/^Uploading \d+%$/)).toBeVisible({ timeout: 15_000 });
    await dropFiles(page, [second]);
    await expect(draftRow(page, second.name).getByText('Queued', { exact: true })).toBeVisible();
    await dropFiles(page, [third]);
    await expect(draftRow(page, third.name).getByText('Queued', { exact: true })).toBeVisible();
    await expect(page.getByText('1 uploading')).toBeVisible();
    await expect(page.getByText('2 queued')).toBeVisible();

    // Reorder: the third moves above the second, and the main process keeps that order.
    expect(await rowNames(page)).toEqual([first.name, second.name, third.name]);
    await expect(page.getByRole('button', { name: `Move ${first.name} up` })).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('button', { name: `Move ${third.name} up` }).click();
    await expect.poll(() => rowNames(page)).toEqual([first.name, third.name, second.name]);
    await expect(page.getByRole('button', { name: `Move ${third.name} up` })).toBeFocused();
    await expect.poll(async () => (await callApp<{ fileName: string }[]>(webApp.current, 'drafts.list')).map((draft) => draft.fileName)).toEqual([first.name, third.name, second.name]);

    // Pause keeps keyboard focus on the same control, now Resume.
    await page.getByRole('button', { name: `Pause ${first.name}` }).click();
    await expect(draftRow(page, first.name).getByText('Paused', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Resume ${first.name}` })).toBeFocused();
    // The freed slot goes to the next in line: the one moved up.
    await expect(draftRow(page, third.name).getByText(/^Uploading \d+%$/)).toBeVisible({ timeout: 15_000 });

    await page.getByRole('button', { name: `Resume ${first.name}` }).click();
    await expect(draftRow(page, first.name).getByText(/^(Queued|Uploading \d+%)$/)).toBeVisible();

    // It has started (the platform holds part of it), so Cancel asks first (issue 28); confirming cancels.
    await page.getByRole('button', { name: `Cancel ${first.name}` }).click();
    await confirmIn(page, `Cancel the upload of ${first.name}?`, 'Cancel upload');
    await expect(draftRow(page, first.name).getByText('Cancelled', { exact: true })).toBeVisible();

    // The upload host now refuses chunks: the next draft fails, with the reason in words.
    await setChaos(webApp.current, [{ route: 'PUT /upload/', probability: 1, status: 400 }]);
    await page.getByRole('button', { name: `Cancel ${third.name}` }).click();
    await confirmIn(page, `Cancel the upload of ${third.name}?`, 'Cancel upload');
    await expect(draftRow(page, third.name).getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(draftRow(page, second.name).getByText('Failed', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(draftRow(page, second.name)).toContainText('The platform refused this draft');
    await expect(page.getByText('1 failed')).toBeVisible();

    // With the host healthy again, Retry takes it all the way to the inbox.
    await setChaos(webApp.current, []);
    await page.getByRole('button', { name: `Retry ${second.name}` }).click();
    await expect(draftRow(page, second.name).getByText('In inbox', { exact: true })).toBeVisible({ timeout: 30_000 });

    // Remove takes a finished or cancelled draft off the queue; a cancelled one could still be retried, so it asks first.
    await page.getByRole('button', { name: `Remove ${first.name}` }).click();
    await confirmIn(page, `Remove ${first.name} from the queue?`, 'Remove');
    await expect(draftRow(page, first.name)).toHaveCount(0);
    // Focus moves to the row that took its place, not to the top of the page.
    await expect(page.getByRole('button', { name: `Retry ${third.name}` })).toBeFocused();
    await page.getByRole('button', { name: `Remove ${third.name}` }).click();
    await confirmIn(page, `Remove ${third.name} from the queue?`, 'Remove');
    await expect(draftRow(page, third.name)).toHaveCount(0);
    await expect.poll(async () => (await callApp<{ fileName: string }[]>(webApp.current, 'drafts.list')).map((draft) => draft.fileName)).toEqual([second.name]);
    await expect(page.getByText('1 draft', { exact: true })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('before any account the queue explains, and a drop is refused with the reason', async ({ page, webApp, consoleErrors }) => {
    await openQueue(page, webApp.current);
    await expect(page.getByRole('heading', { level: 2, name: 'No drafts yet' })).toBeVisible();
    await expect(page.getByText('Add an account, then drop videos here.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Accounts' })).toBeVisible();
    // Nowhere to send: the drop is taken (not opened by the browser) and refused with a reason.
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
      return transfer;
    });
    await page.getByTestId('queue-drop-zone').dispatchEvent('drop', { dataTransfer });
    await expect(page.getByRole('list', { name: 'Files not added' }).getByRole('listitem')).toContainText('clip.mp4No account can receive drafts yet');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
    expect(consoleErrors).toEqual([]);
  });
});
