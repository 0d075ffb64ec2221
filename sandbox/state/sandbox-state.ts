/**
 * The sandbox's state: named collections of JSON records, so every module (auth, publish, and
 * later payments and research) keeps its own without a schema change here. With a data dir the
 * state is a snapshot (state-snapshot.ts) plus a journal of the records changed since
 * (state-journal.ts): a save appends each record changed since the last save, once, with its latest
 * value or its deletion, so it costs what changed, not the whole state. Saves run shortly after
 * each change and when a route awaits flush(); a save is complete only once its bytes are synced.
 * When the journal outgrows the snapshot, a new snapshot is written and the journal emptied (and on
 * close). Reading both at start, and what is done with damage: state-load.ts.
 */
import type { Logger } from '../../common/log.js';
import { encodeBatch, type CollectionMaps, type JournalChange } from './journal-lines.js';
import { StateJournal } from './state-journal.js';
import { loadState, type SetAsideFile } from './state-load.js';
import { writeSnapshot, type Collections } from './state-snapshot.js';

export type { SetAsideFile } from './state-load.js';

const SAVE_DELAY_MS = 25;
/** A journal smaller than this is never compacted, however small the snapshot: a new snapshot costs the whole state. */
const COMPACT_MIN_BYTES = 4 * 1024 * 1024;

export interface StateOptions {
  /** The journal size under which it is never compacted (default 4 MB): compaction comes once it is larger than both this and the snapshot. */
  compactMinBytes?: number;
}

export class Collection<T> {
  constructor(
    private readonly records: Map<string, T>,
    /** Told each id whose record was set or deleted. */
    private readonly changed: (id: string) => void,
  ) {}

  get(id: string): T | undefined {
    return this.records.get(id);
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  set(id: string, value: T): T {
    this.records.set(id, value);
    this.changed(id);
    return value;
  }

  /** Replace a record with `change(old)`; records are treated as immutable values. */
  update(id: string, change: (current: T) => T): T | undefined {
    const current = this.records.get(id);
    if (current === undefined) return undefined;
    return this.set(id, change(current));
  }

  delete(id: string): boolean {
    const had = this.records.delete(id);
    if (had) this.changed(id);
    return had;
  }

  values(): T[] {
    return [...this.records.values()];
  }

  entries(): Array<[string, T]> {
    return [...this.records.entries()];
  }

  get size(): number {
    return this.records.size;
  }
}

export class SandboxState {
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();
  /** Ids set or deleted since the last save, by collection: each is written once, as it is at save time. */
  private changed = new Map<string, Set<string>>();
  /** Something outside the collections (the clock) changed since the last save. */
  private dirty = false;
  private clockOffset: () => number = () => 0;
  /** The state file this start found damaged and moved aside, or null. */
  setAside: SetAsideFile | null = null;

  private constructor(
    private readonly file: string | undefined,
    private readonly logger: Logger,
    /** The virtual clock's offset when the state was saved, so time does not jump back on restart. */
    readonly loadedClockOffsetMs: number,
    private readonly maps: CollectionMaps,
    private readonly journal: StateJournal | null,
    /** The last journal batch written (or read): the next is numbered after it. */
    private lastSeq: number,
    private snapshotBytes: number,
    private readonly compactMinBytes: number,
  ) {}

  /** Open the state at `file` (its journal beside it, `<file>.journal`), or an in-memory state without one. Missing files are an empty state. */
  static async open(file: string | undefined, logger: Logger, options: StateOptions = {}): Promise<SandboxState> {
    const compactMinBytes = options.compactMinBytes ?? COMPACT_MIN_BYTES;
    if (!file) return new SandboxState(undefined, logger, 0, new Map(), null, 0, 0, compactMinBytes);
    const journalPath = `${file}.journal`;
    const loaded = await loadState(file, journalPath, logger);
    const state = new SandboxState(file, logger, loaded.clockOffsetMs, loaded.maps, new StateJournal(journalPath, loaded.journalBytes), loaded.lastSeq, loaded.snapshotBytes, compactMinBytes);
    state.setAside = loaded.setAside;
    state.clockOffset = () => loaded.clockOffsetMs;
    if (loaded.snapshotNow) await state.compact();
    return state;
  }

  /** The named collection, created empty on first use. Callers own the record type of their names. */
  collection<T>(name: string): Collection<T> {
    let map = this.maps.get(name);
    if (!map) {
      map = new Map();
      this.maps.set(name, map);
    }
    return new Collection(map as Map<string, T>, (id) => this.recordChanged(name, id));
  }

  /** The clock offset is saved with the state; the store reads it at save time. */
  trackClockOffset(read: () => number): void {
    this.clockOffset = read;
  }

  /** Something saved with the state but outside its collections changed (the clock): save it soon. */
  markDirty(): void {
    this.dirty = true;
    this.scheduleSave();
  }

  /** Write the changes now, if any (saves are serialized, never interleaved). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.saving = this.saving.then(() => this.save());
    return this.saving;
  }

  /** Save what changed, write a snapshot that holds it all and empty the journal, and let go of the journal file. */
  async close(): Promise<void> {
    await this.flush();
    if (!this.journal) return;
    this.saving = this.saving.then(async () => {
      if (this.journal!.size > 0) await this.compact().catch((err: unknown) => this.logger.error({ err }, 'could not compact sandbox state on close'));
      await this.journal!.close();
    });
    await this.saving;
  }

  private recordChanged(name: string, id: string): void {
    if (!this.file) return;
    let ids = this.changed.get(name);
    if (!ids) this.changed.set(name, (ids = new Set()));
    ids.add(id);
    this.scheduleSave();
  }

  private scheduleSave(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, SAVE_DELAY_MS);
    this.timer.unref();
  }

  private async save(): Promise<void> {
    const journal = this.journal;
    if (!journal || (!this.dirty && this.changed.size === 0)) return;
    const changed = this.changed;
    this.changed = new Map();
    this.dirty = false;
    const changes: JournalChange[] = [];
    for (const [collection, ids] of changed) {
      const records = this.maps.get(collection)!;
      for (const id of ids) changes.push(records.has(id) ? { collection, id, value: records.get(id) } : { collection, id, deleted: true });
    }
    const seq = this.lastSeq + 1;
    try {
      await journal.append(encodeBatch({ seq, changes, clockOffsetMs: this.clockOffset() }));
      this.lastSeq = seq;
    } catch (err) {
      // Not saved: the next save writes these ids again (as they are by then) with whatever changed meanwhile.
      // No retry of its own (a full disk would make it a loop): the next change or flush() retries.
      for (const [collection, ids] of changed) {
        const now = this.changed.get(collection);
        this.changed.set(collection, now ? new Set([...ids, ...now]) : ids);
      }
      this.dirty = true;
      this.logger.error({ err }, 'could not save sandbox state');
      return;
    }
    if (journal.size > Math.max(this.snapshotBytes, this.compactMinBytes)) {
      await this.compact().catch((err: unknown) => this.logger.error({ err }, 'could not compact sandbox state (the journal still holds every change)'));
    }
  }

  /**
   * A new snapshot of the whole state, then an empty journal. Crash-safe at each step: until the
   * rename the old snapshot and the full journal stand; after it, the journal's batches are all at
   * or before the snapshot's `journal_seq`, so replaying them over it is skipped. The snapshot may
   * also hold changes made since the last append: those are still to be appended, and replaying
   * their latest value over it changes nothing.
   */
  private async compact(): Promise<void> {
    const collections: Collections = {};
    for (const [name, map] of this.maps) collections[name] = Object.fromEntries(map);
    this.snapshotBytes = await writeSnapshot(this.file!, { clockOffsetMs: this.clockOffset(), journalSeq: this.lastSeq, collections });
    await this.journal!.clear();
  }
}
