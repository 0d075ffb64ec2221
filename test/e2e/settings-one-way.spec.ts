/**
 * Settings behave one way (issue 28, point 7), in Chromium: uploads at once is the same control in
 * Settings › Uploads and the Queue's toolbar, applied on choice with no Save; the Platform and
 * Photos sections apply as they are changed too (a choice at once, a typed field when it is left),
 * never saving what is invalid, and Photos keeps its "Test connection"; a watch folder typed
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

type Stored = { profile: { kind: string; name?: string; baseUrl?: string }; photos: { host: { kind: string; bucket?: string }; stripLocation: boolean } };
const stored = async (app: Parameters<typeof callApp>[0]) => callApp<Stored>(app, 'settings.get');

test('Platform and Photos apply as they are changed, checked first, with no Save button', async ({ page, webApp, consoleErrors }) => {
  const app = webApp.current;
  await page.goto(`${app.url}#/settings`);
  const photos = page.getByRole('region', { name: 'Photos' });
  const platform = page.getByRole('region', { name: 'Platform' });
  await expect(photos.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(platform.getByRole('button', { name: /^Save/ })).toHaveCount(0);

  // A checkbox applies at once, as the theme does.
  await photos.getByRole('checkbox', { name: 'Remove location from photos' }).uncheck();
  await expect.poll(async () => (await stored(app)).photos.stripLocation).toBe(false);
  await expect(photos.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // A bucket is applied only once it is whole and valid; until then the section says what waits.
  await photos.getByRole('radio', { name: 'S3-compatible bucket' }).check();
  await expect(photos.getByText('Not saved yet: 4 fields need a value or a fix (press Enter to see which)')).toBeVisible();
  await photos.getByLabel('Endpoint', { exact: true }).fill('ftp://s3.example.com');
  await photos.getByLabel('Bucket', { exact: true }).fill('draftdeck-photos');
  // Leaving a field with a wrong value says so there, and saves nothing.
  await expect(photos.getByLabel('Endpoint', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(photos.getByText('Use an https:// address.')).toBeVisible();
  expect((await stored(app)).photos.host.kind).toBe('sandbox');
  await photos.getByLabel('Endpoint', { exact: true }).fill('https://s3.example.com');
  await photos.getByLabel('Region', { exact: true }).fill('us-east-1');
  await photos.getByLabel('Public URL prefix', { exact: true }).fill('https://photos.example.com/');
  await expect(photos.getByRole('button', { name: 'Test connection' })).toBeVisible();
  await photos.getByLabel('Public URL prefix', { exact: true }).press('Tab');
  await expect.poll(async () => (await stored(app)).photos.host).toMatchObject({ kind: 's3', bucket: 'draftdeck-photos' });
  await expect(photos.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await photos.getByRole('radio', { name: 'Built-in media host' }).check();
  await expect.poll(async () => (await stored(app)).photos.host.kind).toBe('sandbox');

  // Platform: the same. A custom platform is applied once every field is right.
  await platform.getByRole('radio', { name: 'Custom platform' }).check();
  await platform.getByLabel('Name').fill('Local test platform');
  await platform.getByLabel('API base URL').fill('http://open.example.com');
  await platform.getByLabel('Upload host').fill('http://127.0.0.1:9001');
  await expect(platform.getByText('Use https://. Plain http:// is allowed only for 127.0.0.1 or localhost.')).toBeVisible();
  expect((await stored(app)).profile.kind).toBe('sandbox');
  await platform.getByLabel('API base URL').fill('http://127.0.0.1:9000');
  await platform.getByLabel('Authorize URL').fill('https://auth.example.com/v2/auth/authorize/');
  await platform.getByLabel('Client key').fill('aw_test_key');
  await platform.getByLabel('Client key').press('Tab');
  await expect.poll(async () => (await stored(app)).profile).toMatchObject({ kind: 'custom', name: 'Local test platform', baseUrl: 'http://127.0.0.1:9000' });
  await expect(page.getByRole('complementary').getByText('Local test platform')).toBeVisible();
  await platform.getByRole('radio', { name: 'Built-in sandbox' }).check();
  await expect.poll(async () => (await stored(app)).profile.kind).toBe('sandbox');
  expect(consoleErrors).toEqual([]);
});

test('a change made while a save is under way is saved after it, even back to what was stored', async ({ page, webApp, consoleErrors }) => {
  const app = webApp.current;
  await page.goto(`${app.url}#/settings`);
  const photos = page.getByRole('region', { name: 'Photos' });
  const strip = photos.getByRole('checkbox', { name: 'Remove location from photos' });
  await expect(strip).toBeChecked();
  // The first save waits until the person has changed their mind: unchecked, then checked again.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  await page.route('**/api/call/settings.set', async (route) => {
    calls++;
    if (calls === 1) await held;
    await route.continue();
  });
  await strip.uncheck();
  await expect.poll(() => calls).toBe(1);
  await strip.check();
  release();
  // What the window shows is what is stored: the setting ends as it was, checked.
  await expect.poll(() => calls).toBe(2);
  await expect.poll(async () => (await stored(app)).photos.stripLocation).toBe(true);
  await expect(strip).toBeChecked();
  expect(consoleErrors).toEqual([]);
});
