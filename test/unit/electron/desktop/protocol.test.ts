import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP, RENDERER_SECURITY_HEADERS } from '../../../../common/csp.js';
import { APP_SCHEME_PRIVILEGES, registerAppScheme, serveRenderer } from '../../../../electron/desktop/protocol.js';
import { createFakeElectron } from '../../../support/fake-electron/fake-electron.js';

let base: string;
let rendererDir: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'draftdeck-protocol-'));
  rendererDir = join(base, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Draftdeck</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(rendererDir, 'assets', 'app.css'), 'body{}');
  // A file beside the renderer folder that no URL may reach.
  writeFileSync(join(base, 'secret.txt'), 'top secret');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

function served() {
  const electron = createFakeElectron();
  registerAppScheme(electron.protocol);
  electron.app.ready();
  serveRenderer(electron.protocol, rendererDir);
  return electron;
}

describe('app:// scheme', () => {
  it('is registered as standard and secure before the app is ready', () => {
    const electron = served();
    expect(electron.protocol.privileged).toEqual([APP_SCHEME_PRIVILEGES]);
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } });
    // No privilege that would weaken the page's isolation.
    expect(APP_SCHEME_PRIVILEGES.privileges).not.toHaveProperty('bypassCSP');
    expect(APP_SCHEME_PRIVILEGES.privileges).not.toHaveProperty('corsEnabled');
    expect(APP_SCHEME_PRIVILEGES.privileges).not.toHaveProperty('allowServiceWorkers');
    expect(electron.calls.indexOf('protocol.registerSchemesAsPrivileged')).toBeLessThan(electron.calls.indexOf('app.ready'));
    expect([...electron.protocol.handlers.keys()]).toEqual(['app']);
  });
});

describe('renderer protocol handler', () => {
  it('serves index.html with the CSP as a header', async () => {
    const response = await served().protocol.fetch('app://draftdeck/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    for (const [name, value] of Object.entries(RENDERER_SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
    expect(await response.text()).toContain('<title>Draftdeck</title>');
  });

  it('serves assets with their type, each with the CSP header', async () => {
    const electron = served();
    const script = await electron.protocol.fetch('app://draftdeck/assets/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(await script.text()).toBe('console.log(1)');
    const style = await electron.protocol.fetch('app://draftdeck/assets/app.css');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers a client-side route with the app shell and a missing asset with 404', async () => {
    const electron = served();
    const route = await electron.protocol.fetch('app://draftdeck/drafts/42');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Draftdeck</title>');
    const missing = await electron.protocol.fetch('app://draftdeck/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(RENDERER_CSP);
  });

  it('refuses paths that would leave the renderer folder', async () => {
    const electron = served();
    for (const path of ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e%2fsecret.txt', '/..%5csecret.txt', '/index.html%00.png', '/%E0%A4%A']) {
      const response = await electron.protocol.fetch(`app://draftdeck${path}`);
      expect(response.status, path).toBe(403);
      expect(await response.text()).not.toContain('top secret');
    }
  });

  it('serves only its own host and only reads', async () => {
    const electron = served();
    expect((await electron.protocol.fetch('app://elsewhere/index.html')).status).toBe(404);
    const post = await electron.protocol.fetch('app://draftdeck/index.html', { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    const head = await electron.protocol.fetch('app://draftdeck/index.html', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-security-policy')).toBe(RENDERER_CSP);
  });
});
