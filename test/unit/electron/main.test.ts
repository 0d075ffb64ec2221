/**
 * electron/main.ts as Electron would run it, against the fake: what happens before 'ready',
 * what the window and session look like after, and a call from the page travelling through the
 * real transport, dispatcher, services and electron-store.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedEmbeddedBackend } from '../../support/seed-backend.js';
import { RENDERER_CSP } from '../../../common/csp.js';
import { IPC_CALL_CHANNEL } from '../../../electron/core/bridge.js';
import { requestTo } from '../../../platform-api/agents.js';
import { startConnectProxy } from '../../support/connect-proxy.js';
import { APP_EVENT_WAIT, APP_START_TEST_TIMEOUT, FakeEvent, type FakeBrowserWindow, type FakeElectron } from '../../support/fake-electron/fake-electron.js';
import { installFakeElectron } from '../../support/fake-electron/install-fake-electron.js';

const fake = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('../../support/fake-electron/fake-electron.js');
  return createFakeElectron({ singleInstanceLock: true });
});
vi.mock('electron', () => fake as Partial<FakeElectron>);

let root: string;
/** The process-level handlers main.ts adds (the test calls them: emitting on the real process would reach vitest's own). */
let processHandlers: { uncaught: (error: Error, origin: string) => void; rejected: (reason: unknown) => void };
const windows = () => fake.BrowserWindow.getAllWindows();
const mainWindow = () => windows()[0]!;
const callFrom = (window: FakeBrowserWindow, channel: string, input?: unknown) =>
  fake.ipcMain.invoke(IPC_CALL_CHANNEL, { sender: window.webContents, senderFrame: window.webContents.mainFrame }, channel, input);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'draftdeck-main-'));
  mkdirSync(join(root, 'app', 'dist', 'renderer'), { recursive: true });
  writeFileSync(join(root, 'app', 'dist', 'renderer', 'index.html'), '<!doctype html><title>Draftdeck</title>');
  fake.app.appPath = join(root, 'app');
  fake.app.userData = join(root, 'userData');
  await seedEmbeddedBackend(fake.app.userData);
  installFakeElectron(fake);
  vi.stubEnv('LOG_LEVEL', process.env.TEST_LOG_LEVEL ?? 'silent');
  vi.stubEnv('DRAFTDECK_DATA_DIR', '');
  const listeners = (event: string) => process.listeners(event as 'uncaughtException') as unknown[];
  const before = { uncaught: listeners('uncaughtException'), rejected: listeners('unhandledRejection') };
  await import('../../../electron/main.js');
  const [uncaught] = listeners('uncaughtException').filter((listener) => !before.uncaught.includes(listener));
  const [rejected] = listeners('unhandledRejection').filter((listener) => !before.rejected.includes(listener));
  processHandlers = { uncaught: uncaught as typeof processHandlers.uncaught, rejected: rejected as typeof processHandlers.rejected };
  process.removeListener('uncaughtException', uncaught as never);
  process.removeListener('unhandledRejection', rejected as never);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('main process', () => {
  it('before ready: sandboxes every renderer, privileges app://, takes the single-instance lock', () => {
    expect(fake.calls).toEqual(expect.arrayContaining(['app.enableSandbox', 'protocol.registerSchemesAsPrivileged', 'app.requestSingleInstanceLock']));
    expect(fake.calls).not.toContain('app.ready');
    expect(windows()).toHaveLength(0);
  });

  it('after ready: serves the renderer and opens one hardened window on app://', async () => {
    fake.app.ready();
    await vi.waitFor(() => expect(windows()).toHaveLength(1), APP_EVENT_WAIT);
    expect(fake.calls).toContain('protocol.handle(app)');
    expect(mainWindow().options.webPreferences).toMatchObject({
      preload: join(root, 'app', 'dist-electron', 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(mainWindow().loadedUrls).toEqual(['app://draftdeck/']);
    const page = await fake.protocol.fetch('app://draftdeck/');
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(await page.text()).toContain('<title>Draftdeck</title>');
  }, APP_START_TEST_TIMEOUT);

  it('denies permissions and keeps every webContents on the app origin', async () => {
    expect(await fake.session.defaultSession.requestPermission('media')).toBe(false);
    expect(mainWindow().webContents.navigate('https://example.com/')).toBe(true);
    expect(mainWindow().webContents.openWindow('https://example.com/')).toBe('deny');
  });

  it('answers the page through the transport, the dispatcher and the services', async () => {
    expect(await callFrom(mainWindow(), 'app.info')).toMatchObject({ ok: true, value: { name: 'Draftdeck', runtime: 'electron', version: '9.8.7', languages: ['pt-PT', 'en-US'] } });
    expect(await callFrom(mainWindow(), 'settings.set', { uploads: { concurrency: 4 } })).toMatchObject({ ok: true, value: { uploads: { concurrency: 4 } } });
    // Persisted by electron-store in userData.
    expect(JSON.parse(readFileSync(join(root, 'userData', 'draftdeck.json'), 'utf8'))).toMatchObject({ settings: { uploads: { concurrency: 4 } } });
  });

  it("sends main-process requests the way the system's proxy settings say (session.resolveProxy)", async () => {
    const target = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const proxy = await startConnectProxy();
    const address = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
    fake.session.defaultSession.proxyAnswer = `PROXY ${new URL(proxy.url).host}; DIRECT`;
    try {
      const body = await new Promise<string>((resolve, reject) => {
        requestTo(new URL(address), { method: 'GET', headers: { Connection: 'close' } })
          .on('response', (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve(text));
          })
          .on('error', reject)
          .end();
      });
      expect(body).toBe('ok');
      expect(fake.session.defaultSession.proxyAsked).toContain(address);
      expect(proxy.tunnels.map((tunnel) => tunnel.target)).toEqual([new URL(address).host]);
    } finally {
      fake.session.defaultSession.proxyAnswer = 'DIRECT';
      proxy.server.closeAllConnections();
      target.closeAllConnections();
      await Promise.all([new Promise((resolve) => proxy.server.close(resolve)), new Promise((resolve) => target.close(resolve))]);
    }
  });

  it('keeps secrets in the OS key store through safeStorage', async () => {
    expect(await callFrom(mainWindow(), 'vault.status')).toMatchObject({ ok: true, value: { backend: 'gnome_libsecret', protection: 'os_keystore', persistent: true } });
  });

  it('opens vetted links in the system browser through shell.openExternal', async () => {
    fake.shell.opened.length = 0;
    expect(await callFrom(mainWindow(), 'shell.openExternal', { url: 'https://example.com/help' })).toEqual({ ok: true, value: { opened: true } });
    expect(await callFrom(mainWindow(), 'shell.openExternal', { url: 'file:///etc/passwd' })).toMatchObject({ ok: false });
    expect(fake.shell.opened).toEqual(['https://example.com/help']);
  });

  it('says failures nothing else caught in a dialog, and keeps running', () => {
    expect(processHandlers.uncaught).toBeTypeOf('function');
    processHandlers.uncaught(new Error('a bug in a timer'), 'uncaughtException');
    processHandlers.rejected(new Error('a promise nobody awaited'));
    expect(fake.dialog.errorBoxes.map((box) => box.content.split('\n')[0])).toEqual(['a bug in a timer', 'a promise nobody awaited']);
    expect(fake.app.exitCode).toBeNull();
  });

  it('asks Wait or Reload (in the window’s language) when the page stops responding, and reloads it on Reload', async () => {
    fake.dialog.nextResponse = 1;
    const loads = mainWindow().loadedUrls.length;
    mainWindow().hang();
    await vi.waitFor(() => expect(mainWindow().webContents.crashedOnPurpose).toBe(1));
    // In the window's language: the fake OS prefers pt-PT, which Draftdeck speaks as Brazilian Portuguese.
    expect(fake.dialog.messageBoxes).toEqual([{ window: mainWindow(), options: expect.objectContaining({ title: 'O Draftdeck não está respondendo', buttons: ['Esperar', 'Recarregar'] }) }]);
    expect(mainWindow().loadedUrls.slice(loads)).toEqual(['app://draftdeck/']);
  });

  it("replaces Electron's menu with Draftdeck's: Help opens the docs, the logs folder and About", async () => {
    const help = fake.Menu.application!.find((item) => item.role === 'help')!.submenu as { label?: string; click?: () => void }[];
    expect(JSON.stringify(fake.Menu.application)).not.toContain('electronjs.org');
    fake.shell.opened.length = 0;
    // In the window's language: the fake OS prefers pt-PT, which Draftdeck speaks as Brazilian Portuguese.
    help.find((item) => item.label === 'Documentação do Draftdeck')!.click!();
    help.find((item) => item.label === 'Abrir pasta de logs')!.click!();
    await vi.waitFor(() => expect(fake.shell.opened).toEqual(['https://draftdeck.app/docs/']));
    await vi.waitFor(() => expect(fake.shell.openedPaths).toEqual([join(root, 'userData', 'logs')]));
    if (process.platform !== 'darwin') {
      help.find((item) => item.label === 'Sobre o Draftdeck')!.click!();
      expect(fake.app.aboutShown).toBe(1);
    }
  });

  it('listens for child processes going away', () => {
    expect(fake.app.listenerCount('child-process-gone')).toBe(1);
    fake.app.emit('child-process-gone', new FakeEvent(), { type: 'GPU', reason: 'crashed', exitCode: 139 });
  });

  it('brings the window forward when the app is launched again', () => {
    mainWindow().minimize();
    fake.app.emit('second-instance', new FakeEvent(), [], '/');
    expect(mainWindow()).toMatchObject({ minimized: false, focused: true });
  });

  it('quits when the last window closes, after closing the app', async () => {
    mainWindow().close();
    fake.app.emit('window-all-closed');
    expect(fake.app.quitCount).toBe(1);
    const willQuit = new FakeEvent();
    fake.app.emit('will-quit', willQuit);
    expect(willQuit.defaultPrevented).toBe(true);
    expect(fake.ipcMain.handlers.has(IPC_CALL_CHANNEL)).toBe(false);
    // Closing the app closes the built-in profile's backend, which finishes opening its database first.
    await vi.waitFor(() => expect(fake.app.quitCount).toBe(2), { timeout: 30_000 });
    const again = new FakeEvent();
    fake.app.emit('will-quit', again);
    expect(again.defaultPrevented).toBe(false);
  });
});
