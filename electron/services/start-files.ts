/**
 * The data dir's own files the app reads at start, checked before their services open them
 * (after the data dir's lock, so no other launch is writing them): a damaged one is moved aside
 * (damaged-files.ts) and its service starts from a fresh one. The settings store is checked where
 * it is opened (storage.ts), the web session in web-session.ts, the built-in platform's by its
 * programs (they say so in their ready lines).
 */
import { join } from 'node:path';
import { checkJsonFile, type DamagedFile } from './damaged-files.js';
import { isLedger } from './watch-folders/taken-ledger.js';

/** A journal's snapshot: an array of records, each with an id (records of another version are dropped one by one when read). */
const isRecordList = (value: unknown): boolean => Array.isArray(value) && value.every((record) => typeof record === 'object' && record !== null && typeof (record as { id?: unknown }).id === 'string');

export function checkStartFiles(dataDir: string): DamagedFile[] {
  const found = [
    checkJsonFile(join(dataDir, 'drafts.json'), 'The drafts queue', isRecordList, 'drafts'),
    checkJsonFile(join(dataDir, 'delivered-content.json'), 'The list of delivered videos (for duplicates)', isRecordList, 'delivered'),
    checkJsonFile(join(dataDir, 'watch-folders', 'taken.json'), "The watch folders' list of files taken", isLedger, 'watch_taken'),
  ];
  return found.filter((damaged): damaged is DamagedFile => damaged !== null);
}
