import { test, expect } from './fixtures/web-app.js';
import { rawRequest } from '../support/raw-http.js';

// The raw-HTTP checks, which need no browser, are test/integration/electron/transports/web-host-security.test.ts.

test.describe('the web host refuses what is not the app', () => {
  test('the renderer keeps the token in the page, not in a cookie, and a reload of the clean URL still works', async ({ page, webApp }) => {
    await page.goto(webApp.current.url);
    await expect(page.getByRole('main')).toBeVisible();
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    const seen: (string | null)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) seen.push(request.headers()['authorization'] ?? null);
    });
    await page.reload();
    await expect(page.getByRole('main')).toBeVisible();
    await expect.poll(() => seen.length).toBeGreaterThan(1);
    expect(new Set(seen)).toEqual(new Set([`Bearer ${webApp.current.token}`]));
    expect(await page.context().cookies()).toEqual([]);
  });

  test('the event stream, read with fetch and the bearer header, comes back after a break', async ({ page, webApp }) => {
    const { origin, token } = webApp.current;
    let attempts = 0;
    await page.route('**/api/events', async (route) => {
      attempts++;
      if (attempts === 1) return route.abort('connectionreset');
      return route.continue();
    });
    await page.goto(webApp.current.url);
    await expect(page.getByRole('main')).toBeVisible();
    await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    // Give the second connection a moment to open, then change a setting from outside the page.
    await expect
      .poll(
        async () => {
          await rawRequest(`${origin}/api/call/settings.set`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ appearance: { theme: 'dark' } }) });
          return page.locator('html').getAttribute('data-theme');
        },
        { timeout: 10_000 },
      )
      .toBe('dark');
    expect(attempts).toBe(2);
  });
});
