/**
 * Settings → Photos in web mode: an S3-compatible bucket is chosen and described (endpoint,
 * bucket, region, path-style, public URL prefix, folder), what the platform would refuse is named
 * before saving, hosted photos can be kept, and the bucket's keys go write-only to the vault: never
 * shown again, never in the settings, a channel's answer or the log.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningWebApp } from '../support/web-app.js';
import { expect, openApp, test } from './fixtures/web-app.js';

async function callApp<T>(app: RunningWebApp, channel: string): Promise<T> {
  const response = await fetch(`${app.origin}/api/call/${channel}`, { method: 'POST', headers: { Authorization: `Bearer ${app.token}` } });
  const result = (await response.json()) as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value;
}

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY';

test('an S3-compatible bucket is checked, saved and kept; its keys are write-only', async ({ page, webApp, consoleErrors }) => {
  const app = webApp.current;
  await openApp(page, app);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos.getByRole('radio', { name: 'Built-in media host' })).toBeChecked();
  await expect(photos.getByRole('form', { name: 'Bucket access keys' })).toHaveCount(0);

  await photos.getByRole('radio', { name: 'S3-compatible bucket' }).check();
  await photos.getByLabel('Endpoint', { exact: true }).fill('ftp://s3.example.com');
  await photos.getByLabel('Bucket', { exact: true }).fill('My_Photos');
  await photos.getByLabel('Public URL prefix', { exact: true }).fill('https://photos.example.com/draftdeck');
  await photos.getByLabel('Folder in the bucket', { exact: true }).fill('draftdeck');
  // The section applies as it is changed (no Save button); Enter shows every problem at once.
  await expect(photos.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await photos.getByLabel('Folder in the bucket', { exact: true }).press('Enter');
  await expect(photos.getByLabel('Endpoint', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(photos.getByText('Use an https:// address.')).toBeVisible();
  await expect(photos.getByText(/A bucket name is 3 to 63 of a-z, 0-9/)).toBeVisible();
  await expect(photos.getByText(/Enter the bucket’s region/)).toBeVisible();
  await expect(photos.getByText('End the prefix with / (the file name is added after it).')).toBeVisible();
  await expect(photos.getByText(/each ending with \//)).toBeVisible();
  expect((await callApp<{ photos: { host: { kind: string } } }>(app, 'settings.get')).photos.host.kind).toBe('sandbox');

  await photos.getByLabel('Endpoint', { exact: true }).fill('https://s3.eu-west-1.amazonaws.com');
  await photos.getByLabel('Bucket', { exact: true }).fill('my-photos');
  await photos.getByLabel('Region', { exact: true }).fill('eu-west-1');
  await photos.getByRole('checkbox', { name: /Path-style addresses/ }).check();
  await photos.getByLabel('Public URL prefix', { exact: true }).fill('https://photos.example.com/');
  await photos.getByLabel('Folder in the bucket', { exact: true }).fill('draftdeck/');
  // Valid once the folder is fixed: saved when the person leaves the field, then the checkbox at once.
  await photos.getByRole('checkbox', { name: /Keep hosted photos after posting/ }).check();
  await expect(photos.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect.poll(async () => (await callApp<{ photos: unknown }>(app, 'settings.get')).photos).toEqual({
    host: { kind: 's3', endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'my-photos', region: 'eu-west-1', pathStyle: true, publicUrlPrefix: 'https://photos.example.com/', keyPrefix: 'draftdeck/' },
    stripLocation: true,
    keepHosted: true,
  });

  // The keys: asked for once the bucket is saved, stored write-only.
  const keys = photos.getByRole('form', { name: 'Bucket access keys' });
  await expect(keys.getByText(/needs an access key that may write to it/)).toBeVisible();
  await keys.getByRole('button', { name: 'Save keys' }).click();
  await expect(keys.getByText('Enter the access key ID of a key that may write to the bucket.')).toBeVisible();
  await expect(keys.getByText('Enter the secret access key that goes with it.')).toBeVisible();
  expect(await callApp<{ stored: boolean }>(app, 'photos.s3KeysStatus')).toEqual({ stored: false });
  await keys.getByLabel('Access key ID', { exact: true }).fill('AKIAEXAMPLEKEYID');
  await keys.getByLabel('Secret access key', { exact: true }).fill(SECRET);
  await keys.getByRole('button', { name: 'Save keys' }).click();
  await expect(keys.getByRole('status').filter({ hasText: 'Keys stored' })).toBeVisible();
  await expect(keys.getByLabel('Secret access key', { exact: true })).toHaveValue('');
  expect(await callApp<{ stored: boolean }>(app, 'photos.s3KeysStatus')).toEqual({ stored: true });

  // After a reload the page knows only that keys are stored; the host kept the bucket.
  await page.reload();
  const again = page.getByRole('region', { name: 'Photos' });
  await expect(again.getByRole('radio', { name: 'S3-compatible bucket' })).toBeChecked();
  await expect(again.getByLabel('Bucket', { exact: true })).toHaveValue('my-photos');
  await expect(again.getByRole('checkbox', { name: /Keep hosted photos after posting/ })).toBeChecked();
  await expect(again.getByText(/Keys for the bucket are stored in this computer’s vault/)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Replace keys' })).toBeVisible();
  expect(await page.content()).not.toContain(SECRET);
  expect(JSON.stringify(await callApp(app, 'settings.get'))).not.toContain(SECRET);
  expect(readFileSync(join(app.dataDir, 'draftdeck.json'), 'utf8')).not.toContain(SECRET);
  expect(app.stderr()).not.toContain(SECRET);
  expect(consoleErrors).toEqual([]);
});
