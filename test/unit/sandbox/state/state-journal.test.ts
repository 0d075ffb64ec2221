/**
 * The journal: a save appends what changed since the last one (each record once, its latest value
 * or its deletion), so its cost follows the change, not the state; a reopen replays it over the
 * snapshot; it is compacted into a new snapshot once it outgrows it; a state file of the version
 * before the journal opens and is upgraded.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../common/log.js';
import { closeStatesAndRemove, freshStateFiles, openState } from '../../../support/sandbox-state-files.js';

const logger = createLogger({ name: 'test', level: 'silent' });
let dir: string;
let file: string;
let journal: string;

beforeEach(async () => ({ dir, file, journal } = await freshStateFiles('sbx-journal-')));
afterEach(() => closeStatesAndRemove(dir));

const size = async (path: string) => (await stat(path)).size;
const journalLines = async () => (await readFile(journal, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the sandbox state journal', () => {
  it('reopens with the latest value of each record and without the deleted ones, after many saves', async () => {
    const store = await openState(file, logger);
    const things = store.collection<{ n: number }>('things');
    const expected = new Map<string, { n: number }>();
    for (let i = 0; i < 60; i++) {
      things.set(`t${i}`, { n: i });
      expected.set(`t${i}`, { n: i });
      if (i % 7 === 0) await store.flush();
    }
    for (let i = 0; i < 60; i += 3) expected.set(`t${i}`, things.update(`t${i}`, (t) => ({ n: t.n * 10 }))!);
    await store.flush();
    for (let i = 0; i < 60; i += 4) {
      things.delete(`t${i}`);
      expected.delete(`t${i}`);
    }
    store.collection<string>('other').set('x', 'y');
    store.trackClockOffset(() => 9_000);
    await store.flush();
    // All of it is in the journal: no save wrote the whole state.
    await expect(stat(file)).rejects.toThrow(/ENOENT/);

    const again = await openState(file, logger);
    expect(new Map(again.collection<{ n: number }>('things').entries())).toEqual(expected);
    expect(again.collection<string>('other').get('x')).toBe('y');
    expect(again.loadedClockOffsetMs).toBe(9_000);
    expect(again.setAside).toBeNull();
  });

  it('writes a record changed several times in one save once, as it is at the save', async () => {
    const store = await openState(file, logger);
    const c = store.collection<number>('c');
    c.set('a', 1);
    c.set('a', 2);
    c.set('b', 1);
    c.delete('b');
    c.set('b', 2);
    c.delete('b');
    await store.flush();
    expect(await journalLines()).toEqual([
      { seq: 1, collection: 'c', id: 'a', value: 2 },
      { seq: 1, collection: 'c', id: 'b', deleted: true },
      { seq: 1, end: { records: 2, clock_offset_ms: 0 } },
    ]);
    // Nothing changed since: a flush writes nothing.
    await store.flush();
    expect(await journalLines()).toHaveLength(3);
  });

  it('appends bytes in proportion to the one record changed among 10,000, and leaves the snapshot alone', async () => {
    const store = await openState(file, logger);
    const publishes = store.collection<{ id: number; received_bytes: number; padding: string }>('publishes');
    for (let i = 0; i < 10_000; i++) publishes.set(`p${i}`, { id: i, received_bytes: 0, padding: 'x'.repeat(500) });
    await store.close(); // the snapshot holds them all, the journal is empty

    const reopened = await openState(file, logger);
    const before = await stat(file);
    const changed = reopened.collection<{ id: number; received_bytes: number; padding: string }>('publishes').update('p4321', (p) => ({ ...p, received_bytes: 33_554_432 }))!;
    await reopened.flush();
    const record = Buffer.byteLength(JSON.stringify(changed));
    const grown = await size(journal);
    // The record, its collection, id and sequence, and the batch's end line: not 5 MB of state.
    expect(before.size).toBeGreaterThan(5_000_000);
    expect(grown).toBeGreaterThan(record);
    expect(grown).toBeLessThan(record + 200);
    const after = await stat(file);
    expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);

    const again = await openState(file, logger);
    expect(again.collection<{ received_bytes: number }>('publishes').get('p4321')!.received_bytes).toBe(33_554_432);
    expect(again.collection('publishes').size).toBe(10_000);
  });

  it('compacts into a new snapshot once the journal outgrows the snapshot and the minimum, and reads the same after', async () => {
    const store = await openState(file, logger, { compactMinBytes: 2_000 });
    const c = store.collection<{ n: number; text: string }>('c');
    let compactedAt = -1;
    for (let i = 0; i < 40 && compactedAt < 0; i++) {
      c.set(`k${i % 5}`, { n: i, text: 'y'.repeat(100) });
      await store.flush();
      if ((await stat(file).catch(() => null)) !== null) compactedAt = i;
    }
    // ~210 bytes a save: past 2,000 bytes of journal after about ten saves, not at the first.
    expect(compactedAt).toBeGreaterThan(5);
    expect(await size(journal)).toBe(0);
    const snapshot = JSON.parse(await readFile(file, 'utf8')) as { version: number; journal_seq: number; collections: Record<string, unknown> };
    expect(snapshot.version).toBe(2);
    expect(snapshot.journal_seq).toBe(compactedAt + 1);
    // The journal stays small next to a snapshot: the next compaction comes only when it outgrows it again.
    c.set('after', { n: -1, text: '' });
    await store.flush();
    expect(await size(journal)).toBeGreaterThan(0);

    const again = await openState(file, logger);
    expect(new Map(again.collection('c').entries())).toEqual(new Map(c.entries()));
  });

  it('opens a state file of the version before the journal, and upgrades it without setting it aside', async () => {
    const old = { version: 1, saved_at: '2026-01-02T03:04:05.000Z', clock_offset_ms: 5_000, collections: { c: { k: 1, gone: 2 }, d: { x: 'y' } } };
    await writeFile(file, JSON.stringify(old));
    const store = await openState(file, logger);
    expect(store.setAside).toBeNull();
    expect(store.loadedClockOffsetMs).toBe(5_000);
    expect(new Map(store.collection('c').entries())).toEqual(new Map([['k', 1], ['gone', 2]]));
    store.collection<number>('c').set('k', 2);
    store.collection<number>('c').delete('gone');
    await store.flush();

    // Its changes in the journal over the old file, then a new snapshot on close.
    const reopened = await openState(file, logger);
    expect(reopened.setAside).toBeNull();
    expect(new Map(reopened.collection('c').entries())).toEqual(new Map([['k', 2]]));
    await reopened.close();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 2, collections: { c: { k: 2 }, d: { x: 'y' } } });
    const upgraded = await openState(file, logger);
    expect(upgraded.setAside).toBeNull();
    expect(upgraded.collection('d').get('x')).toBe('y');
  });
});
