/**
 * Settings → Updates and Settings → About's logs row, in web mode: the feed URL is a setting (off
 * while empty, https only), web mode says it does not update itself, and About says where the logs
 * go. The desktop app's side (a log folder to open, an updater's states) is settings-desktop.spec.ts;
 * main.ts's wiring of both is test/unit/electron/main-launch.test.ts.
 */
import { test, expect, openApp } from './fixtures/web-app.js';

test.describe('settings: updates and logs', () => {
  test('the update feed URL is checked, saved and kept; web mode says it does not update itself', async ({ page, webApp, consoleErrors }) => {
    await openApp(page, webApp.current);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
    const updates = page.getByRole('region', { name: 'Updates' });
    await expect(updates.getByRole('status').filter({ hasText: 'Web mode does not update itself' })).toBeVisible();
    await expect(updates.getByRole('button', { name: 'Check for updates' })).toHaveAttribute('aria-disabled', 'true');

    const feed = updates.getByLabel('Update feed URL');
    await expect(feed).toHaveValue('');
    await feed.fill('http://updates.example.com/draftdeck/');
    await updates.getByRole('button', { name: 'Save updates' }).click();
    await expect(feed).toHaveAttribute('aria-invalid', 'true');
    await expect(updates.getByText('Use https://. Plain http:// is allowed only for 127.0.0.1 or localhost.')).toBeVisible();

    await feed.fill('https://updates.example.com/draftdeck/');
    await updates.getByRole('button', { name: 'Save updates' }).click();
    await expect(updates.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Updates' }).getByLabel('Update feed URL')).toHaveValue('https://updates.example.com/draftdeck/');
    expect(consoleErrors).toEqual([]);
  });

  test('About says where the logs are', async ({ page, webApp, consoleErrors }) => {
    await openApp(page, webApp.current);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
    const about = page.getByRole('region', { name: 'About' });
    await expect(about.getByText('Written to the terminal that runs web mode')).toBeVisible();
    await expect(about.getByRole('button', { name: 'Open the logs folder' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
