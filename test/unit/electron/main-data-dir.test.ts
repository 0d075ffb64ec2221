/**
 * electron/main.ts with `--data-dir DIR` for a folder that is not there yet (as `npm start -- --data-dir
 * scratch` names it the first time): Electron's app.setPath throws for a folder that does not exist
 * (the fake does too), so main.ts makes it first, owner-only, as web mode does. A folder that cannot be
 * made stops the start with the start-failure dialog, not an uncaught error.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { APP_EVENT_WAIT, createFakeElectron, type FakeElectron } from '../../support/fake-electron/fake-electron.js';
import { installFakeElectron } from '../../support/fake-electron/install-fake-electron.js';

// Each case imports main.ts afresh (vi.resetModules) against a fake of its own: the mocked module
// hands out the current one's parts whenever main.ts reaches for them.
const current = vi.hoisted(() => ({ fake: null as unknown as FakeElectron }));
vi.mock('electron', () => {
  const parts = ['app', 'BrowserWindow', 'dialog', 'ipcMain', 'Notification', 'protocol', 'safeStorage', 'session', 'shell'] as const;
  return Object.defineProperties({}, Object.fromEntries(parts.map((name) => [name, { enumerable: true, get: () => current.fake[name] }])));
});

const root = mkdtempSync(join(tmpdir(), 'draftdeck-datadir-'));
const argv = process.argv;

async function startMain(dataDir: string): Promise<FakeElectron> {
  current.fake = createFakeElectron({ singleInstanceLock: true, appPath: join(root, 'app'), userData: join(root, 'default-user-data') });
  installFakeElectron(current.fake);
  vi.stubEnv('LOG_LEVEL', 'info');
  vi.stubEnv('DRAFTDECK_DATA_DIR', '');
  process.argv = [process.execPath, join(root, 'app'), '--data-dir', dataDir];
  vi.resetModules();
  await import('../../../electron/main.js');
  return current.fake;
}

afterEach(() => {
  process.argv = argv;
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('main process with a --data-dir', () => {
  it('makes a folder that is not there yet (owner-only) and keeps its data and logs there', async () => {
    const dataDir = join(root, 'new', 'scratch');
    const fake = await startMain(dataDir);
    expect(fake.app.userData).toBe(dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fake.app.getPath('logs')).toBe(join(dataDir, 'logs'));
    expect(fake.dialog.errorBoxes).toEqual([]);
  });

  it('says in the start-failure dialog why a folder it cannot make cannot be used, then exits with code 1', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    const dataDir = join(file, 'data');
    const fake = await startMain(dataDir);
    fake.app.ready();
    await vi.waitFor(() => expect(fake.app.exitCode).toBe(1), APP_EVENT_WAIT);
    // In the OS's language (the fake Electron prefers pt-PT, said in Brazilian Portuguese).
    expect(fake.dialog.errorBoxes).toEqual([{ title: 'O Draftdeck não consegue iniciar', content: expect.stringContaining(`O Draftdeck não consegue usar a pasta de dados ${dataDir}: ENOTDIR`) }]);
    // The log is where Electron keeps it by default, and the dialog names it.
    expect(fake.dialog.errorBoxes[0]!.content).toContain(join(root, 'default-user-data', 'logs', 'draftdeck.log'));
    expect(existsSync(join(root, 'default-user-data', 'logs', 'draftdeck.log'))).toBe(true);
    expect(fake.BrowserWindow.getAllWindows()).toHaveLength(0);
  });
});
