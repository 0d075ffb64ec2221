/**
 * The real electron-store (and conf beneath it), with Node resolving its `import 'electron'` to
 * the fake: the store lands in the fake app's userData folder, as it would in Electron.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeElectron } from '../../../support/fake-electron/fake-electron.js';
import { installFakeElectron } from '../../../support/fake-electron/install-fake-electron.js';

const electron = createFakeElectron();
let userData: string;

beforeAll(() => {
  userData = mkdtempSync(join(tmpdir(), 'draftdeck-store-'));
  electron.app.userData = userData;
  installFakeElectron(electron);
});
afterAll(() => rmSync(userData, { recursive: true, force: true }));

describe('electron-store KeyValueStorage', () => {
  it('round-trips values through a JSON file in userData', async () => {
    const { createElectronStorage } = await import('../../../../electron/desktop/electron-storage.js');
    const store = createElectronStorage();
    expect(store.get('settings')).toBeUndefined();
    store.set('settings', { uploads: { concurrency: 3 }, list: [1, 2] });
    expect(store.get('settings')).toEqual({ uploads: { concurrency: 3 }, list: [1, 2] });

    const file = join(userData, 'draftdeck.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ settings: { uploads: { concurrency: 3 }, list: [1, 2] } });
    // A new store (the next launch) reads what the last one wrote.
    expect(createElectronStorage().get('settings')).toEqual({ uploads: { concurrency: 3 }, list: [1, 2] });

    store.delete('settings');
    expect(createElectronStorage().get('settings')).toBeUndefined();
  });

  it('takes another file name and folder when asked', async () => {
    const { createElectronStorage } = await import('../../../../electron/desktop/electron-storage.js');
    const cwd = join(userData, 'elsewhere');
    createElectronStorage({ name: 'accounts', cwd }).set('k', 'v');
    expect(existsSync(join(cwd, 'accounts.json'))).toBe(true);
    expect(createElectronStorage({ name: 'accounts', cwd }).get('k')).toBe('v');
  });

  it('moves a damaged file aside with the time before electron-store opens it, and says so', async () => {
    const { createElectronStorage } = await import('../../../../electron/desktop/electron-storage.js');
    const file = join(userData, 'draftdeck.json');
    for (const damaged of ['{"settings":{"uploads":', '[1,2,3]']) {
      writeFileSync(file, damaged);
      const store = createElectronStorage();
      expect(store.damaged).toEqual({ what: 'Settings and accounts', content: 'settings_accounts', file, movedTo: expect.stringMatching(/draftdeck\.json\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/) });
      expect(readFileSync(store.damaged!.movedTo, 'utf8')).toBe(damaged);
      store.set('settings', { fresh: true });
      expect(createElectronStorage().damaged).toBeNull();
      rmSync(store.damaged!.movedTo);
    }
  });
});
