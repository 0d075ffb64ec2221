/**
 * Batches across accounts, the duplicate rule and waiting drafts, end to end in Chromium against
 * the embedded sandbox: "Send to" names several accounts (one draft each) and is remembered across
 * reloads and restarts; a file whose content an account already has asks first, showing the
 * earlier draft, also after a restart; drafts behind a full inbox (five real pending shares) say
 * when they go and move to another account; filters, grouping, counts, bulk actions, dragging and
 * clearing work from the page.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeMp4File } from '../support/media.js';
import type { RunningWebApp } from '../support/web-app.js';
import { test, expect } from './fixtures/web-app.js';
import { MEDIA, MP4, WEBM, callApp, draftRow, dropFiles, openQueue, rowNames, setChaos, signIn } from './fixtures/queue.js';

interface Draft {
  id: string;
  fileName: string;
  openId: string;
  state: string;
}

// Each test uploads to the same accounts, whose rate windows the app keeps in memory: an app of
// its own for each test (fixtures/app-reset.ts).
test.use({ ownApp: true });

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

/** Sends a generated video (distinct bytes per seed) to the host and queues it for one account through the automation API. */
async function queueGenerated(app: RunningWebApp, openId: string, name: string, seed: number): Promise<Draft> {
  const dir = mkdtempSync(join(tmpdir(), 'dd-e2e-'));
  const path = join(dir, name);
  await writeMp4File(path, 600_000 + seed, seed);
  const response = await fetch(`${app.origin}/api/files`, { method: 'POST', headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/octet-stream' }, body: readFileSync(path) });
  rmSync(dir, { recursive: true, force: true });
  const { value } = (await response.json()) as { value: { fileId: string } };
  const [draft] = await callApp<Draft[]>(app, 'drafts.add', { openId, files: [{ source: { kind: 'incoming', fileId: value.fileId }, name, mimeType: 'video/mp4', durationMs: null }] });
  return draft!;
}

async function states(app: RunningWebApp): Promise<string[]> {
  return (await callApp<Draft[]>(app, 'drafts.list')).map((d) => `${d.fileName} ${d.openId} ${d.state}`);
}

test.describe('queue: waiting drafts', () => {
  test('a draft waiting for inbox space says when it goes, shows its full reason, and moves to another account in one action; the plan shows what waits', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(150_000);
    const app = webApp.current;
    await signIn(app, 'sbx-user-ava');
    await signIn(app, 'sbx-user-ben');
    // Five drafts in Ava's inbox, nobody posts them: five pending shares, the platform's daily limit.
    for (let i = 1; i <= 5; i++) await queueGenerated(app, 'sbx-user-ava', `shared-${i}.mp4`, i);
    await expect.poll(() => states(app), { timeout: 60_000 }).toEqual([1, 2, 3, 4, 5].map((i) => `shared-${i}.mp4 sbx-user-ava inbox`));
    await queueGenerated(app, 'sbx-user-ava', 'later-1.mp4', 11);
    await queueGenerated(app, 'sbx-user-ava', 'later-2.mp4', 12);

    await openQueue(page, app);
    // Only the waiting ones, so their rows are in view (the list renders the rows on screen).
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Waiting (2)' });
    for (const name of ['later-1.mp4', 'later-2.mp4']) await expect(draftRow(page, name).getByText('Waiting', { exact: true })).toBeVisible({ timeout: 30_000 });
    // When it goes, in the row itself: the oldest pending share's 24-hour mark (tomorrow, about now).
    const why = draftRow(page, 'later-1.mp4').getByRole('button', { name: /^Why later-1\.mp4 waits: goes tomorrow \d\d:\d\d/ });
    await expect(why).toHaveText(/Inbox full · goes tomorrow \d\d:\d\d/);

    // The day plan: Ava sends nothing more today; both wait until tomorrow.
    await page.getByRole('button', { name: 'Today’s plan' }).click();
    const ava = page.getByRole('region', { name: 'Ava Makes' });
    await expect(ava.getByRole('heading', { name: 'Goes today (0)' })).toBeVisible();
    await expect(ava.getByRole('list', { name: 'Waits (2)' }).getByRole('listitem')).toHaveText([/^later-1\.mp4tomorrow \d\d:\d\d( [AP]M)?$/, /^later-2\.mp4tomorrow \d\d:\d\d( [AP]M)?$/]);
    await page.getByRole('button', { name: 'Show the list' }).click();

    // The full reason, without hovering: the row's button opens it, with the way out.
    await why.click();
    const dialog = page.getByRole('dialog', { name: 'Why later-1.mp4 waits' });
    await expect(dialog.getByTestId('waiting-reason')).toHaveText('Inbox full: the platform allows 5 drafts waiting in an inbox per day; it continues when one is posted');
    await expect(dialog.getByTestId('waiting-expected')).toContainText('Most likely it goes tomorrow');
    await dialog.getByRole('button', { name: 'Send 2 waiting drafts of Ava Makes to Ben Builds' }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(async () => (await states(app)).slice(5), { timeout: 30_000 }).toEqual(['later-1.mp4 sbx-user-ben inbox', 'later-2.mp4 sbx-user-ben inbox']);
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'In inbox (7)' });
    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Ben Builds (2)' });
    for (const name of ['later-1.mp4', 'later-2.mp4']) await expect(draftRow(page, name).locator('.draft-row__meta')).toContainText('Ben Builds');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('queue: filters, selection and bulk actions', () => {
  test('filters by account and state, groups by account, counts, bulk pause / resume / cancel / retry / move / remove, drag to reorder, clear finished', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(150_000);
    const app = webApp.current;
    await signIn(app, 'sbx-user-ava');
    await signIn(app, 'sbx-user-ben');
    // Every chunk is held a while and one uploads at a time, so drafts stay where the test puts them.
    await setChaos(app, [{ route: 'PUT /upload/', probability: 1, latency_ms: 30_000 }]);
    await callApp(app, 'settings.set', { uploads: { concurrency: 1 } });
    for (const [i, openId] of ['sbx-user-ava', 'sbx-user-ava', 'sbx-user-ben', 'sbx-user-ben'].entries()) await queueGenerated(app, openId, `clip-${i + 1}.mp4`, 20 + i);
    await openQueue(page, app);
    await expect(page.getByRole('list', { name: 'Drafts' }).getByRole('listitem')).toHaveCount(4);
    const counts = page.getByRole('list', { name: 'Counts per account' });
    await expect(counts.getByRole('listitem').filter({ hasText: 'Ava Makes' })).toHaveText('Ava Makes 1 queued · 1 uploading');
    await expect(counts.getByRole('listitem').filter({ hasText: 'Ben Builds' })).toHaveText('Ben Builds 2 queued');

    // Filters.
    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Ben Builds (2)' });
    await expect(rowNames(page)).resolves.toEqual(['clip-3.mp4', 'clip-4.mp4']);
    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'All accounts (4)' });
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Queued (3)' });
    await expect.poll(() => rowNames(page)).toEqual(['clip-2.mp4', 'clip-3.mp4', 'clip-4.mp4']);
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'All states' });
    await page.getByLabel('Group by account').check();
    await expect(page.getByTestId('draft-group')).toHaveText(['Ava Makes2 drafts', 'Ben Builds2 drafts']);
    await page.getByLabel('Group by account').uncheck();

    // Bulk actions on Ben's two.
    await page.getByLabel('Select clip-3.mp4').check();
    await page.getByLabel('Select clip-4.mp4').check();
    await expect(page.getByText('2 drafts selected')).toBeVisible();
    await page.getByRole('button', { name: 'Pause selected' }).click();
    for (const name of ['clip-3.mp4', 'clip-4.mp4']) await expect(draftRow(page, name).getByText('Paused', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Resume selected' }).click();
    for (const name of ['clip-3.mp4', 'clip-4.mp4']) await expect(draftRow(page, name).getByText('Queued', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel selected' }).click();
    for (const name of ['clip-3.mp4', 'clip-4.mp4']) await expect(draftRow(page, name).getByText('Cancelled', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Retry selected' }).click();
    for (const name of ['clip-3.mp4', 'clip-4.mp4']) await expect(draftRow(page, name).getByText('Queued', { exact: true })).toBeVisible();
    // Resuming drafts that are not paused: each says why.
    await page.getByRole('button', { name: 'Resume selected' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 drafts could not be resumed' })).toContainText('clip-3.mp4: Only a paused draft can be resumed');
    await page.getByRole('button', { name: 'Dismiss the report' }).click();

    // Move one of Ava's to Ben.
    await page.getByLabel('Select clip-3.mp4').uncheck();
    await page.getByLabel('Select clip-4.mp4').uncheck();
    await page.getByLabel('Select clip-2.mp4').check();
    await expect(page.getByText('1 draft selected')).toBeVisible();
    await page.getByLabel('Account to send the selected drafts to').selectOption({ label: 'Ben Builds' });
    await page.getByRole('button', { name: 'Send selected to Ben Builds' }).click();
    await expect(draftRow(page, 'clip-2.mp4').locator('.draft-row__meta')).toContainText('Ben Builds');

    // Drag the last row above the second; the buttons do the same from the keyboard.
    await draftRow(page, 'clip-4.mp4').dragTo(draftRow(page, 'clip-2.mp4'), { targetPosition: { x: 200, y: 5 } });
    await expect.poll(() => rowNames(page)).toEqual(['clip-1.mp4', 'clip-4.mp4', 'clip-2.mp4', 'clip-3.mp4']);
    await draftRow(page, 'clip-3.mp4').getByRole('button', { name: 'Move clip-3.mp4 up' }).press('Enter');
    await expect.poll(() => rowNames(page)).toEqual(['clip-1.mp4', 'clip-4.mp4', 'clip-3.mp4', 'clip-2.mp4']);
    // The page shows a move at once and sends drafts.reorder after: wait for the app to have it.
    await expect.poll(async () => (await callApp<Draft[]>(app, 'drafts.list')).map((d) => d.fileName)).toEqual(['clip-1.mp4', 'clip-4.mp4', 'clip-3.mp4', 'clip-2.mp4']);

    // Remove one selected, let the rest go, clear the finished.
    await page.getByLabel('Select clip-2.mp4').uncheck();
    await page.getByLabel('Select clip-3.mp4').check();
    await page.getByRole('button', { name: 'Remove selected' }).click();
    await expect(draftRow(page, 'clip-3.mp4')).toHaveCount(0);
    await setChaos(app, []);
    await callApp(app, 'settings.set', { uploads: { concurrency: 3 } });
    for (const name of ['clip-1.mp4', 'clip-4.mp4', 'clip-2.mp4']) await expect(draftRow(page, name).getByText('In inbox', { exact: true })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Clear finished (3)' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'No drafts yet' })).toBeVisible();
    expect(await callApp<Draft[]>(app, 'drafts.list')).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
