/**
 * Watch folders from the Settings page in web mode (Chromium, embedded sandbox): the folder is
 * typed as a path and checked by the main process; a finished video written into it becomes a
 * draft that reaches the inbox; the folder can be paused, and its state survives a reload. The
 * growth rule, restarts and the periodic scan are proved in test/integration/electron/services/watch-folders/watch-folders.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { draftRow, MEDIA, signIn } from './fixtures/queue.js';
import { test, expect } from './fixtures/web-app.js';
import { webClient } from '../support/web-client.js';

test('a typed folder is watched: a video written into it becomes a draft; the folder can be paused', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(120_000);
  const folder = mkdtempSync(join(tmpdir(), 'e2e-watch-'));
  try {
    await signIn(webApp.current, 'sbx-user-ava');
    await page.goto(`${webApp.current.url}#/settings`);
    const section = page.getByRole('region', { name: 'Watch folders' });
    await expect(section.getByText('No folder is watched.')).toBeVisible();

    const field = section.getByLabel('Folder');
    await field.fill('Videos/Exports');
    await section.getByRole('button', { name: 'Watch folder' }).click();
    await expect(section.getByText('Type the folder’s full path')).toBeVisible();
    await field.fill(join(folder, 'missing'));
    await section.getByRole('button', { name: 'Watch folder' }).click();
    await expect(section.getByText(`There is no folder at ${join(folder, 'missing')}`)).toBeVisible();

    await field.fill(folder);
    await section.getByRole('button', { name: 'Watch folder' }).click();
    const row = section.getByRole('list', { name: 'Watched folders' }).getByRole('listitem').filter({ hasText: folder });
    await expect(row).toContainText('Watching for Ava Makes · 0 taken');

    writeFileSync(join(folder, 'export.mp4'), readFileSync(resolve(MEDIA, 'testsrc-2s-h264.mp4')));
    await expect(row).toContainText('1 taken · last: export.mp4', { timeout: 30_000 });

    await row.getByRole('button', { name: `Pause watching ${folder}` }).click();
    await expect(row).toContainText('Paused for Ava Makes');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Watch folders' }).getByText('Paused for Ava Makes')).toBeVisible();

    await page.goto(`${webApp.current.url}#/queue`);
    await expect(draftRow(page, 'export.mp4').getByText('In inbox', { exact: true })).toBeVisible({ timeout: 30_000 });
    // Its length was read from the container in the main process (no window saw the file).
    await expect(draftRow(page, 'export.mp4').locator('.draft-row__meta')).toContainText('0:02');
    expect(consoleErrors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the main process’s refusals and reasons read in the window’s language: Japanese, then Arabic', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(90_000);
  const folder = mkdtempSync(join(tmpdir(), 'e2e-watch-'));
  try {
    await signIn(webApp.current, 'sbx-user-ava');
    await webClient(webApp.current).call('settings.set', { language: { locale: 'ja' } });
    await page.goto(`${webApp.current.url}#/settings`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const section = page.getByRole('region', { name: '監視フォルダー' });
    const field = section.getByLabel('フォルダー');
    const watch = section.getByRole('button', { name: 'フォルダーを監視' });
    // drafts' and watch folders' refusals are words (code and values) the window says, not the main process's English.
    await field.fill('Videos/Exports');
    await watch.click();
    await expect(section.getByText('フォルダーのフルパスを入力してください（例：/home/you/Videos/Exports）')).toBeVisible();
    await field.fill(join(folder, 'missing'));
    await watch.click();
    await expect(section.getByText(`${join(folder, 'missing')} にフォルダーはありません`)).toBeVisible();
    // A status the main process keeps (Settings › Updates in web mode) reads in Japanese too.
    await expect(page.getByText('Web モードは自動で更新されません。実行元のチェックアウトを更新してください')).toBeVisible();

    await webClient(webApp.current).call('settings.set', { language: { locale: 'ar' } });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByText('لا يحدّث وضع الويب نفسه: حدّث النسخة التي يعمل منها')).toBeVisible();
    const arabic = page.getByRole('region', { name: 'المجلدات المراقَبة' });
    await arabic.getByLabel('المجلد').fill(join(folder, 'missing'));
    await arabic.getByRole('button', { name: 'مراقبة المجلد' }).click();
    await expect(arabic.getByText(`لا يوجد مجلد في ${join(folder, 'missing')}`)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
