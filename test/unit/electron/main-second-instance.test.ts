/** electron/main.ts when another Draftdeck already runs: it quits and builds nothing. */
import { describe, expect, it, vi } from 'vitest';
import type { FakeElectron } from '../../support/fake-electron/fake-electron.js';
import { installFakeElectron } from '../../support/fake-electron/install-fake-electron.js';

const fake = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('../../support/fake-electron/fake-electron.js');
  return createFakeElectron({ singleInstanceLock: false });
});
vi.mock('electron', () => fake as Partial<FakeElectron>);

describe('main process, second instance', () => {
  it('quits without opening a window or registering IPC', async () => {
    vi.stubEnv('LOG_LEVEL', 'silent');
    // main.ts imports electron-store, which Node loads itself: it must find the fake too.
    installFakeElectron(fake);
    await import('../../../electron/main.js');
    fake.app.ready();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls).toContain('app.requestSingleInstanceLock');
    expect(fake.app.quitCount).toBe(1);
    expect(fake.BrowserWindow.getAllWindows()).toHaveLength(0);
    expect(fake.ipcMain.handlers.size).toBe(0);
    expect(fake.app.listenerCount('second-instance')).toBe(0);
    vi.unstubAllEnvs();
  });
});
