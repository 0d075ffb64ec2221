/**
 * The small storage interface services persist through. Electron implements it with
 * electron-store (electron/desktop/electron-storage.ts); web mode and tests with conf, its base library.
 * Both write atomically, so a crash never leaves a half-written file; one damaged by something
 * else (a full disk, a hand edit) is moved aside when it is opened, and the store starts empty.
 */
import Conf from 'conf';
import { existsSync } from 'node:fs';
import { isJsonObject, setAside, type DamagedContent, type DamagedFile } from './damaged-files.js';

export interface KeyValueStorage {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  /** The store's file, found damaged when it was opened and moved aside (the window is told). */
  readonly damaged?: DamagedFile | null;
}

/** What a store's file holds, in a person's words, for the notice when it was damaged. */
const STORE_CONTENTS: Record<string, string> = { draftdeck: 'Settings and accounts', 'web-session': "The web page's session (address and token)" };
const STORE_CONTENT_CODES: Record<string, DamagedContent> = { draftdeck: 'settings_accounts', 'web-session': 'web_session' };

/**
 * conf's (and electron-store's) `deserialize` for a store's file, and what to do once the store
 * is open: a file that is not a JSON object reads as empty (instead of conf refusing to start),
 * and `settle` then moves it aside, now that the store has told its path.
 */
export function damagedStoreCheck(name: string): { deserialize(text: string): Record<string, unknown>; settle(path: string): DamagedFile | null } {
  let unreadable = false;
  return {
    deserialize(text) {
      try {
        const value: unknown = JSON.parse(text);
        if (isJsonObject(value)) return value as Record<string, unknown>;
      } catch {
        // not JSON: as unreadable as the wrong shape
      }
      unreadable = true;
      return {};
    },
    settle(path) {
      if (!unreadable || !existsSync(path)) return null;
      unreadable = false;
      return setAside(path, STORE_CONTENTS[name] ?? `The ${name} store`, STORE_CONTENT_CODES[name]);
    },
  };
}

/** A conf-backed store in `dir` (one JSON file per store name). */
export function createConfStorage(dir: string, name = 'draftdeck'): KeyValueStorage {
  const check = damagedStoreCheck(name);
  const conf = new Conf<Record<string, unknown>>({ cwd: dir, configName: name, projectName: 'draftdeck', configFileMode: 0o600, deserialize: check.deserialize });
  const damaged = check.settle(conf.path);
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
    damaged,
  };
}

/** In-memory store for unit tests of pure service logic. */
export function createMemoryStorage(): KeyValueStorage {
  const data = new Map<string, unknown>();
  return {
    get: (key) => structuredClone(data.get(key)),
    set: (key, value) => void data.set(key, structuredClone(value)),
    delete: (key) => void data.delete(key),
  };
}
