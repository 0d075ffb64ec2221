import { test, expect } from './fixtures/web-app.js';
import { rawRequest } from '../support/raw-http.js';

test.describe('the web host refuses what is not the app', () => {
  test('a call without the session token is 403', async ({ webApp }) => {
    const response = await rawRequest(`${webApp.current.origin}/api/call/app.info`, { method: 'POST' });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  test('a call with a wrong token is 403', async ({ webApp }) => {
    const response = await rawRequest(`${webApp.current.origin}/api/call/app.info`, { method: 'POST', headers: { Authorization: `Bearer ${'x'.repeat(webApp.current.token.length)}` } });
    expect(response.status).toBe(403);
  });

  test('a call with the token but a foreign Host header is 403 (DNS rebinding)', async ({ webApp }) => {
    const response = await rawRequest(`${webApp.current.origin}/api/call/app.info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${webApp.current.token}`, Host: 'attacker.example:80' },
    });
    expect(response.status).toBe(403);
  });

  test('a call with the token from a foreign Origin is 403', async ({ webApp }) => {
    const response = await rawRequest(`${webApp.current.origin}/api/call/app.info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${webApp.current.token}`, Origin: 'https://attacker.example' },
    });
    expect(response.status).toBe(403);
  });

  test('the API and the event stream need the token; the page itself carries no secret and loads without it; no cookie is set', async ({ webApp }) => {
    const { origin, token, url } = webApp.current;
    expect((await rawRequest(`${origin}/api/events`)).status).toBe(403);
    // The token only counts as a bearer header: not in the query string, not as a cookie.
    expect((await rawRequest(`${origin}/api/events?token=${token}`)).status).toBe(403);
    expect((await rawRequest(`${origin}/api/call/app.info?token=${token}`, { method: 'POST' })).status).toBe(403);
    expect((await rawRequest(`${origin}/api/call/app.info`, { method: 'POST', headers: { Cookie: `draftdeck_session=${token}` } })).status).toBe(403);
    expect((await rawRequest(`${origin}/api/files`, { method: 'POST', body: 'x' })).status).toBe(403);
    for (const pageUrl of [`${origin}/`, url]) {
      const page = await rawRequest(pageUrl);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.body).not.toContain(token);
    }
  });

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

  test('an invalid payload is a contract error, not a crash', async ({ webApp }) => {
    const auth = { Authorization: `Bearer ${webApp.current.token}`, 'Content-Type': 'application/json' };
    const wrongType = await rawRequest(`${webApp.current.origin}/api/call/settings.set`, { method: 'POST', headers: auth, body: JSON.stringify({ uploads: { concurrency: 'lots' } }) });
    expect(wrongType.status).toBe(400);
    expect(JSON.parse(wrongType.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.parse(wrongType.body).error.message).toContain('uploads.concurrency');

    const notJson = await rawRequest(`${webApp.current.origin}/api/call/settings.set`, { method: 'POST', headers: auth, body: '{"uploads":' });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const unknown = await rawRequest(`${webApp.current.origin}/api/call/tokens.dump`, { method: 'POST', headers: auth });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });

    // Still serving, and nothing was changed by the refused calls.
    const info = await rawRequest(`${webApp.current.origin}/api/call/settings.get`, { method: 'POST', headers: { Authorization: auth.Authorization } });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toMatchObject({ ok: true, value: { uploads: { concurrency: 2 } } });
  });
});
