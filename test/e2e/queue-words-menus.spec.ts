/**
 * The queue's Send-to list closes like a menu (issue 28, point 3) and a failure's code sits behind
 * "Details" (point 6), in Chromium: Escape closes the list and puts focus back on it, a click
 * elsewhere closes it; an error banner says what happened in words, its code folded away.
 */
import { signIn } from './fixtures/queue.js';
import { expect, openApp, test } from './fixtures/web-app.js';

test('the Send-to list closes on Escape and on a click elsewhere', async ({ page, webApp, consoleErrors }) => {
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  await signIn(app, 'sbx-user-ben');
  await openApp(page, app);
  const summary = page.locator('.send-to > summary');
  const list = page.getByRole('group', { name: 'Send new drafts to' });
  await summary.click();
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(summary).toBeFocused();

  await summary.click();
  await expect(list).toBeVisible();
  await page.getByRole('heading', { level: 1, name: 'Queue' }).click();
  await expect(list).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('an error banner says what happened in words; its code is behind Details', async ({ page, webApp }) => {
  // No consoleErrors fixture: Chromium logs each refused request, which is how the failure is made.
  await openApp(page, webApp.current);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  await page.route('**/api/call/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('radio', { name: 'Dark' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'could not save the theme' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('host_unreachable')).toBeHidden();
  await alert.getByText('Details', { exact: true }).click();
  await expect(alert.getByText('host_unreachable')).toBeVisible();
  await page.unroute('**/api/call/**');
});
