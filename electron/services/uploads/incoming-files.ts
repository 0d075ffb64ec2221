/**
 * Files dropped in a browser tab (web mode) reach the host as a streamed request body and are
 * kept here until their draft is delivered. Streamed to disk, never buffered; ids are random,
 * so a caller can name only files it sent.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { AppError } from '../../core/result.js';
import { MAX_VIDEO_BYTES } from './chunk-plan.js';
import { refusal } from '../main-words.js';

const FILE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export class IncomingFiles {
  constructor(
    private readonly dir: string,
    /** The error for a file the disk had no room for (how much to free, and where), when the host knows. */
    private readonly diskFull?: (error: unknown, wantedBytes: number) => AppError | null,
  ) {}

  /** A `declaredBytes` (a Content-Length) over the limit is refused before anything is written. */
  async receive(body: Readable, { declaredBytes, limitBytes = MAX_VIDEO_BYTES }: { declaredBytes?: number; limitBytes?: number } = {}): Promise<{ fileId: string; size: number }> {
    const tooLarge = () => refusal('file_too_large', 'file.too_large_upload');
    if (declaredBytes !== undefined && !(declaredBytes <= limitBytes)) throw tooLarge();
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const fileId = randomBytes(18).toString('base64url');
    const partial = join(this.dir, `${fileId}.part`);
    let size = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > limitBytes) done(tooLarge());
        else done(null, chunk);
      },
    });
    try {
      await pipeline(body, limiter, createWriteStream(partial, { mode: 0o600 }));
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof AppError) throw error;
      throw this.diskFull?.(error, declaredBytes ?? size) ?? refusal('file_incomplete', 'file.incomplete');
    }
    await rename(partial, join(this.dir, fileId));
    return { fileId, size };
  }

  async pathOf(fileId: string): Promise<string> {
    if (!FILE_ID.test(fileId)) throw new AppError('no_such_file', 'Unknown file id');
    const path = join(this.dir, fileId);
    if (!(await stat(path).catch(() => null))?.isFile()) throw refusal('no_such_file', 'file.gone');
    return path;
  }

  /** Deletes a received file the caller no longer needs (a photo once prepared). */
  async discard(fileId: string): Promise<void> {
    await rm(await this.pathOf(fileId), { force: true });
  }

  /**
   * At start-up: removes files no draft refers to (sent, then never queued) and transfers a crash
   * cut off (`.part`), so dropped videos do not pile up in the data dir.
   */
  async sweep(inUse: ReadonlySet<string>): Promise<number> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const path = join(this.dir, name);
      if (inUse.has(path)) continue;
      await rm(path, { force: true });
      removed++;
    }
    return removed;
  }
}
