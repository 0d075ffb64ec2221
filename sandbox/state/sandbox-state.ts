/**
 * The sandbox's state: named collections of JSON records, so every module (auth, publish, and
 * later payments and research) keeps its own without a schema change here. With a data dir the
 * whole state is one JSON file, written atomically (temp file + rename) shortly after each change
 * and on close, so a crash leaves either the old or the new state, never half of one. A save is
 * complete only once the file and its directory are synced to disk.
 */
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../../common/log.js';

const STATE_VERSION = 1;
const SAVE_DELAY_MS = 25;

/** A state file found damaged at start and moved aside (the ready line says so, for the app's window). */
export interface SetAsideFile {
  file: string;
  moved_to: string;
}

interface StateFile {
  version: number;
  saved_at: string;
  clock_offset_ms: number;
  collections: Record<string, Record<string, unknown>>;
}

export class Collection<T> {
  constructor(
    private readonly records: Map<string, T>,
    private readonly changed: () => void,
  ) {}

  get(id: string): T | undefined {
    return this.records.get(id);
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  set(id: string, value: T): T {
    this.records.set(id, value);
    this.changed();
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
    if (had) this.changed();
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
  private readonly maps = new Map<string, Map<string, unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;
  private clockOffset: () => number = () => 0;
  /** The state file this start found damaged and moved aside, or null. */
  setAside: SetAsideFile | null = null;

  private constructor(
    private readonly file: string | undefined,
    private readonly logger: Logger,
    /** The virtual clock's offset when the state was saved, so time does not jump back on restart. */
    readonly loadedClockOffsetMs: number,
    loaded: Record<string, Record<string, unknown>>,
  ) {
    for (const [name, records] of Object.entries(loaded)) this.maps.set(name, new Map(Object.entries(records)));
  }

  /** Open the state at `file` (or an in-memory state without one). A missing file is an empty state. */
  static async open(file: string | undefined, logger: Logger): Promise<SandboxState> {
    if (!file) return new SandboxState(undefined, logger, 0, {});
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new SandboxState(file, logger, 0, {});
      throw err;
    }
    let parsed: StateFile | null;
    try {
      parsed = JSON.parse(text) as StateFile;
    } catch {
      parsed = null;
    }
    if (parsed === null || typeof parsed !== 'object' || parsed.version !== STATE_VERSION || typeof parsed.collections !== 'object' || parsed.collections === null) {
      // Damaged (or of a format this version cannot read): kept aside for a person to look at, and
      // the sandbox starts empty rather than not at all.
      const movedTo = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(file, movedTo);
      logger.warn({ file, movedTo }, 'the sandbox state file could not be read; moved aside, starting empty');
      const fresh = new SandboxState(file, logger, 0, {});
      fresh.setAside = { file, moved_to: movedTo };
      return fresh;
    }
    return new SandboxState(file, logger, Number(parsed.clock_offset_ms) || 0, parsed.collections);
  }

  /** The named collection, created empty on first use. Callers own the record type of their names. */
  collection<T>(name: string): Collection<T> {
    let map = this.maps.get(name);
    if (!map) {
      map = new Map();
      this.maps.set(name, map);
    }
    return new Collection(map as Map<string, T>, () => this.markDirty());
  }

  /** The clock offset is saved with the state; the store reads it at save time. */
  trackClockOffset(read: () => number): void {
    this.clockOffset = read;
  }

  markDirty(): void {
    this.dirty = true;
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, SAVE_DELAY_MS);
    this.timer.unref();
  }

  /** Write the state now if it changed (saves are serialized, never interleaved). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.saving = this.saving.then(() => this.writeIfDirty());
    return this.saving;
  }

  private async writeIfDirty(): Promise<void> {
    const file = this.file;
    if (!file || !this.dirty) return;
    this.dirty = false;
    const collections: Record<string, Record<string, unknown>> = {};
    for (const [name, map] of this.maps) collections[name] = Object.fromEntries(map);
    const state: StateFile = { version: STATE_VERSION, saved_at: new Date().toISOString(), clock_offset_ms: this.clockOffset(), collections };
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      // Durable before it replaces the old state: the file's bytes reach the disk, then the
      // rename, then the directory entry. A 2xx that waited on flush() survives a power cut.
      const handle = await open(temp, 'w', 0o600);
      try {
        await handle.writeFile(JSON.stringify(state));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
      await syncDirectory(dirname(file));
    } catch (err) {
      this.dirty = true;
      this.logger.error({ err }, 'could not save sandbox state');
      await rm(temp, { force: true });
    }
  }
}

/** Sync a directory so a rename in it is on disk. Windows cannot open a directory for this; there the rename is as durable as NTFS makes it. */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
