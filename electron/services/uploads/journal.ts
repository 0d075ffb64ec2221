/**
 * A crash-safe store of records (the drafts queue): a snapshot file plus an append-only journal
 * of changes. Every change is one appended line, written before the call returns, so a kill -9
 * loses nothing that was acknowledged, and a change costs one small write however long the
 * queue is (rewriting a 10,000-draft file per chunk would not). The journal is folded into a
 * fresh snapshot (temp file, fsync, rename) once it grows long. A torn last line is ignored.
 * A write that fails (a full disk) may leave part of its line behind; the journal is cut back to
 * its last complete line at once, or, if even that fails, the next record starts on a new line,
 * so a later acknowledged change is never glued onto the torn one and lost with it.
 */
import { appendFileSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { damagedName } from '../../../common/damaged-name.js';

type Entry<T> = { op: 'put'; record: T } | { op: 'remove'; id: string } | { op: 'order'; ids: string[] };

export interface JournalOptions<T> {
  /** Snapshot path; the journal lives beside it with `.journal` appended. */
  file: string;
  /** Parses one stored record, or returns null to drop it (a record from an incompatible version). */
  parse(raw: unknown): T | null;
  /** What is written for a record (e.g. with a credential sealed); the record itself by default. */
  serialize?(record: T): unknown;
  compactAfter?: number;
}

export class Journal<T extends { id: string }> {
  private readonly records = new Map<string, T>();
  private readonly journalFile: string;
  private entriesSinceCompaction = 0;
  /** The journal's length up to its last complete line. */
  private journalBytes = 0;
  /** A failed write left a torn line that could not be cut off: start the next one on a new line. */
  private tornTail = false;
  private readonly compactAfter: number;

  constructor(private readonly options: JournalOptions<T>) {
    this.journalFile = `${options.file}.journal`;
    this.compactAfter = options.compactAfter ?? 5000;
    mkdirSync(dirname(options.file), { recursive: true, mode: 0o700 });
    this.load();
    this.compact();
  }

  all(): T[] {
    return [...this.records.values()];
  }

  get(id: string): T | undefined {
    return this.records.get(id);
  }

  get size(): number {
    return this.records.size;
  }

  put(record: T): void {
    this.append({ op: 'put', record: this.stored(record) });
    // Re-inserting would move it to the end: keep its place in the order.
    this.records.set(record.id, record);
  }

  remove(id: string): void {
    if (!this.records.has(id)) return;
    this.append({ op: 'remove', id });
    this.records.delete(id);
  }

  /** Reorders to `ids` (ids not named keep their relative order after the named ones). */
  reorder(ids: string[]): void {
    this.append({ op: 'order', ids });
    this.applyOrder(ids);
  }

  compact(): void {
    const temp = `${this.options.file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      // writeFileSync on a descriptor writes until all is written (writeSync may stop short on a full disk).
      writeFileSync(fd, JSON.stringify(this.all().map((record) => this.stored(record))));
      fsyncSync(fd);
    } catch (error) {
      closeSync(fd);
      rmSync(temp, { force: true });
      throw error;
    }
    closeSync(fd);
    renameSync(temp, this.options.file);
    writeFileSync(this.journalFile, '', { mode: 0o600 });
    this.journalBytes = 0;
    this.tornTail = false;
    this.entriesSinceCompaction = 0;
  }

  private stored(record: T): unknown {
    return this.options.serialize ? this.options.serialize(record) : record;
  }

  private append(entry: Entry<unknown>): void {
    const line = Buffer.from((this.tornTail ? '\n' : '') + JSON.stringify(entry) + '\n', 'utf8');
    try {
      appendFileSync(this.journalFile, line, { mode: 0o600 });
    } catch (error) {
      this.cutTornLine();
      throw error;
    }
    this.journalBytes += line.length;
    this.tornTail = false;
    if (++this.entriesSinceCompaction >= this.compactAfter) queueMicrotask(() => this.compactLater());
  }

  /** Compaction is housekeeping: one that fails (a full disk) leaves the journal as it is and is tried again later. */
  private compactLater(): void {
    try {
      this.compact();
    } catch {
      this.entriesSinceCompaction = 0;
    }
  }

  private cutTornLine(): void {
    try {
      truncateSync(this.journalFile, this.journalBytes);
    } catch {
      this.tornTail = true;
    }
  }

  private load(): void {
    if (existsSync(this.options.file)) {
      let snapshot: unknown;
      try {
        snapshot = JSON.parse(readFileSync(this.options.file, 'utf8'));
      } catch {
        // Written by rename, so never half-written by us; start-files.ts moves a damaged one aside
        // (and tells the window) before this reads it. Damaged since: aside too, never refuse to start.
        renameSync(this.options.file, damagedName(this.options.file));
      }
      if (Array.isArray(snapshot)) for (const raw of snapshot) this.accept(raw);
    }
    if (!existsSync(this.journalFile)) return;
    for (const line of readFileSync(this.journalFile, 'utf8').split('\n')) {
      if (!line) continue;
      let entry: Entry<unknown>;
      try {
        entry = JSON.parse(line) as Entry<unknown>;
      } catch {
        continue; // a line torn by a crash mid-write: the change it carried was never acknowledged
      }
      if (!entry || typeof entry !== 'object') continue;
      if (entry.op === 'put') this.accept(entry.record);
      else if (entry.op === 'remove') this.records.delete(entry.id);
      else if (entry.op === 'order' && Array.isArray(entry.ids)) this.applyOrder(entry.ids);
    }
  }

  private accept(raw: unknown): void {
    const record = this.options.parse(raw);
    if (record) this.records.set(record.id, record);
  }

  private applyOrder(ids: string[]): void {
    const ordered = new Map<string, T>();
    for (const id of ids) {
      const record = this.records.get(id);
      if (record) ordered.set(id, record);
    }
    for (const [id, record] of this.records) if (!ordered.has(id)) ordered.set(id, record);
    this.records.clear();
    for (const [id, record] of ordered) this.records.set(id, record);
  }
}
