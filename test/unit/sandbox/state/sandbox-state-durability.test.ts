/**
 * A save promises the state is on disk: a flush's batch is written to the journal and synced before
 * flush() resolves (the journal's directory too, when the flush created it). A compaction's
 * snapshot is synced before the rename replaces the old one, the directory after it, and only then
 * is the journal emptied. The real fs does the work; the mock only records the order of what reached it.
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
      const write = handle.write.bind(handle) as (...a: unknown[]) => Promise<unknown>;
      (handle as { write: unknown }).write = async (...a: unknown[]) => {
        const done = await write(...a);
        events.push(`write ${path}`);
        return done;
      };
      const truncate = handle.truncate.bind(handle);
      handle.truncate = async (len?: number) => {
        await truncate(len);
        events.push(`truncate ${path} ${len}`);
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
  // Windows cannot open a directory to sync it (see syncDirectory).
  const directory = () => (process.platform === 'win32' ? [] : [`sync ${dir}`]);

  it('appends a flush to the journal in one write and syncs it (and its new directory entry) before flush() resolves', async () => {
    const file = join(dir, 'state.json');
    const journal = `${file}.journal`;
    const store = await SandboxState.open(file, logger);
    store.collection<number>('c').set('k', 1);
    store.collection<number>('c').set('j', 2);
    await store.flush();
    expect(events).toEqual([...directory(), `write ${journal}`, `sync ${journal}`]);
    events.length = 0;
    store.collection<number>('c').set('k', 3);
    await store.flush();
    expect(events).toEqual([`write ${journal}`, `sync ${journal}`]);
  });

  it('compacts in a crash-safe order: the snapshot synced, renamed, its directory synced, then the journal emptied and synced', async () => {
    const file = join(dir, 'state.json');
    const journal = `${file}.journal`;
    const store = await SandboxState.open(file, logger);
    store.collection<number>('c').set('k', 1);
    await store.flush();
    events.length = 0;
    await store.close();
    const temp = `${file}.${process.pid}.tmp`;
    expect(events.filter((e) => !e.startsWith('write '))).toEqual([`sync ${temp}`, `rename ${temp} -> ${file}`, ...directory(), `truncate ${journal} 0`, `sync ${journal}`]);
  });
});
