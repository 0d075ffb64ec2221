/**
 * The web host refuses what is not the app (docs/ARCHITECTURE.md "The web host's security model"):
 * raw HTTP against web mode started as a program, one app for the file. The checks that need a
 * page (the token kept in it, the event stream coming back) are test/e2e/web-host-security.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../support/raw-http.js';
import { removeDir, startWebApp, type RunningWebApp } from '../../../support/web-app.js';

let web: RunningWebApp;
beforeAll(async () => {
  web = await startWebApp();
}, 120_000);
afterAll(async () => {
  await web?.stop();
  if (web) removeDir(web.dataDir);
});

describe('the web host refuses what is not the app', () => {
  it('a call without the session token is 403', async () => {
    const response = await rawRequest(`${web.origin}/api/call/app.info`, { method: 'POST' });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('a call with a wrong token is 403', async () => {
    const response = await rawRequest(`${web.origin}/api/call/app.info`, { method: 'POST', headers: { Authorization: `Bearer ${'x'.repeat(web.token.length)}` } });
    expect(response.status).toBe(403);
  });

  it('a call with the token but a foreign Host header is 403 (DNS rebinding)', async () => {
    const response = await rawRequest(`${web.origin}/api/call/app.info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${web.token}`, Host: 'attacker.example:80' },
    });
    expect(response.status).toBe(403);
  });

  it('a call with the token from a foreign Origin is 403', async () => {
    const response = await rawRequest(`${web.origin}/api/call/app.info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${web.token}`, Origin: 'https://attacker.example' },
    });
    expect(response.status).toBe(403);
  });

  it('the API and the event stream need the token; the page itself carries no secret and loads without it; no cookie is set', async () => {
    const { origin, token, url } = web;
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

  it('an invalid payload is a contract error, not a crash', async () => {
    const auth = { Authorization: `Bearer ${web.token}`, 'Content-Type': 'application/json' };
    const wrongType = await rawRequest(`${web.origin}/api/call/settings.set`, { method: 'POST', headers: auth, body: JSON.stringify({ uploads: { concurrency: 'lots' } }) });
    expect(wrongType.status).toBe(400);
    expect(JSON.parse(wrongType.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.parse(wrongType.body).error.message).toContain('uploads.concurrency');

    const notJson = await rawRequest(`${web.origin}/api/call/settings.set`, { method: 'POST', headers: auth, body: '{"uploads":' });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const unknown = await rawRequest(`${web.origin}/api/call/tokens.dump`, { method: 'POST', headers: auth });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });

    // Still serving, and nothing was changed by the refused calls.
    const info = await rawRequest(`${web.origin}/api/call/settings.get`, { method: 'POST', headers: { Authorization: auth.Authorization } });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toMatchObject({ ok: true, value: { uploads: { concurrency: 2 } } });
  });
});
