/**
 * The journal file: batches of changed records (journal-lines.ts) appended after the snapshot, so
 * a save costs what changed, not the whole state. Each append is one write, synced before it
 * resolves; the file is created on the first append (and its directory synced, so the file itself
 * survives a power cut) and emptied when a new snapshot holds everything in it.
 */
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncDirectory } from './state-snapshot.js';

export class StateJournal {
  private handle: FileHandle | null = null;

  /** `bytes`: the journal's size as read at start (0 if there is none), its complete batches only. */
  constructor(
    readonly path: string,
    private bytes: number,
  ) {}

  /** Bytes in the journal: what compaction weighs against the snapshot. */
  get size(): number {
    return this.bytes;
  }

  /** Append `text` in one write and sync it. On failure the journal is cut back to what it held, so a half-written batch never sits before the next one. */
  async append(text: string): Promise<void> {
    const handle = await this.opened();
    const data = Buffer.from(text);
    try {
      let written = 0;
      // One write call; a regular file takes it whole, the loop only covers a short write.
      while (written < data.length) written += (await handle.write(data, written, data.length - written)).bytesWritten;
      await handle.sync();
      this.bytes += data.length;
    } catch (err) {
      await handle.truncate(this.bytes).catch(() => undefined);
      throw err;
    }
  }

  /** Empty the journal, once a synced snapshot holds all of it. */
  async clear(): Promise<void> {
    if (this.bytes === 0 && !this.handle) return;
    const handle = await this.opened();
    await handle.truncate(0);
    await handle.sync();
    this.bytes = 0;
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await handle?.close();
  }

  private async opened(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    // 'wx' tells whether this call creates the file: its directory entry must then be synced too.
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    let created = false;
    try {
      await (await open(this.path, 'wx', 0o600)).close();
      created = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const handle = await open(this.path, 'a', 0o600);
    if (created) await syncDirectory(dirname(this.path));
    this.handle = handle;
    return handle;
  }
}

/** Cut a journal back to `bytes` (dropping a torn tail) and sync it, before anything is appended after it. */
export async function cutJournal(path: string, bytes: number): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.truncate(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
