/**
 * The services' KeyValueStorage in Electron, on electron-store: one JSON file in the app's userData
 * folder, written atomically. It lives in desktop/ because electron-store imports 'electron'.
 * Web mode and tests use conf (electron-store's base library) through electron/services/storage.ts
 * with the same file name, so both runtimes read the same settings from the same folder.
 *
 * electron-store also answers a sync IPC message ('electron-store-get-data': the userData path and
 * app version) for use from renderers. Our page cannot send it: it has no ipcRenderer, only the
 * preload's two contract functions.
 */
import ElectronStore from 'electron-store';
import { damagedStoreCheck, type KeyValueStorage } from '../services/storage.js';

export interface ElectronStorageOptions {
  /** File name without `.json`; the same default as web mode's conf store. */
  name?: string;
  /** Folder; electron-store's default is app.getPath('userData'). */
  cwd?: string;
}

export function createElectronStorage({ name = 'draftdeck', cwd }: ElectronStorageOptions = {}): KeyValueStorage {
  const check = damagedStoreCheck(name);
  const store = new ElectronStore<Record<string, unknown>>({ name, configFileMode: 0o600, deserialize: check.deserialize, ...(cwd === undefined ? {} : { cwd }) });
  const damaged = check.settle(store.path);
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
    damaged,
  };
}
