/**
 * A save promises the state is on disk: the temp file is synced before the rename replaces the old
 * state, and the directory is synced after it, all before flush() resolves. The real fs does the
 * work; the mock only records the order of what reached it.
 */
import type * as FsPromises from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../common/log.js';
import { SandboxState } from '../../../../sandbox/state/sandbox-state.js';

const events: string[] = [];

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return {
    ...actual,
    open: async (...args: Parameters<typeof actual.open>) => {
      const handle = await actual.open(...args);
      const path = String(args[0]);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        await sync();
        events.push(`sync ${path}`);
      };
      return handle;
    },
    rename: async (from: string, to: string) => {
      await actual.rename(from, to);
      events.push(`rename ${from} -> ${to}`);
    },
  };
});

const logger = createLogger({ name: 'test', level: 'silent' });
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sbx-store-sync-'));
  events.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SandboxState durability', () => {
  it('syncs the new state file before the rename and the directory after it, before flush() resolves', async () => {
    const file = join(dir, 'state.json');
    const store = await SandboxState.open(file, logger);
    store.collection<number>('c').set('k', 1);
    await store.flush();
    const temp = `${file}.${process.pid}.tmp`;
    // Windows cannot open a directory to sync it (see syncDirectory).
    const directory = process.platform === 'win32' ? [] : [`sync ${dir}`];
    expect(events).toEqual([`sync ${temp}`, `rename ${temp} -> ${file}`, ...directory]);
  });
});
