/**
 * electron/main.ts started as `npm start -- --data-dir DIR --json` starts Electron: the data and
 * the logs go to DIR, the one ready line is printed once the window is up, and Settings → About
 * can name and open the logs folder.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedEmbeddedBackend } from '../../support/seed-backend.js';
import { IPC_CALL_CHANNEL } from '../../../electron/core/bridge.js';
import { printReadyLine } from '../../../electron/desktop/launch.js';
import { APP_EVENT_WAIT, APP_START_TEST_TIMEOUT, type FakeElectron } from '../../support/fake-electron/fake-electron.js';
import { installFakeElectron } from '../../support/fake-electron/install-fake-electron.js';

const fake = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('../../support/fake-electron/fake-electron.js');
  return createFakeElectron({ singleInstanceLock: true });
});
vi.mock('electron', () => fake as Partial<FakeElectron>);
vi.mock('../../../electron/desktop/launch.js', async (importOriginal) => ({ ...(await importOriginal<object>()), printReadyLine: vi.fn() }));

let root: string;
let dataDir: string;
const argv = process.argv;
const window = () => fake.BrowserWindow.getAllWindows()[0]!;
const call = (channel: string) => fake.ipcMain.invoke(IPC_CALL_CHANNEL, { sender: window().webContents, senderFrame: window().webContents.mainFrame }, channel);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'draftdeck-launch-'));
  dataDir = join(root, 'scratch');
  mkdirSync(join(root, 'app', 'dist', 'renderer'), { recursive: true });
  writeFileSync(join(root, 'app', 'dist', 'renderer', 'index.html'), '<!doctype html><title>Draftdeck</title>');
  fake.app.appPath = join(root, 'app');
  fake.app.userData = join(root, 'default-user-data');
  // The built-in profile's database, initialized already (a new one takes tens of seconds on a busy
  // machine). This makes DIR; a DIR not there yet is main-data-dir.test.ts's case.
  await seedEmbeddedBackend(dataDir);
  installFakeElectron(fake);
  vi.stubEnv('LOG_LEVEL', 'info');
  vi.stubEnv('DRAFTDECK_DATA_DIR', '');
  // As Electron run from a checkout sees it: executable, app folder, then npm start's options
  // and a Chromium switch of its own.
  process.argv = [process.execPath, join(root, 'app'), '--data-dir', dataDir, '--json', '--no-sandbox'];
  await import('../../../electron/main.js');
  fake.app.ready();
  await vi.waitFor(() => expect(fake.BrowserWindow.getAllWindows()).toHaveLength(1), APP_EVENT_WAIT);
}, APP_START_TEST_TIMEOUT);
afterAll(() => {
  process.argv = argv;
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('main process launched with --data-dir and --json', () => {
  it('keeps its data and its logs in the given folder', async () => {
    expect(fake.app.userData).toBe(dataDir);
    expect(fake.app.getPath('logs')).toBe(join(dataDir, 'logs'));
    expect(existsSync(join(dataDir, 'draftdeck.lock'))).toBe(true);
    // Log lines went to the file, scrubbed JSON as everywhere else. The window opens before the
    // built-in platform is up (main.ts: window first), and the first line may come after it.
    await vi.waitFor(() => expect(existsSync(join(dataDir, 'logs', 'draftdeck.log'))).toBe(true), APP_EVENT_WAIT);
    const lines = readFileSync(join(dataDir, 'logs', 'draftdeck.log'), 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ name: 'draftdeck' });
  });

  it('prints the ready line once, when the window is up', () => {
    expect(printReadyLine).not.toHaveBeenCalled();
    window().emit('ready-to-show');
    window().emit('ready-to-show');
    expect(printReadyLine).toHaveBeenCalledTimes(1);
  });

  it('tells Settings → About where the logs are, and opens the folder', async () => {
    const folder = join(dataDir, 'logs');
    expect(await call('logs.location')).toEqual({ ok: true, value: { folder, file: join(folder, 'draftdeck.log'), canOpen: true } });
    expect(await call('logs.openFolder')).toEqual({ ok: true, value: { opened: true } });
    expect(fake.shell.openedPaths).toEqual([folder]);
    fake.shell.openPathResult = 'Failed to open path';
    expect(await call('logs.openFolder')).toEqual({ ok: false, error: { code: 'open_failed', message: 'Could not open the logs folder: Failed to open path', words: { code: 'logs.open_failed', params: { detail: 'Failed to open path' } } } });
  });

  it('says updates need the installed app when run from a checkout', async () => {
    expect(await call('updates.status')).toMatchObject({ ok: true, value: { state: 'unsupported', currentVersion: '9.8.7' } });
    expect(await call('updates.check')).toMatchObject({ ok: false, error: { code: 'updates_unsupported' } });
  });
});
