import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../common/log.js';
import { SandboxState } from '../../../../sandbox/state/sandbox-state.js';

const logger = createLogger({ name: 'test', level: 'silent' });
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sbx-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SandboxState', () => {
  it('keeps named collections and the clock offset across a reopen', async () => {
    const file = join(dir, 'state.json');
    const store = await SandboxState.open(file, logger);
    store.trackClockOffset(() => 42_000);
    store.collection<{ n: number }>('things').set('a', { n: 1 });
    store.collection<{ n: number }>('things').update('a', (t) => ({ n: t.n + 1 }));
    store.collection<string>('other').set('x', 'y');
    await store.close();

    const again = await SandboxState.open(file, logger);
    expect(again.loadedClockOffsetMs).toBe(42_000);
    expect(again.collection<{ n: number }>('things').get('a')).toEqual({ n: 2 });
    expect(again.collection<string>('other').values()).toEqual(['y']);
    await again.close();
    // The snapshot close wrote and its journal, emptied; no temp file is left behind by the atomic write.
    expect((await readdir(dir)).sort()).toEqual(['state.json', 'state.json.journal']);
    expect(await readFile(`${file}.journal`, 'utf8')).toBe('');
  });

  it('saves shortly after a change without an explicit flush', async () => {
    const file = join(dir, 'state.json');
    const store = await SandboxState.open(file, logger);
    store.collection<number>('c').set('k', 7);
    // Until the save lands in the journal (25 ms after the change on a quiet machine), not a fixed wait.
    const journal = async () => (await readFile(`${file}.journal`, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown);
    await vi.waitFor(async () => expect(await journal()).toEqual([{ seq: 1, collection: 'c', id: 'k', value: 7 }, { seq: 1, end: { records: 1, clock_offset_ms: 0 } }]), { timeout: 10_000, interval: 10 });
    await store.close();
  });

  it('an in-memory store never writes', async () => {
    const store = await SandboxState.open(undefined, logger);
    store.collection<number>('c').set('k', 1);
    await store.flush();
    expect(await readdir(dir)).toEqual([]);
  });

  it('sets a state file of another format aside with the time and starts empty, saying where the copy is', async () => {
    const file = join(dir, 'state.json');
    const foreign = JSON.stringify({ version: 99, collections: { c: { k: 1 } } });
    await (await import('node:fs/promises')).writeFile(file, foreign);
    const store = await SandboxState.open(file, logger);
    expect(store.collection<number>('c').get('k')).toBeUndefined();
    expect(store.setAside).toEqual({ file, moved_to: expect.stringMatching(/state\.json\.damaged-\d{4}-\d\d-\d\dT/) });
    expect(await readFile(store.setAside!.moved_to, 'utf8')).toBe(foreign);
    await store.close();
  });
});
