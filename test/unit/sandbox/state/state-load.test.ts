/**
 * What a start makes of the files a crash or a damaged disk leaves: a torn journal tail is dropped
 * without a word (no answer waited on it) and cut off, so saves after it read back; a journal
 * damaged before its last line is set aside and reported, keeping the snapshot and the batches
 * before the damage; a damaged snapshot is set aside with its journal; and a compaction stopped
 * between any two of its steps loses nothing.
 */
import { appendFile, copyFile, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../common/log.js';
import { encodeBatch } from '../../../../sandbox/state/journal-lines.js';
import { closeStatesAndRemove, freshStateFiles, openState } from '../../../support/sandbox-state-files.js';
import { writeSnapshot } from '../../../../sandbox/state/state-snapshot.js';

const logger = createLogger({ name: 'test', level: 'silent' });
let dir: string;
let file: string;
let journal: string;

beforeEach(async () => ({ dir, file, journal } = await freshStateFiles('sbx-load-')));
afterEach(() => closeStatesAndRemove(dir));

const recordsOf = async (collection = 'c') => new Map((await openState(file, logger)).collection(collection).entries());

/** A snapshot (closed store) holding s=1, then one flush per entry of `sets`, each left in the journal. */
async function snapshotThenSaves(sets: Array<[string, number]>): Promise<void> {
  const first = await openState(file, logger);
  first.collection<number>('c').set('s', 1);
  await first.close();
  const store = await openState(file, logger);
  for (const [id, value] of sets) {
    store.collection<number>('c').set(id, value);
    await store.flush();
  }
}

describe('opening the sandbox state', () => {
  for (const [torn, tail] of [
    ['a line cut short', '{"seq":3,"collection":"c","id":"x","val'],
    ['an unreadable last line', 'garbage\n'],
    ['a batch without its end line', `${encodeBatch({ seq: 3, changes: [{ collection: 'c', id: 'x', value: 9 }], clockOffsetMs: 0 }).split('\n')[0]}\n`],
  ] as const) {
    it(`drops a torn tail (${torn}) without a word, and saves after it read back`, async () => {
      await snapshotThenSaves([['a', 1], ['b', 2]]);
      const whole = await stat(journal);
      await appendFile(journal, tail);

      const store = await openState(file, logger);
      expect(store.setAside).toBeNull();
      expect(new Map(store.collection('c').entries())).toEqual(new Map([['s', 1], ['a', 1], ['b', 2]]));
      // Cut back to its complete batches, so the next append does not follow the torn bytes.
      expect((await stat(journal)).size).toBe(whole.size);
      store.collection<number>('c').set('c', 3);
      await store.flush();
      const again = await openState(file, logger);
      expect(again.setAside).toBeNull();
      expect(new Map(again.collection('c').entries())).toEqual(new Map([['s', 1], ['a', 1], ['b', 2], ['c', 3]]));
    });
  }

  for (const [damage, damageLines] of [
    ['a line cut short', (lines: string[]) => lines.splice(2, 1, '{"seq":2,"collection":"c","id":"b","value":')],
    ['a line missing', (lines: string[]) => lines.splice(2, 1)],
  ] as const) {
    it(`sets a journal damaged before its last line (${damage}) aside and says so, keeping the snapshot and the batches before the damage`, async () => {
      await snapshotThenSaves([['a', 1], ['b', 2], ['c', 3]]);
      const lines = (await readFile(journal, 'utf8')).split('\n');
      damageLines(lines); // the second batch's record
      const damaged = lines.join('\n');
      await writeFile(journal, damaged);

      const store = await openState(file, logger);
      expect(store.setAside).toEqual({ file: journal, moved_to: expect.stringMatching(/state\.json\.journal\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/) });
      expect(await readFile(store.setAside!.moved_to, 'utf8')).toBe(damaged);
      expect(new Map(store.collection('c').entries())).toEqual(new Map([['s', 1], ['a', 1]]));
      // What it kept is in a new snapshot, since the journal that held it is set aside.
      const again = await openState(file, logger);
      expect(again.setAside).toBeNull();
      expect(new Map(again.collection('c').entries())).toEqual(new Map([['s', 1], ['a', 1]]));
    });
  }

  it('sets a damaged snapshot aside with its journal (the same time on both) and starts empty', async () => {
    await snapshotThenSaves([['a', 1]]);
    const journalText = await readFile(journal, 'utf8');
    await writeFile(file, '{"version":2,"collections":');

    const store = await openState(file, logger);
    expect(store.setAside).toEqual({ file, moved_to: expect.stringMatching(/state\.json\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/) });
    expect(store.collection('c').size).toBe(0);
    const stamp = store.setAside!.moved_to.slice(file.length + '.damaged-'.length);
    expect(await readFile(`${journal}.damaged-${stamp}`, 'utf8')).toBe(journalText);
    expect((await readdir(dir)).sort()).toEqual([`state.json.damaged-${stamp}`, `state.json.journal.damaged-${stamp}`]);
  });

  it('loses nothing when a compaction stops between any two of its steps', async () => {
    await snapshotThenSaves([['a', 1], ['b', 2], ['a', 3]]);
    const store = await openState(file, logger);
    store.collection<number>('c').delete('b');
    store.collection<number>('c').set('d', 4);
    await store.flush();
    const expected = new Map([['s', 1], ['a', 3], ['d', 4]]);
    const side = await mkdtemp(join(tmpdir(), 'sbx-load-side-'));
    try {
      await copyFile(file, join(side, 'old-snapshot'));
      await copyFile(journal, join(side, 'journal'));
      await store.close(); // the compaction, all its steps
      await copyFile(file, join(side, 'new-snapshot'));

      const leave = async (snapshot: string, journalFrom: string | null, temp: string | null) => {
        await rm(dir, { recursive: true, force: true });
        await mkdir(dir, { recursive: true });
        await copyFile(join(side, snapshot), file);
        if (journalFrom) await copyFile(join(side, journalFrom), journal);
        else await writeFile(journal, '');
        if (temp) await copyFile(join(side, temp), `${file}.99999.tmp`);
      };
      // The new snapshot written to its temp file, not yet renamed: the old snapshot and the whole journal stand.
      await leave('old-snapshot', 'journal', 'new-snapshot');
      expect(await recordsOf()).toEqual(expected);
      // Renamed over the old one, the journal not yet emptied: its batches are all in the snapshot.
      await leave('new-snapshot', 'journal', null);
      expect(await recordsOf()).toEqual(expected);
      const more = await openState(file, logger);
      more.collection<number>('c').set('e', 5);
      await more.flush();
      expect(await recordsOf()).toEqual(new Map([...expected, ['e', 5]]));
      // Both steps done.
      await leave('new-snapshot', null, null);
      expect(await recordsOf()).toEqual(expected);
    } finally {
      await rm(side, { recursive: true, force: true });
    }
  });

  it('skips journal batches the snapshot already holds, so a value newer than the journal is not rolled back', async () => {
    // A compaction's snapshot may hold a change made after the last append (x = 2, saved at batch 2);
    // the crash came before the journal was emptied, which still says x = 1.
    await writeSnapshot(file, { clockOffsetMs: 7_000, journalSeq: 2, collections: { c: { x: 2 } } });
    const batch = (seq: number, value: number) => encodeBatch({ seq, changes: [{ collection: 'c', id: 'x', value }], clockOffsetMs: 1_000 * seq });
    await writeFile(journal, batch(1, 0) + batch(2, 1));
    const store = await openState(file, logger);
    expect(store.collection('c').get('x')).toBe(2);
    expect(store.loadedClockOffsetMs).toBe(7_000);
    // The next batch is numbered after both, and is replayed.
    store.collection<number>('c').set('x', 3);
    await store.flush();
    expect(await recordsOf()).toEqual(new Map([['x', 3]]));
  });
});
