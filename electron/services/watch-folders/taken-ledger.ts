/**
 * What each watch folder has taken, kept in the data dir so nothing is taken twice across
 * restarts: the file's path, size, mtime and fingerprint, and the draft it became (or why it was
 * skipped). A file is the same file while its path, size and mtime are; a new file under the same
 * name (another size or mtime) is a new file. Written whole to a temp file and renamed, 0600.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { asText, Words } from '../../core/contract/index.js';

const Entry = z.object({
  folderId: z.string(),
  path: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  /** fingerprint.ts's edge hash: what the draft will check the file against. */
  edgeSha256: z.string(),
  draftId: z.string().nullable(),
  /** Why it was not made a draft (duplicate content, too large …) as words; null when it was. An earlier version's sentence reads as it is. */
  skipped: z.union([Words, z.string().transform(asText)]).nullable(),
  at: z.number(),
});
export type TakenEntry = z.infer<typeof Entry>;

/** Whether a ledger file's content is a ledger (checked at start: one that is not is moved aside, not overwritten). */
export const isLedger = (value: unknown): boolean => z.array(Entry).safeParse(value).success;

const keyOf = (folderId: string, path: string, look: { size: number; mtimeMs: number }) => `${folderId}\0${path}\0${look.size}\0${look.mtimeMs}`;

export class TakenLedger {
  private entries: TakenEntry[];
  /** Every scan asks about every file: answered from a set, not a walk of the entries. */
  private keys: Set<string>;

  constructor(private readonly file: string) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    this.entries = readEntries(file);
    this.keys = new Set(this.entries.map((entry) => keyOf(entry.folderId, entry.path, entry)));
  }

  has(folderId: string, path: string, look: { size: number; mtimeMs: number }): boolean {
    return this.keys.has(keyOf(folderId, path, look));
  }

  of(folderId: string): TakenEntry[] {
    return this.entries.filter((entry) => entry.folderId === folderId);
  }

  record(entry: TakenEntry): void {
    this.entries = [...this.entries, entry];
    this.keys.add(keyOf(entry.folderId, entry.path, entry));
    this.save();
  }

  /** A removed folder's entries go with it (adding the folder again takes what is there then). */
  forgetFolder(folderId: string): void {
    this.entries = this.entries.filter((entry) => entry.folderId !== folderId);
    this.keys = new Set(this.entries.map((entry) => keyOf(entry.folderId, entry.path, entry)));
    this.save();
  }

  private save(): void {
    const temp = `${this.file}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temp, JSON.stringify(this.entries), { mode: 0o600 });
    renameSync(temp, this.file);
  }
}

function readEntries(file: string): TakenEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const parsed = z.array(Entry).safeParse(raw);
  return parsed.success ? parsed.data : [];
}
