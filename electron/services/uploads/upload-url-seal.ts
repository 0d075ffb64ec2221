/**
 * Upload URLs carry a one-hour bearer credential, and the journal keeps them on disk. Where the
 * vault can keep a key across restarts, the journal stores each URL sealed with AES-256-GCM under
 * a random key held in the vault (so it is as protected as the sign-ins); elsewhere the URL is
 * kept as before. Journals written before sealing (plain URLs) stay readable. Synchronous, because
 * the journal writes before anything else happens; the key is fetched once at start.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Vault } from '../vault/vault.js';
import { parseDraftRecord, type DraftRecord } from './draft.js';

export interface UrlSeal {
  seal(url: string): string;
  /** The URL, or null when it was sealed with a key that is gone (the draft starts a fresh publish). */
  open(stored: string): string | null;
}

const SEALED = 'sealed:v1:';
const KEY_ENTRY = 'uploads:journal-key';

/** Plain URLs: where no key survives a restart, a sealed URL could never be opened again. */
export const plainUrls: UrlSeal = {
  seal: (url) => url,
  open: (stored) => (stored.startsWith(SEALED) ? null : stored),
};

export function aesUrlSeal(key: Buffer): UrlSeal {
  return {
    seal(url) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()]);
      return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(stored) {
      if (!stored.startsWith(SEALED)) return stored;
      const data = Buffer.from(stored.slice(SEALED.length), 'base64');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
        decipher.setAuthTag(data.subarray(12, 28));
        return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null; // another key (the vault was reset) or a damaged line
      }
    },
  };
}

/** The seal for this data dir: the vault's journal key (made on first use) when the vault persists, plain otherwise. */
export async function journalUrlSeal(vault: Vault): Promise<UrlSeal> {
  if (!vault.status().persistent) return plainUrls;
  let key = vault.get(KEY_ENTRY);
  if (key === undefined) {
    key = randomBytes(32).toString('base64');
    await vault.set(KEY_ENTRY, key);
  }
  return aesUrlSeal(Buffer.from(key, 'base64'));
}

/** How the drafts journal reads and writes a record: the upload URL sealed on disk, open in memory. */
export function draftJournalCodec(seal: UrlSeal) {
  return {
    parse(raw: unknown): DraftRecord | null {
      const draft = parseDraftRecord(raw);
      if (!draft || draft.uploadUrl === null) return draft;
      const uploadUrl = seal.open(draft.uploadUrl);
      return uploadUrl === null ? { ...draft, uploadUrl: null, uploadUrlIssuedAt: null } : { ...draft, uploadUrl };
    },
    serialize: (draft: DraftRecord): DraftRecord => (draft.uploadUrl === null ? draft : { ...draft, uploadUrl: seal.seal(draft.uploadUrl) }),
  };
}
