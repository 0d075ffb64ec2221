/**
 * Drafts' thumbnails, kept in the data dir so they survive reloads and restarts. The window reads
 * a frame when a file is added (it has the decoder; the main process has none) and sends it with
 * the draft; here it is stored under a key made from the file's fingerprint (size, mtime, SHA-256
 * of its edges), so a file changed under the same name never shows the old file's picture, and
 * two drafts of one file share one picture. The page asks by draft id (drafts.thumbnail) and gets
 * a data URL: no path of the data dir ever reaches it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../../common/log.js';
import type { Fingerprint } from './fingerprint.js';

const PREFIX = 'data:image/jpeg;base64,';
const FILE = /^[0-9a-f]{40}\.jpg$/;
const KEYS_REMEMBERED = 100_000;

export function thumbnailKey(fingerprint: Fingerprint): string {
  return createHash('sha256').update(fingerprintText(fingerprint)).digest('hex').slice(0, 40);
}

function fingerprintText(fingerprint: Fingerprint): string {
  return `${fingerprint.size}:${fingerprint.mtimeMs}:${fingerprint.edgeSha256}`;
}

export class ThumbnailCache {
  private readonly dir: string;
  /** Keys on disk: known without a read, so a draft's view says whether it has a picture. */
  private readonly keys = new Set<string>();
  /** Keys already worked out, by fingerprint: every draft's view asks (10,000 hashes per drafts.list otherwise). */
  private readonly keyOf = new Map<string, string>();

  constructor(dataDir: string, private readonly log: Logger) {
    this.dir = join(dataDir, 'thumbnails');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(this.dir)) if (FILE.test(name)) this.keys.add(name.slice(0, -4));
  }

  has(fingerprint: Fingerprint): boolean {
    const text = fingerprintText(fingerprint);
    let key = this.keyOf.get(text);
    if (key === undefined) {
      // Bounded: drafts of a long day come and go.
      if (this.keyOf.size >= KEYS_REMEMBERED) this.keyOf.clear();
      this.keyOf.set(text, (key = thumbnailKey(fingerprint)));
    }
    return this.keys.has(key);
  }

  /** Stores a JPEG data URL (validated by the contract) for a file; written whole or not at all. */
  async put(fingerprint: Fingerprint, dataUrl: string): Promise<void> {
    if (!dataUrl.startsWith(PREFIX)) return;
    const key = thumbnailKey(fingerprint);
    const temp = join(this.dir, `.${key}.${randomBytes(4).toString('hex')}.part`);
    try {
      await writeFile(temp, Buffer.from(dataUrl.slice(PREFIX.length), 'base64'), { mode: 0o600 });
      await rename(temp, join(this.dir, `${key}.jpg`));
      this.keys.add(key);
    } catch (error) {
      // A missing picture is a placeholder, not a reason to refuse the draft.
      this.log.warn({ err: error }, 'could not store a thumbnail');
      await rm(temp, { force: true });
    }
  }

  async dataUrl(fingerprint: Fingerprint): Promise<string | null> {
    const key = thumbnailKey(fingerprint);
    if (!this.keys.has(key)) return null;
    const bytes = await readFile(join(this.dir, `${key}.jpg`)).catch(() => null);
    return bytes ? PREFIX + bytes.toString('base64') : null;
  }

  /** Deletes the pictures no draft in `keep` has any more (run at start, after the queue is read). */
  async prune(keep: readonly Fingerprint[]): Promise<void> {
    const wanted = new Set(keep.map(thumbnailKey));
    for (const name of readdirSync(this.dir)) {
      const key = FILE.test(name) ? name.slice(0, -4) : null;
      if (key !== null && wanted.has(key)) continue;
      await rm(join(this.dir, name), { force: true });
      if (key !== null) this.keys.delete(key);
    }
  }
}
