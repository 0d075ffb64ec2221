/**
 * Cancel is not a trap (issue 28, point 2), end to end in Chromium against the embedded sandbox:
 * cancelling an upload under way asks first ("Keep uploading" keeps it going); the cancelled
 * upload still holds one of the account's inbox places, and the inbox-full explanation names it;
 * "send waiting drafts to another account" offers only accounts that can take them now (one that
 * already has their content is not offered); and a move that sent only some drafts says so, then
 * the notice goes away by itself.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeMp4File } from '../support/media.js';
import type { RunningWebApp } from '../support/web-app.js';
import { callApp, draftRow, openQueue, setChaos, signIn } from './fixtures/queue.js';
import { expect, test } from './fixtures/web-app.js';

interface Draft {
  id: string;
  fileName: string;
  openId: string;
  state: string;
}

test.use({ ownApp: true });

/** A generated video (distinct bytes per seed) queued for one account through the automation API. */
async function queueGenerated(app: RunningWebApp, openId: string, name: string, seed: number, size = 600_000): Promise<Draft> {
  const dir = mkdtempSync(join(tmpdir(), 'dd-e2e-'));
  const path = join(dir, name);
  await writeMp4File(path, size + seed, seed);
  const response = await fetch(`${app.origin}/api/files`, { method: 'POST', headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/octet-stream' }, body: readFileSync(path) });
  rmSync(dir, { recursive: true, force: true });
  const { value } = (await response.json()) as { value: { fileId: string } };
  const [draft] = await callApp<Draft[]>(app, 'drafts.add', { openId, files: [{ source: { kind: 'incoming', fileId: value.fileId }, name, mimeType: 'video/mp4', durationMs: null }] });
  return draft!;
}

const stateOf = async (app: RunningWebApp, name: string, openId = 'sbx-user-ava') => (await callApp<Draft[]>(app, 'drafts.list')).find((d) => d.fileName === name && d.openId === openId)?.state;

test('cancel asks first; the cancelled upload is named in the inbox-full explanation; send-to offers only accounts that can take them; a partial move notice goes by itself', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(240_000);
  const app = webApp.current;
  for (const openId of ['sbx-user-ava', 'sbx-user-ben', 'sbx-user-chen']) await signIn(app, openId);

  // An upload held mid-way (the upload host answers each chunk slowly).
  await setChaos(app, [{ route: 'PUT /upload/', probability: 1, latency_ms: 20_000 }]);
  await queueGenerated(app, 'sbx-user-ava', 'cancel-me.mp4', 1);
  await openQueue(page, app);
  const row = draftRow(page, 'cancel-me.mp4');
  await expect(row).toHaveAttribute('data-state', 'uploading', { timeout: 30_000 });

  await row.getByRole('button', { name: 'Cancel cancel-me.mp4' }).click();
  const question = page.getByRole('dialog', { name: 'Cancel the upload of cancel-me.mp4?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep uploading' }).click();
  await expect(question).toHaveCount(0);
  expect(await stateOf(app, 'cancel-me.mp4')).toBe('uploading');
  await row.getByRole('button', { name: 'Cancel cancel-me.mp4' }).click();
  await page.getByRole('dialog', { name: 'Cancel the upload of cancel-me.mp4?' }).getByRole('button', { name: 'Cancel upload' }).click();
  await expect(row).toHaveAttribute('data-state', 'cancelled', { timeout: 30_000 });
  await setChaos(app, []);

  // Ben already has the content of the draft that will wait; four more fill Ava's inbox (with the cancelled one: five places).
  await queueGenerated(app, 'sbx-user-ben', 'later.mp4', 11);
  for (let i = 1; i <= 4; i++) await queueGenerated(app, 'sbx-user-ava', `shared-${i}.mp4`, i + 1);
  await expect.poll(async () => (await callApp<Draft[]>(app, 'drafts.list')).filter((d) => d.state === 'inbox').length, { timeout: 90_000 }).toBe(5);
  await queueGenerated(app, 'sbx-user-ava', 'later.mp4', 11);
  await expect.poll(() => stateOf(app, 'later.mp4'), { timeout: 30_000 }).toBe('waiting');

  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Waiting (1)' });
  await draftRow(page, 'later.mp4').getByRole('button', { name: /^Why later\.mp4 waits/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Why later.mp4 waits' });
  const holders = dialog.getByTestId('inbox-holders');
  await expect(holders).toContainText('a cancelled upload among them');
  await expect(holders.getByRole('listitem').filter({ hasText: 'cancel-me.mp4' })).toHaveText(/^cancel-me\.mp4 — cancelled, still counted until today \d\d:\d\d/);
  await expect(holders.getByRole('listitem')).toHaveCount(5);

  // Ben has its content: only Chen is offered.
  const choice = dialog.getByLabel(/^Send 1 waiting draft of Ava Makes to$/);
  await expect(choice.locator('option')).toHaveText(['Chen Cooks']);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A move that could not send everything (through the selection, to Ben) says so, then goes by itself.
  await page.getByLabel('Select later.mp4').check();
  await page.getByLabel('Account to send the selected drafts to').selectOption({ label: 'Ben Builds' });
  await page.getByRole('button', { name: 'Send selected to Ben Builds' }).click();
  const report = page.getByRole('status').filter({ hasText: '1 draft could not be moved' });
  await expect(report).toBeVisible();
  await expect(report).toHaveCount(0, { timeout: 20_000 });
  expect(consoleErrors).toEqual([]);
});
