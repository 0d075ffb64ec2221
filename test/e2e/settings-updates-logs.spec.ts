/**
 * Settings → Updates and Settings → About's logs row, in web mode: web mode says it does not update
 * itself and offers no update address to change (the feed is never a setting the page writes),
 * and About says where the logs go. The desktop app's side (a log folder to open, an updater's states) is settings-desktop.spec.ts;
 * main.ts's wiring of both is test/unit/electron/main-launch.test.ts.
 */
import { test, expect, openApp } from './fixtures/web-app.js';

test.describe('settings: updates and logs', () => {
  test('web mode says it does not update itself, and the page cannot set where updates come from', async ({ page, webApp, consoleErrors }) => {
    await openApp(page, webApp.current);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
    const updates = page.getByRole('region', { name: 'Updates' });
    await expect(updates.getByRole('status').filter({ hasText: 'Web mode does not update itself' })).toBeVisible();
    await expect(updates.getByRole('button', { name: 'Check for updates' })).toHaveAttribute('aria-disabled', 'true');
    await expect(updates.getByRole('textbox')).toHaveCount(0);
    // Not through the settings either: the contract refuses the old section.
    const set = await page.request.post(`${webApp.current.origin}/api/call/settings.set`, {
      headers: { Authorization: `Bearer ${webApp.current.token}` },
      data: { updates: { feedUrl: 'https://updates.example.com/draftdeck/' } },
    });
    expect(await set.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
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
