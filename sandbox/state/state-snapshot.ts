/**
 * The state's snapshot: the whole state as one JSON file, written atomically (temp file, fsync,
 * rename, directory sync), so a crash leaves either the old snapshot or the new one, never half of
 * one. Written only when the journal is compacted (and on close); the changes between two
 * snapshots are in the journal (state-journal.ts).
 *
 * Version 2 records `journal_seq`, the last journal batch it includes, so journal batches the
 * snapshot already holds are skipped on replay. Version 1 (the whole state, saved on every change,
 * before the journal) reads as a snapshot that includes no batch.
 */
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

const SNAPSHOT_VERSION = 2;
const READABLE_VERSIONS = new Set([1, SNAPSHOT_VERSION]);

export type Collections = Record<string, Record<string, unknown>>;

export interface Snapshot {
  clockOffsetMs: number;
  /** The last journal batch this snapshot includes (0: none). */
  journalSeq: number;
  collections: Collections;
}

export type SnapshotRead = { kind: 'missing' } | { kind: 'damaged' } | { kind: 'read'; snapshot: Snapshot; bytes: number };

/** Read the snapshot at `file`: missing, damaged (not JSON, or a format this version cannot read), or read. */
export async function readSnapshot(file: string): Promise<SnapshotRead> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'damaged' };
  }
  if (parsed === null || typeof parsed !== 'object') return { kind: 'damaged' };
  const { version, collections, clock_offset_ms: clockOffset, journal_seq: journalSeq = 0 } = parsed as Record<string, unknown>;
  if (typeof version !== 'number' || !READABLE_VERSIONS.has(version)) return { kind: 'damaged' };
  if (collections === null || typeof collections !== 'object' || Array.isArray(collections)) return { kind: 'damaged' };
  if (Object.values(collections).some((records) => records === null || typeof records !== 'object' || Array.isArray(records))) return { kind: 'damaged' };
  if (!Number.isSafeInteger(journalSeq) || (journalSeq as number) < 0) return { kind: 'damaged' };
  return { kind: 'read', snapshot: { clockOffsetMs: Number(clockOffset) || 0, journalSeq: journalSeq as number, collections: collections as Collections }, bytes: Buffer.byteLength(text) };
}

/** Write the snapshot atomically; resolves once the file and its directory entry are on disk. Returns its size in bytes. */
export async function writeSnapshot(file: string, snapshot: Snapshot): Promise<number> {
  const text = JSON.stringify({ version: SNAPSHOT_VERSION, saved_at: new Date().toISOString(), clock_offset_ms: snapshot.clockOffsetMs, journal_seq: snapshot.journalSeq, collections: snapshot.collections });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    // Durable before it replaces the old snapshot: the file's bytes reach the disk, then the
    // rename, then the directory entry.
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    await syncDirectory(dirname(file));
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return Buffer.byteLength(text);
}

/** Sync a directory so a rename or a new file in it is on disk. Windows cannot open a directory for this; there it is as durable as NTFS makes it. */
export async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
