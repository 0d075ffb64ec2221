/**
 * The small storage interface services persist through. Electron implements it with
 * electron-store (electron/desktop/electron-storage.ts); web mode and tests with conf, its base library.
 * Both write atomically, so a crash never leaves a half-written file.
 */
import Conf from 'conf';

export interface KeyValueStorage {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** A conf-backed store in `dir` (one JSON file per store name). */
export function createConfStorage(dir: string, name = 'draftdeck'): KeyValueStorage {
  const conf = new Conf<Record<string, unknown>>({ cwd: dir, configName: name, projectName: 'draftdeck', configFileMode: 0o600 });
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
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
