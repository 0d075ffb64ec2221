/**
 * The queue fits the window (issue 28, point 3), in Chromium: at 800×600 at least three rows show
 * without scrolling; at 1920×1080 the list uses the width it has (wider than the old 720 px column).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeMp4File } from '../support/media.js';
import { callApp, openQueue, rowsFullyShown, signIn } from './fixtures/queue.js';
import { expect, test } from './fixtures/web-app.js';

test('three rows show at 800×600, and the list uses the width at 1920×1080', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(120_000);
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  // Paused at once, so the rows stay as they are.
  const dir = mkdtempSync(join(tmpdir(), 'dd-e2e-fit-'));
  for (let i = 1; i <= 4; i++) {
    const path = join(dir, `clip-${i}.mp4`);
    await writeMp4File(path, 300_000 + i, i);
    const response = await fetch(`${app.origin}/api/files`, { method: 'POST', headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/octet-stream' }, body: readFileSync(path) });
    const { value } = (await response.json()) as { value: { fileId: string } };
    await callApp(app, 'drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId: value.fileId }, name: `clip-${i}.mp4`, mimeType: 'video/mp4', durationMs: null }] });
  }
  rmSync(dir, { recursive: true, force: true });

  await page.setViewportSize({ width: 800, height: 600 });
  await openQueue(page, app);
  const rows = page.getByRole('list', { name: 'Drafts' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect.poll(() => rowsFullyShown(page, 600)).toBeGreaterThanOrEqual(3);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(async () => (await page.getByRole('list', { name: 'Drafts' }).boundingBox())?.width ?? 0).toBeGreaterThan(1200);
  expect(consoleErrors).toEqual([]);
});
