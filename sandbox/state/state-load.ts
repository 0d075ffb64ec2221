/**
 * Reading the state at start: the snapshot, then the journal's batches after it. What a crash can
 * leave is read as it is: a torn journal tail (the last append cut short) is dropped and cut off
 * the file, since no answer waited on a flush that never completed. What a crash cannot leave is
 * damage, moved aside as `<file>.damaged-<time>` for a person to look at, and the sandbox starts
 * from what it can read:
 * - a damaged snapshot: it and the journal (whose batches only make sense on top of it, moved aside
 *   as `<journal>.damaged-<same time>`) are set aside and the state starts empty;
 * - a damaged journal line before its last: the snapshot and the complete batches before that line
 *   are kept, the journal is set aside, and the caller writes a new snapshot at once.
 */
import { readFile, rename } from 'node:fs/promises';
import { damagedName } from '../../common/damaged-name.js';
import type { Logger } from '../../common/log.js';
import { applyBatches, decodeJournal, type CollectionMaps } from './journal-lines.js';
import { cutJournal } from './state-journal.js';
import { readSnapshot } from './state-snapshot.js';

/** A state file found damaged at start and moved aside (the ready line says so, for the app's window). */
export interface SetAsideFile {
  file: string;
  moved_to: string;
}

export interface LoadedState {
  maps: CollectionMaps;
  clockOffsetMs: number;
  /** The last journal batch the state holds: the next append is numbered after it. */
  lastSeq: number;
  snapshotBytes: number;
  journalBytes: number;
  setAside: SetAsideFile | null;
  /** The journal was set aside: what was read of it is in no file now, so a snapshot must be written before anything else. */
  snapshotNow: boolean;
}

export async function loadState(file: string, journalPath: string, logger: Logger): Promise<LoadedState> {
  const read = await readSnapshot(file);
  // One time for both files, so a snapshot and the journal set aside with it pair up.
  const at = new Date();
  if (read.kind === 'damaged') {
    // Kept aside for a person to look at; the sandbox starts empty rather than not at all.
    const movedTo = damagedName(file, at);
    await rename(file, movedTo);
    const journalMoved = await moveAside(journalPath, at);
    logger.warn({ file, movedTo, journalMovedTo: journalMoved }, 'the sandbox state file could not be read; moved aside, starting empty');
    return { maps: new Map(), clockOffsetMs: 0, lastSeq: 0, snapshotBytes: 0, journalBytes: 0, setAside: { file, moved_to: movedTo }, snapshotNow: false };
  }
  const snapshot = read.kind === 'read' ? read.snapshot : { clockOffsetMs: 0, journalSeq: 0, collections: {} };
  const maps: CollectionMaps = new Map(Object.entries(snapshot.collections).map(([name, records]) => [name, new Map(Object.entries(records))]));
  const loaded: LoadedState = { maps, clockOffsetMs: snapshot.clockOffsetMs, lastSeq: snapshot.journalSeq, snapshotBytes: read.kind === 'read' ? read.bytes : 0, journalBytes: 0, setAside: null, snapshotNow: false };

  const text = await readJournal(journalPath);
  if (text === null) return loaded;
  const journal = decodeJournal(text);
  const clock = applyBatches(maps, journal.batches, snapshot.journalSeq);
  if (clock !== null) loaded.clockOffsetMs = clock;
  loaded.lastSeq = Math.max(snapshot.journalSeq, journal.batches.at(-1)?.seq ?? 0);
  if (journal.damagedLine !== null) {
    const movedTo = (await moveAside(journalPath, at))!;
    logger.warn({ file: journalPath, movedTo, line: journal.damagedLine, batchesKept: journal.batches.length }, 'the sandbox state journal is damaged; moved aside, keeping the snapshot and the changes before the damage');
    return { ...loaded, setAside: { file: journalPath, moved_to: movedTo }, snapshotNow: true };
  }
  const bytes = Buffer.byteLength(text);
  if (journal.goodBytes < bytes) {
    await cutJournal(journalPath, journal.goodBytes);
    logger.info({ file: journalPath, droppedBytes: bytes - journal.goodBytes }, 'dropped the torn end of the sandbox state journal (a save cut short)');
  }
  return { ...loaded, journalBytes: journal.goodBytes };
}

async function readJournal(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Move `path` aside under its damaged name if it exists; where it went, or null. */
async function moveAside(path: string, at: Date): Promise<string | null> {
  const movedTo = damagedName(path, at);
  try {
    await rename(path, movedTo);
    return movedTo;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
