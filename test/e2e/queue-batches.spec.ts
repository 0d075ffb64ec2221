/**
 * Batches across accounts and the duplicate rule, end to end in Chromium against the embedded
 * sandbox: "Send to" names several accounts (one draft each) and is remembered across reloads and
 * restarts; a file whose content an account already has asks first, showing the earlier draft,
 * also after a restart.
 */
import { resolve } from 'node:path';
import { test, expect } from './fixtures/web-app.js';
import { MEDIA, MP4, WEBM, callApp, draftRow, dropFiles, openQueue, signIn } from './fixtures/queue.js';

interface Draft {
  id: string;
  fileName: string;
  openId: string;
  state: string;
}

test.describe('queue: batches across accounts', () => {
  test('"Send to" names several accounts, one draft each, and is remembered across reloads and restarts', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(120_000);
    await signIn(webApp.current, 'sbx-user-ava');
    await signIn(webApp.current, 'sbx-user-ben');
    await openQueue(page, webApp.current);
    const sendTo = page.getByLabel('Send to: Ava Makes');
    await expect(sendTo).toBeVisible();
    await sendTo.click();
    await page.getByRole('checkbox', { name: 'Ben Builds (@ben.builds)' }).check();
    await expect(page.getByLabel('Send to: Ava Makes and Ben Builds')).toBeVisible();
    // The last one chosen cannot be unchosen: somewhere to send stays.
    await page.reload();
    await expect(page.getByLabel('Send to: Ava Makes and Ben Builds')).toBeVisible();

    await page.getByTestId('choose-videos-input').setInputFiles(resolve(MEDIA, WEBM.fixture!));
    await expect(draftRow(page, 'testsrc2-2s-vp9.webm')).toHaveCount(2);
    for (const row of await draftRow(page, 'testsrc2-2s-vp9.webm').all()) await expect(row.getByText('In inbox', { exact: true })).toBeVisible({ timeout: 30_000 });
    const drafts = await callApp<Draft[]>(webApp.current, 'drafts.list');
    expect(drafts.map((d) => [d.fileName, d.openId, d.state])).toEqual([
      ['testsrc2-2s-vp9.webm', 'sbx-user-ava', 'inbox'],
      ['testsrc2-2s-vp9.webm', 'sbx-user-ben', 'inbox'],
    ]);

    await page.goto('about:blank');
    const app = await webApp.restart();
    await openQueue(page, app);
    await expect(page.getByLabel('Send to: Ava Makes and Ben Builds')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a file already delivered to the account asks first, showing the earlier draft, also after a restart', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(120_000);
    await signIn(webApp.current, 'sbx-user-ava');
    await openQueue(page, webApp.current);
    await dropFiles(page, [MP4]);
    await expect(draftRow(page, MP4.name).getByText('In inbox', { exact: true })).toBeVisible({ timeout: 30_000 });

    // The content's fingerprint is in the journal: a restart still knows it.
    await page.goto('about:blank');
    const app = await webApp.restart();
    await openQueue(page, app);
    const copy = { ...MP4, name: 'beach day (copy).mp4' };
    await dropFiles(page, [copy]);
    const question = page.getByRole('status').filter({ hasText: 'beach day (copy).mp4 was already sent' });
    await expect(question).toBeVisible({ timeout: 30_000 });
    await expect(question.getByTestId('earlier-draft')).toContainText('Ava Makes already has it: “beach day.mp4”, added');
    await expect(question.getByTestId('earlier-draft')).toContainText('(in inbox)');
    // Nothing is queued while it asks.
    expect((await callApp<Draft[]>(app, 'drafts.list')).map((d) => d.fileName)).toEqual([MP4.name]);

    await question.getByRole('button', { name: 'Skip beach day (copy).mp4' }).click();
    await expect(question).toHaveCount(0);
    expect((await callApp<Draft[]>(app, 'drafts.list')).map((d) => d.fileName)).toEqual([MP4.name]);

    // Asked again, the person adds it anyway.
    await dropFiles(page, [copy]);
    await page.getByRole('button', { name: 'Add beach day (copy).mp4 again' }).click();
    await expect(draftRow(page, copy.name).getByText('In inbox', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect((await callApp<Draft[]>(app, 'drafts.list')).map((d) => d.fileName)).toEqual([MP4.name, copy.name]);
    expect(consoleErrors).toEqual([]);
  });
});
