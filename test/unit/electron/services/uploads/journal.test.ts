import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from '../../../../../electron/services/uploads/journal.js';
import { mountTmpfs } from '../../../../support/tmpfs.js';

interface Item { id: string; n: number }
const parse = (raw: unknown): Item | null => (raw && typeof raw === 'object' && typeof (raw as Item).id === 'string' ? (raw as Item) : null);

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dd-journal-'));
  file = join(dir, 'queue.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('journal', () => {
  it('replays puts, removes and reorders after a crash (no compaction at exit)', () => {
    const first = new Journal<Item>({ file, parse });
    first.put({ id: 'a', n: 1 });
    first.put({ id: 'b', n: 1 });
    first.put({ id: 'c', n: 1 });
    first.put({ id: 'a', n: 2 });
    first.remove('b');
    first.reorder(['c', 'a']);
    // no close(): the process "dies" here
    const second = new Journal<Item>({ file, parse });
    expect(second.all()).toEqual([{ id: 'c', n: 1 }, { id: 'a', n: 2 }]);
  });

  it('ignores a torn last line', () => {
    const first = new Journal<Item>({ file, parse });
    first.put({ id: 'a', n: 1 });
    appendFileSync(`${file}.journal`, '{"op":"put","record":{"id":"b"');
    expect(new Journal<Item>({ file, parse }).all()).toEqual([{ id: 'a', n: 1 }]);
  });

  it('compacts into a snapshot and keeps files private', async () => {
    const journal = new Journal<Item>({ file, parse, compactAfter: 10 });
    for (let n = 0; n < 25; n++) journal.put({ id: `x${n % 3}`, n });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readFileSync(`${file}.journal`, 'utf8').split('\n').filter(Boolean).length).toBeLessThan(10);
    expect(new Journal<Item>({ file, parse }).all()).toEqual([{ id: 'x0', n: 24 }, { id: 'x1', n: 22 }, { id: 'x2', n: 23 }]);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('drops records the parser refuses', () => {
    const journal = new Journal<Item>({ file, parse });
    journal.put({ id: 'ok', n: 1 });
    appendFileSync(`${file}.journal`, JSON.stringify({ op: 'put', record: { nope: true } }) + '\n');
    expect(new Journal<Item>({ file, parse }).all()).toEqual([{ id: 'ok', n: 1 }]);
  });

  it('starts from what it can read when the files were damaged by something else', () => {
    const journal = new Journal<Item>({ file, parse });
    journal.put({ id: 'a', n: 1 });
    appendFileSync(`${file}.journal`, 'null\n42\n');
    expect(new Journal<Item>({ file, parse }).all()).toEqual([{ id: 'a', n: 1 }]);
    writeFileSync(file, '{not json');
    expect(new Journal<Item>({ file, parse }).all()).toEqual([]);
  });
});

describe('journal on a full disk', () => {
  it('keeps every acknowledged change after a write the full disk cut short (cut back to the last complete line)', (ctx) => {
    const disk = mountTmpfs(1024 * 1024);
    if (typeof disk === 'string') return ctx.skip(disk);
    try {
      const diskFile = join(disk.dir, 'drafts.json');
      const first = new Journal<Item & { pad?: string }>({ file: diskFile, parse });
      first.put({ id: 'a', n: 1 });
      first.put({ id: 'b', n: 1 });
      disk.fill(4096);
      // Larger than what is free: part of its line is written, then ENOSPC.
      expect(() => first.put({ id: 'big', n: 1, pad: 'x'.repeat(20_000) })).toThrow(/ENOSPC/);
      disk.unfill();
      first.remove('b'); // acknowledged: it must hold after a crash
      first.put({ id: 'c', n: 2 });
      // no compaction: the process "dies" here
      const second = new Journal<Item>({ file: diskFile, parse });
      expect(second.all()).toEqual([{ id: 'a', n: 1 }, { id: 'c', n: 2 }]);
    } finally {
      disk.unmount();
    }
  });
});
