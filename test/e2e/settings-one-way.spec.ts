/**
 * Settings behave one way (issue 28, point 7), in Chromium: uploads at once is the same control in
 * Settings › Uploads and the Queue's toolbar, applied on choice with no Save; a watch folder typed
 * as `~/…` is the person's home folder; and while a sign-in waits, its card takes the empty
 * state's place on Accounts instead of showing beside it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { callApp, signIn } from './fixtures/queue.js';
import { expect, openApp, test } from './fixtures/web-app.js';

const concurrency = async (app: Parameters<typeof callApp>[0]) => (await callApp<{ uploads: { concurrency: number } }>(app, 'settings.get')).uploads.concurrency;

test('uploads at once is one control, applied on choice, in Settings and in the Queue', async ({ page, webApp, consoleErrors }) => {
  const app = webApp.current;
  // The Queue's toolbar is there once an account can receive drafts.
  await signIn(app, 'sbx-user-ava');
  await page.goto(`${app.url}#/settings`);
  const uploads = page.getByRole('region', { name: 'Uploads' });
  const control = uploads.getByRole('combobox', { name: 'Videos uploading at once' });
  await control.selectOption('3');
  await expect.poll(() => concurrency(app)).toBe(3);
  await expect(uploads.getByRole('button', { name: /^Save/ })).toHaveCount(0);

  await page.goto(`${app.url}#/queue`);
  const inQueue = page.getByRole('combobox', { name: 'At once' });
  await expect(inQueue).toHaveValue('3');
  await inQueue.selectOption('1');
  await expect.poll(() => concurrency(app)).toBe(1);
  await page.goto(`${app.url}#/settings`);
  await expect(page.getByRole('region', { name: 'Uploads' }).getByRole('combobox', { name: 'Videos uploading at once' })).toHaveValue('1');
  expect(consoleErrors).toEqual([]);
});

test('a watch folder typed with ~ is the home folder', async ({ page, webApp, consoleErrors }) => {
  const folder = mkdtempSync(join(homedir(), '.dd-e2e-watch-'));
  try {
    await signIn(webApp.current, 'sbx-user-ava');
    await page.goto(`${webApp.current.url}#/settings`);
    const section = page.getByRole('region', { name: 'Watch folders' });
    await section.getByLabel('Folder').fill(`~/${basename(folder)}`);
    await section.getByRole('button', { name: 'Watch folder' }).click();
    const row = section.getByRole('list', { name: 'Watched folders' }).getByRole('listitem').filter({ hasText: folder });
    await expect(row).toContainText('Watching for Ava Makes');
    expect(consoleErrors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a waiting sign-in replaces the empty state', async ({ page, context, webApp, consoleErrors }) => {
  await openApp(page, webApp.current);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Accounts' }).click();
  const empty = page.getByRole('heading', { level: 2, name: 'No accounts signed in' });
  await expect(empty).toBeVisible();
  const opened = (context as BrowserContext).waitForEvent('page');
  await page.getByRole('button', { name: 'Add account' }).click();
  const consent = await opened;
  await expect(page.getByRole('heading', { name: "Waiting for you to allow access on the platform's page" })).toBeVisible();
  await expect(empty).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel sign-in' }).click();
  await expect(empty).toBeVisible();
  await consent.close();
  expect(consoleErrors).toEqual([]);
});
