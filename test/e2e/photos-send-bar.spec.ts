/**
 * The photo composer's sticky Send bar has a background of its own in both themes (issue 28,
 * point 4), so what scrolls under it does not show through (its styles named tokens that do not
 * exist, so it was transparent).
 */
import { expect, openApp, test } from './fixtures/web-app.js';
import { callApp } from './fixtures/queue.js';

for (const theme of ['light', 'dark'] as const) {
  test(`the Send bar is opaque in the ${theme} theme`, async ({ page, webApp, consoleErrors }) => {
    await callApp(webApp.current, 'settings.set', { appearance: { theme } });
    await openApp(page, webApp.current);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Photos' }).click();
    const bar = page.locator('.photos__send');
    await expect(bar).toBeVisible();
    const background = await bar.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    expect(background).not.toBe('transparent');
    expect(consoleErrors).toEqual([]);
  });
}
