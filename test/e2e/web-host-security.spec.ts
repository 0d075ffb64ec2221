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

  test('the page itself and the event stream need the token', async ({ webApp }) => {
    expect((await rawRequest(`${webApp.current.origin}/`)).status).toBe(403);
    expect((await rawRequest(`${webApp.current.origin}/api/events`)).status).toBe(403);
    const page = await rawRequest(webApp.current.url);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(String(page.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
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
