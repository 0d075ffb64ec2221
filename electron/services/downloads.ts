/**
 * Files the web host streams to the browser as downloads (web mode's answer to a save dialog).
 * A browser download cannot carry the session token's header, so a download is offered under a
 * fresh random id that is its own credential: usable once, for two minutes, and only through the
 * web host's Host/Origin checks. The content is written straight to the response, never built
 * in memory first.
 */
import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';

export interface Download {
  fileName: string;
  contentType: string;
  /** Writes the whole file to `out` and ends it. */
  write(out: Writable): Promise<void>;
}

export const DOWNLOAD_PATH_PREFIX = '/downloads/';
const LIFETIME_MS = 2 * 60_000;

export class Downloads {
  private readonly offers = new Map<string, { download: Download; expiresAt: number }>();

  /** The address (path on the web host) that serves `download` once. */
  offer(download: Download): string {
    const now = Date.now();
    for (const [id, offer] of this.offers) if (offer.expiresAt <= now) this.offers.delete(id);
    const id = randomBytes(24).toString('base64url');
    this.offers.set(id, { download, expiresAt: now + LIFETIME_MS });
    return `${DOWNLOAD_PATH_PREFIX}${id}`;
  }

  /** The download offered under `id`, once; undefined when unknown, used or expired. */
  take(id: string): Download | undefined {
    const offer = this.offers.get(id);
    this.offers.delete(id);
    return offer && offer.expiresAt > Date.now() ? offer.download : undefined;
  }
}
