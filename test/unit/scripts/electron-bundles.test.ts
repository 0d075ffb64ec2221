/**
 * The bundles Electron actually loads (dist-electron/main.cjs and preload.cjs, built by
 * scripts/build-electron.mjs) are self-contained and work: a sandboxed preload can require only
 * 'electron', and a packaged app has no devDependencies. Both bundles are then loaded by Node's
 * own require, as Electron would, with 'electron' resolving to the fake.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDERER_CSP } from '../../../common/csp.js';
import { BRIDGE_GLOBAL, IPC_CALL_CHANNEL } from '../../../electron/core/bridge.js';
import { APP_EVENT_WAIT, APP_START_TEST_TIMEOUT, createFakeElectron, FakeEvent } from '../../support/fake-electron/fake-electron.js';
import { installFakeElectron } from '../../support/fake-electron/install-fake-electron.js';

interface Metafile {
  outputs: Record<string, { entryPoint?: string; imports: { path: string; external?: boolean }[] }>;
}
interface BuildResult {
  main: string;
  preload: string;
  metafiles: { main: Metafile; preload: Metafile };
}

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const FIRST_START_WAIT_MS = 150_000;
let appRoot: string;
let built: BuildResult;

function externals(metafile: Metafile): string[] {
  const output = Object.values(metafile.outputs).find((candidate) => candidate.entryPoint);
  return [...new Set((output?.imports ?? []).filter((entry) => entry.external).map((entry) => entry.path))].sort();
}

beforeAll(async () => {
  appRoot = mkdtempSync(join(tmpdir(), 'draftdeck-bundle-'));
  mkdirSync(join(appRoot, 'dist', 'renderer'), { recursive: true });
  writeFileSync(join(appRoot, 'dist', 'renderer', 'index.html'), '<!doctype html><title>Draftdeck</title>');
  const script = pathToFileURL(join(repo, 'scripts', 'build-electron.mjs')).href;
  const { buildElectron } = (await import(script)) as { buildElectron(options: { outDir: string; minify?: boolean; sourcemap?: 'linked' | 'external' }): Promise<BuildResult> };
  // As `npm run dist` builds them (scripts/dist.mjs): minified, the maps unlinked.
  built = await buildElectron({ outDir: join(appRoot, 'dist-electron'), minify: true, sourcemap: 'external' });
  // The built-in platform's programs, which main.cjs starts as utility processes from the app folder.
  const { buildPlatform } = (await import(pathToFileURL(join(repo, 'scripts', 'build-platform.mjs')).href)) as { buildPlatform(options: { outDir: string }): Promise<unknown> };
  await buildPlatform({ outDir: join(appRoot, 'dist-platform') });
}, 120_000);
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(appRoot, { recursive: true, force: true });
});

describe('Electron bundles', () => {
  it('the preload requires nothing but electron (a sandboxed preload cannot load files)', () => {
    expect(externals(built.metafiles.preload)).toEqual(['electron']);
  });

  it("the preload is small: the contract's names without its schemas, so no zod (it was 802 KB with them)", () => {
    const inputs = Object.keys((built.metafiles.preload as unknown as { inputs: Record<string, unknown> }).inputs);
    expect(inputs.filter((input) => input.includes('node_modules'))).toEqual([]);
    expect(statSync(built.preload).size).toBeLessThan(50 * 1024);
  });

  it('the main bundle is minified, and names no source map (they stay beside the installers)', () => {
    const main = readFileSync(built.main, 'utf8');
    expect(main).not.toContain('sourceMappingURL');
    // Minified: few, long lines (an unminified bundle has a line per statement).
    expect(main.length / main.split('\n').length).toBeGreaterThan(200);
  });

  it('the main bundle carries its dependencies: only electron, Node built-ins and the named exceptions stay outside', async () => {
    const { BUNDLE_EXTERNALS } = (await import(pathToFileURL(join(repo, 'scripts', 'build-electron.mjs')).href)) as { BUNDLE_EXTERNALS: string[] };
    const builtins = new Set(builtinModules);
    const outside = externals(built.metafiles.main).filter((path) => path !== 'electron' && !builtins.has(path.replace(/^node:/, '')));
    expect(outside.filter((path) => !BUNDLE_EXTERNALS.some((name) => path === name || path.startsWith(`${name}/`)))).toEqual([]);
  });

  it('main.cjs, loaded as Electron loads it, opens the hardened window and answers the page', async () => {
    const fake = createFakeElectron({ appPath: appRoot, userData: join(appRoot, 'userData') });
    installFakeElectron(fake);
    vi.stubEnv('LOG_LEVEL', 'silent');
    vi.stubEnv('DRAFTDECK_DATA_DIR', '');
    createRequire(import.meta.url)(built.main);
    expect(fake.calls).toEqual(expect.arrayContaining(['app.enableSandbox', 'protocol.registerSchemesAsPrivileged', 'app.requestSingleInstanceLock']));

    fake.app.ready();
    // The window opens first: the built-in platform starts after it, in the background.
    await vi.waitFor(() => expect(fake.BrowserWindow.getAllWindows()).toHaveLength(1), APP_EVENT_WAIT);
    const [window] = fake.BrowserWindow.getAllWindows();
    const preferences = window!.options.webPreferences!;
    expect(preferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    // The preload path main.cjs computes is the preload bundle next to it.
    expect(preferences.preload).toBe(built.preload);
    expect(statSync(preferences.preload!).isFile()).toBe(true);

    const page = await fake.protocol.fetch(window!.loadedUrls[0]!);
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    const event = { sender: window!.webContents, senderFrame: window!.webContents.mainFrame };
    expect(await fake.ipcMain.invoke(IPC_CALL_CHANNEL, event, 'app.info')).toMatchObject({ ok: true, value: { runtime: 'electron' } });
    // The built-in profile's Store needs the backend program, started as a utility process from the
    // app folder's dist-platform/ with its PGlite database (a new one: initdb first, a minute or
    // more on a busy machine), reading its WebAssembly and data files beside backend.cjs.
    expect(await fake.ipcMain.invoke(IPC_CALL_CHANNEL, event, 'store.catalog')).toMatchObject({ ok: true, value: { available: true } });
    expect(fake.utilityProcess.forked).toEqual([join(appRoot, 'dist-platform', 'sandbox.cjs'), join(appRoot, 'dist-platform', 'backend.cjs')]);
    expect(statSync(join(appRoot, 'userData', 'backend', 'pglite', 'PG_VERSION')).isFile()).toBe(true);

    window!.close();
    fake.app.emit('window-all-closed');
    fake.app.emit('will-quit', new FakeEvent());
    await vi.waitFor(() => expect(fake.app.quitCount).toBe(2), APP_EVENT_WAIT);
  }, FIRST_START_WAIT_MS + APP_START_TEST_TIMEOUT);

  it('preload.cjs exposes the bridge, and only the bridge', () => {
    const fake = createFakeElectron();
    installFakeElectron(fake);
    createRequire(import.meta.url)(built.preload);
    expect(Object.keys(fake.contextBridge.exposed)).toEqual([BRIDGE_GLOBAL]);
    expect(Object.keys(fake.contextBridge.exposed[BRIDGE_GLOBAL] as object).sort()).toEqual(['invoke', 'on']);
  });
});
