/**
 * The upload host (op 5): `PUT /upload/{publish_id}?credential=upl.…` with Content-Range, one
 * chunk at a time, in order. Each chunk is streamed from the socket to its place in the file
 * through a hash, with the usual backpressure, so memory stays flat whatever the chunk size;
 * nothing ever holds a chunk. The running SHA-256 is advanced chunk by chunk (a copy of it is
 * fed while a chunk streams and kept only if the chunk completes), so the file is never re-read.
 *
 * Answers (docs/PLATFORM.md "Chunk plan"): 206 for a non-final chunk, 201 for the final one, 416 for a Content-Range
 * that breaks the plan, 403 for a bad or expired credential; 404 for an unknown publish, 400
 * invalid_file_upload for a wrong media type or a body that does not fill its range. A repeat of
 * the last accepted chunk is read, discarded and answered as before.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { truncate } from 'node:fs/promises';
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SandboxContext } from '../context.js';
import { errorB, okB } from '../../server-kit/http/errors.js';
import type { Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { acceptBody } from '../../server-kit/http/server.js';
import { secretKey } from '../../server-kit/ids.js';
import { checkVideoFile } from '../media/video-check.js';
import { chunkRange, classifyChunk, parseContentRange } from './chunk-plan.js';
import { mediaPath, publishes } from './publishes.js';
import { processingMs, type PublishRecord } from './records.js';

export const VIDEO_MEDIA_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

/** Counts and hashes what passes; past `limit` it swallows the rest, so the request still ends cleanly and gets a 400. */
class ChunkMeter extends Transform {
  bytes = 0;
  constructor(
    private readonly limit: number,
    private readonly hash: Hash | undefined,
    private readonly onBytes: () => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.onBytes();
    const room = this.limit - this.bytes;
    this.bytes += chunk.length;
    if (room <= 0) return done();
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.hash?.update(part);
    done(null, part);
  }
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

/**
 * A publish's lock while one of its chunks streams. The chunk is dropped (connection cut, partial
 * bytes forgotten, lock released) when its sender goes quiet for `upload_host.idle_timeout_ms`,
 * goes away, or sends the same chunk again on a new connection (a client that timed out and
 * retries: the host may not have noticed the old connection die while it was not reading it).
 * `dropped` is set once that starts and resolves when the lock is free.
 */
class Receiving {
  dropped: Promise<void> | undefined;
  private release: (() => void) | undefined;
  constructor(
    readonly first: number,
    private readonly req: IncomingMessage,
  ) {}

  drop(why: string): Promise<void> {
    this.dropped ??= new Promise((resolve) => (this.release = resolve));
    if (!this.req.destroyed) this.req.destroy(new Error(why));
    return this.dropped;
  }

  /** The sender went away mid-chunk: its retry waits for the cleanup instead of getting a 416. */
  aborted(): void {
    if (!this.req.complete) this.dropped ??= new Promise((resolve) => (this.release = resolve));
  }

  released(): void {
    this.release?.();
  }
}

export class UploadHost {
  /** Running SHA-256 of the bytes accepted so far, per publish. Rebuilt from the file after a restart. */
  private readonly hashes = new Map<string, Hash>();
  /** Publishes with a chunk streaming right now: chunks are sequential; another chunk is refused (416), the same one replaces it. */
  private readonly busy = new Map<string, Receiving>();

  constructor(private readonly ctx: SandboxContext) {}

  routes(): Route[] {
    return [{ method: 'PUT', path: '/upload/:publish_id', handler: (rc) => this.put(rc) }];
  }

  private async put(rc: RequestContext): Promise<Reply> {
    const { ctx } = this;
    const { logId, req } = rc;
    const id = rc.params.publish_id!;
    // A chunk being dropped: its sender saw the connection close, and its retry must find the lock
    // free and the partial bytes gone, not a 416.
    await this.busy.get(id)?.dropped;
    const record = publishes(ctx).get(id);
    if (!record || !record.upload) return errorB(logId, 'invalid_publish_id', 'no file upload with this publish_id');
    const upload = record.upload;
    const credential = rc.url.searchParams.get('credential');
    if (!credential || secretKey(credential) !== upload.credential_key) return errorB(logId, 'upload_url_invalid', 'the upload URL credential is not valid for this publish', { status: 403 });
    if (ctx.clock.now() >= upload.url_expires_at) return errorB(logId, 'upload_url_expired', 'the upload URL has expired (valid 1 hour); start a new upload', { status: 403 });

    const mediaType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!VIDEO_MEDIA_TYPES.includes(mediaType)) return errorB(logId, 'invalid_file_upload', `Content-Type must be one of ${VIDEO_MEDIA_TYPES.join(', ')}`);

    const progress = { uploaded_bytes: upload.received_bytes, total_bytes: upload.video_size };
    const range = parseContentRange(req.headers['content-range']);
    if (!range) return errorB(logId, 'invalid_params', 'Content-Range must be "bytes <first>-<last>/<total>"', { status: 416, data: progress });
    const holder = this.busy.get(id);
    if (holder && holder.first === range.first) {
      rc.log.info({ publish_id: id }, 'the chunk being received was sent again: dropping the first copy');
      await holder.drop('superseded by a new PUT of the same chunk');
      return this.put(rc); // from the top: the state may have moved meanwhile
    }
    if (holder) return errorB(logId, 'invalid_params', 'another chunk of this upload is still being received; chunks go one at a time', { status: 416, data: progress });
    // Bytes the host already acknowledged, sent again: recorded, so a client that resumes behind
    // where it was told it got can be caught (GET /sandbox/publishes/{id} `resent_chunks`).
    if (range.first < upload.received_bytes) this.recordResent(id, Math.floor(range.first / upload.chunk_size));
    const verdict = classifyChunk(upload, upload.chunks_received, range);
    if (verdict.kind === 'out_of_plan') return errorB(logId, 'invalid_params', verdict.message, { status: 416, data: progress });

    const length = range.last - range.first + 1;
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) !== length) return errorB(logId, 'invalid_file_upload', `Content-Length ${declared} does not match Content-Range (${length} bytes)`);

    const answered = (final: boolean, current: PublishRecord): Reply =>
      okB(logId, { uploaded_bytes: current.upload!.received_bytes, total_bytes: upload.video_size }, final ? 201 : 206);

    const receiving = new Receiving(range.first, req);
    this.busy.set(id, receiving);
    const onClose = (): void => receiving.aborted();
    req.once('close', onClose);
    let idle: NodeJS.Timeout | undefined;
    /** Cut the connection after idle_timeout_ms without a byte; each byte that arrives restarts the wait. */
    const watchIdle = (): (() => void) => {
      const ms = ctx.config.upload_host.idle_timeout_ms;
      idle = setTimeout(() => {
        rc.log.info({ publish_id: id, idle_ms: ms }, 'chunk stalled: dropping it');
        void receiving.drop(`no bytes for ${ms} ms`);
      }, ms);
      return () => void idle?.refresh();
    };
    try {
      if (verdict.kind === 'repeat') {
        // Already written: read it off the wire and answer as the first time.
        const meter = new ChunkMeter(length, undefined, watchIdle());
        acceptBody(req, rc.res);
        const read = await pipeline(req, meter, discard()).then(
          () => true,
          () => false, // the sender went away or went quiet: nothing was written, nothing to undo
        );
        clearTimeout(idle);
        this.countWire(id, meter.bytes);
        if (!read || meter.bytes !== length) return errorB(logId, 'invalid_file_upload', `the body has ${meter.bytes} bytes; Content-Range says ${length}`, { data: progress });
        return answered(verdict.final, record);
      }
      const hash = (await this.runningHash(record)).copy();
      const meter = new ChunkMeter(length, hash, watchIdle());
      const file = mediaPath(ctx, record);
      const sink = createWriteStream(file, { flags: 'r+', start: range.first, mode: 0o600 });
      acceptBody(req, rc.res);
      try {
        await pipeline(req, meter, sink).finally(() => {
          clearTimeout(idle);
          this.countWire(id, meter.bytes);
        });
      } catch (err) {
        // The client went away mid-chunk: forget the partial bytes so the chunk can be sent again
        // (once the file is closed, so no write still in flight lands after the truncate).
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        await truncate(file, upload.received_bytes).catch(() => undefined);
        if ((err as NodeJS.ErrnoException).code === 'ENOSPC') {
          // The host's own disk, not the chunk: a server error, so the sender tries again later.
          rc.log.warn({ publish_id: id, chunk: verdict.index }, 'no room for the chunk: the disk is full');
          return errorB(logId, 'insufficient_storage', "the upload host's disk is full; send the chunk again later", { status: 507, data: progress });
        }
        rc.log.info({ publish_id: id, chunk: verdict.index, err: (err as Error).message }, 'chunk aborted');
        return errorB(logId, 'invalid_file_upload', 'the chunk was not received completely', { data: progress });
      }
      if (meter.bytes !== length) {
        await truncate(file, upload.received_bytes);
        return errorB(logId, 'invalid_file_upload', `the body has ${meter.bytes} bytes; Content-Range says ${length}`, { data: progress });
      }
      const updated = await this.commit(record, verdict.index, verdict.final, hash, mediaType);
      // A 2xx promises the chunk is kept: the state reaches disk before the answer does.
      await ctx.state.flush();
      rc.log.info({ publish_id: id, chunk: verdict.index + 1, of: upload.total_chunk_count }, 'chunk received');
      return answered(verdict.final, updated);
    } finally {
      clearTimeout(idle);
      req.off('close', onClose);
      this.busy.delete(id);
      receiving.released();
    }
  }

  private recordResent(id: string, index: number): void {
    const current = publishes(this.ctx).get(id);
    if (!current?.upload) return;
    publishes(this.ctx).set(id, { ...current, upload: { ...current.upload, resent_chunks: [...(current.upload.resent_chunks ?? []), index] } });
  }

  /** Counts bytes read off the wire, so a client's re-sends after a crash can be measured. */
  private countWire(id: string, bytes: number): void {
    const current = publishes(this.ctx).get(id);
    if (!current?.upload) return;
    publishes(this.ctx).set(id, { ...current, upload: { ...current.upload, wire_bytes: (current.upload.wire_bytes ?? 0) + bytes } });
  }

  private async commit(stale: PublishRecord, index: number, final: boolean, hash: Hash, contentType: string): Promise<PublishRecord> {
    const { ctx } = this;
    // Re-read: the wire counter moved while the chunk streamed.
    const record = publishes(ctx).get(stale.publish_id) ?? stale;
    const upload = record.upload!;
    const end = chunkRange(upload, index).last + 1;
    let next: PublishRecord = { ...record, upload: { ...upload, received_bytes: end, chunks_received: index + 1, content_type: contentType } };
    if (final) {
      this.hashes.delete(record.publish_id);
      const check = await checkVideoFile(mediaPath(ctx, record));
      const now = ctx.clock.now();
      next = {
        ...next,
        sha256: hash.digest('hex'),
        received_at: now,
        processing_ends_at: now + processingMs(upload.video_size, ctx.config.processing.seconds_per_gb),
        verdict: check.ok ? { ok: true } : { ok: false, fail_reason: check.fail_reason, detail: check.detail },
      };
    } else {
      this.hashes.set(record.publish_id, hash);
    }
    return publishes(ctx).set(record.publish_id, next);
  }

  /** The hash of the bytes accepted so far; after a restart it is rebuilt once from the file. */
  private async runningHash(record: PublishRecord): Promise<Hash> {
    const known = this.hashes.get(record.publish_id);
    if (known) return known;
    const hash = createHash('sha256');
    const received = record.upload!.received_bytes;
    if (received > 0) {
      await pipeline(createReadStream(mediaPath(this.ctx, record), { start: 0, end: received - 1 }), new Writable({ write: (chunk: Buffer, _e, done) => (hash.update(chunk), done()) }));
    }
    this.hashes.set(record.publish_id, hash);
    return hash;
  }

  /** After a restart: drop bytes past the last accepted chunk (a chunk cut off by the stop). */
  async repairFiles(): Promise<void> {
    for (const record of publishes(this.ctx).values()) {
      if (record.upload && record.received_at === null) await truncate(mediaPath(this.ctx, record), record.upload.received_bytes).catch(() => undefined);
    }
  }
}
