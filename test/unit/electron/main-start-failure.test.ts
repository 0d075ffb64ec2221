/**
 * electron/main.ts when the app truly cannot start (another Draftdeck, here one in web mode, holds
 * the data folder): a dialog says why and where the log is, then the app exits with code 1.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE, processStartTime } from '../../../electron/services/data-dir-lock.js';
import { APP_EVENT_WAIT, type FakeElectron } from '../../support/fake-electron/fake-electron.js';
import { installFakeElectron } from '../../support/fake-electron/install-fake-electron.js';

const fake = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('../../support/fake-electron/fake-electron.js');
  return createFakeElectron({ singleInstanceLock: true });
});
vi.mock('electron', () => fake as Partial<FakeElectron>);

const root = mkdtempSync(join(tmpdir(), 'draftdeck-nostart-'));
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('main process that cannot start', () => {
  it('shows a dialog saying why, then exits with code 1 and no window', async () => {
    const userData = join(root, 'userData');
    mkdirSync(userData, { recursive: true });
    // A live process (the test runner) holds the folder in web mode.
    writeFileSync(join(userData, LOCK_FILE), JSON.stringify({ pid: process.ppid, started: processStartTime(process.ppid), runtime: 'web' }));
    fake.app.userData = userData;
    installFakeElectron(fake);
    vi.stubEnv('LOG_LEVEL', 'silent');
    vi.stubEnv('DRAFTDECK_DATA_DIR', '');
    await import('../../../electron/main.js');
    fake.app.ready();
    await vi.waitFor(() => expect(fake.app.exitCode).toBe(1), APP_EVENT_WAIT);
    expect(fake.dialog.errorBoxes).toEqual([
      // In the OS's language (the fake Electron prefers pt-PT, said in Brazilian Portuguese): no window has chosen one yet.
      { title: 'O Draftdeck não consegue iniciar', content: expect.stringContaining(`O Draftdeck já está rodando com esta pasta de dados (${userData}, processo ${process.ppid})`) },
    ]);
    expect(fake.dialog.errorBoxes[0]!.content).toContain(join(userData, 'logs', 'draftdeck.log'));
    expect(fake.BrowserWindow.getAllWindows()).toHaveLength(0);
    expect(fake.calls.indexOf('dialog.showErrorBox')).toBeLessThan(fake.calls.indexOf('app.exit(1)'));
  });
});
