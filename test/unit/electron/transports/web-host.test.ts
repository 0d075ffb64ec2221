import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebTransport, type WebTransport } from '../../../../electron/transports/web-host.js';
import { createDispatcher } from '../../../../electron/core/dispatcher.js';
import { EventHub } from '../../../../electron/transports/event-hub.js';
import { DEFAULT_SETTINGS } from '../../../../electron/core/contract/index.js';
import { rawRequest } from '../../../support/raw-http.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { testHandlers } from '../../../support/handlers.js';

let transport: WebTransport;
let hub: EventHub;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dd-web-'));
  mkdirSync(join(dir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Draftdeck</title>');
  writeFileSync(join(dir, 'renderer', 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'TOP-SECRET-CONTENT');
  hub = new EventHub();
  const { log } = memoryLogger();
  const dispatch = createDispatcher(
    testHandlers({
      'app.info': () => ({ name: 'Draftdeck', version: '0', runtime: 'web', os: 'linux', languages: [], sandbox: null }),
      'settings.get': () => DEFAULT_SETTINGS,
      'settings.set': (patch) => ({ ...DEFAULT_SETTINGS, ...patch }),
      'shell.openExternal': () => ({ opened: false }),
    }),
    log,
  );
  transport = await startWebTransport({ dispatch, hub, rendererDir: join(dir, 'renderer'), log });
});

afterAll(async () => {
  await transport.close();
  rmSync(dir, { recursive: true, force: true });
});

const auth = () => ({ Authorization: `Bearer ${transport.token}` });

describe('web transport', () => {
  it('binds loopback on a random port with a long random token', () => {
    expect(transport.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(transport.port).toBeGreaterThan(0);
    expect(transport.token.length).toBeGreaterThanOrEqual(40);
  });

  it('carries calls with the bearer token, and nothing else stands for it', async () => {
    const byBearer = await rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST', headers: auth() });
    expect(JSON.parse(byBearer.body)).toMatchObject({ ok: true, value: { name: 'Draftdeck' } });
    const refused = [
      rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST' }),
      rawRequest(`${transport.origin}/api/call/app.info?token=${transport.token}`, { method: 'POST' }),
      rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST', headers: { Cookie: `draftdeck_session=${transport.token}` } }),
      rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST', headers: { Authorization: transport.token } }),
      rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST', headers: { Authorization: `Bearer ${transport.token}x` } }),
      rawRequest(`${transport.origin}/api/events?token=${transport.token}`),
      rawRequest(`${transport.origin}/api/files?token=${transport.token}`, { method: 'POST', body: 'x' }),
      rawRequest(`${transport.origin}/api/nothing-here`),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect((await rawRequest(`${transport.origin}/api/nothing-here`, { headers: auth() })).status).toBe(404);
  });

  it('serves the page and its assets without the token, and sets no cookie', async () => {
    for (const url of [`${transport.origin}/`, transport.url, `${transport.origin}/assets/app.js`, `${transport.origin}/queue`]) {
      const response = await rawRequest(url);
      expect(response.status, url).toBe(200);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    const page = await rawRequest(transport.url);
    expect(page.body).toContain('<title>Draftdeck</title>');
    expect(page.body).not.toContain(transport.token);
  });

  it("accepts the app's own Origin as 127.0.0.1 or localhost, and no other", async () => {
    for (const origin of [transport.origin, `http://localhost:${transport.port}`]) {
      expect((await rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST', headers: { ...auth(), Origin: origin } })).status, origin).toBe(200);
      expect((await rawRequest(`${transport.origin}/assets/app.js`, { headers: { Origin: origin } })).status, origin).toBe(200);
    }
    // Look-alikes that start with an allowed origin (another port whose digits begin with ours, a
    // host under attacker.example) are other origins too: compared whole, never by prefix.
    const lookAlikes = [`${transport.origin}0`, `http://localhost:${transport.port}.attacker.example`, `${transport.origin}/`];
    for (const origin of [`http://localhost:${transport.port + 1}`, `https://127.0.0.1:${transport.port}`, 'http://attacker.example', 'null', ...lookAlikes]) {
      expect((await rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST', headers: { ...auth(), Origin: origin } })).status, origin).toBe(403);
      expect((await rawRequest(`${transport.origin}/`, { headers: { Origin: origin } })).status, origin).toBe(403);
    }
  });

  it('accepts localhost as Host but nothing else, for the page too', async () => {
    const ok = await rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST', headers: { ...auth(), Host: `localhost:${transport.port}` } });
    expect(ok.status).toBe(200);
    const rebound = await rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST', headers: { ...auth(), Host: `127.0.0.1:${transport.port + 1}` } });
    expect(rebound.status).toBe(403);
    expect((await rawRequest(`${transport.origin}/`, { headers: { Host: `localhost:${transport.port}` } })).status).toBe(200);
    expect((await rawRequest(`${transport.origin}/`, { headers: { Host: 'attacker.example' } })).status).toBe(403);
    expect((await rawRequest(`${transport.origin}/assets/app.js`, { headers: { Host: `attacker.example:${transport.port}` } })).status).toBe(403);
  });

  it('refuses non-JSON bodies, wrong methods and oversize bodies', async () => {
    const form = await rawRequest(`${transport.origin}/api/call/settings.set`, { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(form.status).toBe(415);
    const get = await rawRequest(`${transport.origin}/api/call/app.info`, { headers: auth() });
    expect(get.status).toBe(405);
    const huge = await rawRequest(`${transport.origin}/api/call/settings.set`, { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/json' }, body: JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
  });

  it('serves the renderer with the CSP and never a file outside it', async () => {
    const asset = await rawRequest(`${transport.origin}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['content-security-policy']).toContain("default-src 'none'");
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/assets%5c..%5c..%5csecret.txt', '/index.html%00.png', '/%E0%A4%A']) {
      const response = await rawRequest(`${transport.origin}${path}`);
      expect(response.body, path).not.toContain('TOP-SECRET-CONTENT');
    }
    // Refused outright, as by the app:// handler (one check serves both).
    for (const path of ['/..%2fsecret.txt', '/..%5csecret.txt', '/index.html%00.png', '/%E0%A4%A']) {
      expect((await rawRequest(`${transport.origin}${path}`)).status, path).toBe(403);
    }
    expect((await rawRequest(`${transport.origin}/assets/missing.js`)).status).toBe(404);
    expect((await rawRequest(`${transport.origin}/queue`)).body).toContain('<title>Draftdeck</title>');
  });

  it('streams event batches over SSE', async () => {
    const controller = new AbortController();
    const response = await fetch(`${transport.origin}/api/events`, { headers: auth(), signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    await reader.read(); // ": connected"
    for (let i = 0; i < 50; i++) hub.emit('settings.changed', DEFAULT_SETTINGS);
    let text = '';
    while (!text.includes('\n\n') || !text.includes('data:')) text += new TextDecoder().decode((await reader.read()).value);
    const batch = JSON.parse(text.slice(text.indexOf('data: ') + 6, text.indexOf('\n\n', text.indexOf('data: '))));
    expect(batch).toHaveLength(50);
    expect(batch[0]).toMatchObject({ name: 'settings.changed' });
    controller.abort();
  });
});
