/**
 * The background half of PULL_FROM_URL publishes: download, check, record the outcome. A job's
 * result is written to the publish record; the status the client sees is derived from it and the
 * virtual clock (records.ts). Jobs interrupted by a stop are started again on the next start.
 */
import { readFile, rm } from 'node:fs/promises';
import type { SandboxContext } from '../context.js';
import { probeImage } from '../media/image-size.js';
import { checkVideoFile } from '../media/video-check.js';
import { MAX_VIDEO_BYTES } from './chunk-plan.js';
import { checkPhotoImage, MAX_PHOTO_BYTES } from './photo-rules.js';
import { mediaPath, publishes } from './publishes.js';
import { downloadToFile } from './pull.js';
import { processingMs, type FailReason, type PhotoImage, type PublishRecord, type Verdict } from './records.js';

/** JPEG segments before the frame header (EXIF, ICC) rarely exceed this; beyond it we read the file. */
const IMAGE_HEAD_BYTES = 512 * 1024;

export class PullJobs {
  private readonly abort = new AbortController();
  private readonly running = new Map<string, Promise<void>>();
  /** Bytes downloaded so far by running jobs (the record is written when a job ends). */
  private readonly live = new Map<string, number>();

  constructor(private readonly ctx: SandboxContext) {}

  liveBytes(publishId: string): number | undefined {
    return this.live.get(publishId);
  }

  start(record: PublishRecord): void {
    if (this.running.has(record.publish_id) || this.abort.signal.aborted) return;
    const job = (record.kind === 'photo_url' ? this.pullPhotos(record) : this.pullVideo(record))
      .catch((err: unknown) => {
        this.ctx.logger.error({ err, publish_id: record.publish_id }, 'pull job failed unexpectedly');
        if (!this.abort.signal.aborted) this.fail(record.publish_id, 'internal', 'the sandbox could not process this publish');
      })
      .finally(() => {
        this.running.delete(record.publish_id);
        this.live.delete(record.publish_id);
      });
    this.running.set(record.publish_id, job);
  }

  /** Start the jobs a previous run left unfinished. */
  resume(): void {
    for (const record of publishes(this.ctx).values()) {
      if (record.pull && record.received_at === null && record.failure === null) this.start(record);
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled(this.running.values());
  }

  private async pullVideo(record: PublishRecord): Promise<void> {
    const url = record.pull!.urls[0]!;
    const result = await downloadToFile(url, mediaPath(this.ctx, record), {
      maxBytes: MAX_VIDEO_BYTES,
      headBytes: 0,
      signal: this.abort.signal,
      onProgress: (bytes) => this.live.set(record.publish_id, bytes),
    });
    if (this.abort.signal.aborted) return;
    if (!result.ok) return this.fail(record.publish_id, 'video_pull_failed', result.detail, result.bytes);
    const check = await checkVideoFile(mediaPath(this.ctx, record));
    const verdict: Verdict = check.ok ? { ok: true } : { ok: false, fail_reason: check.fail_reason, detail: check.detail };
    this.received(record.publish_id, result.bytes, verdict, { sha256: result.sha256 });
  }

  private async pullPhotos(record: PublishRecord): Promise<void> {
    const images: PhotoImage[] = [];
    let total = 0;
    let verdict: Verdict = { ok: true };
    for (const [index, url] of record.pull!.urls.entries()) {
      const path = mediaPath(this.ctx, record, `-${index}`);
      const result = await downloadToFile(url, path, {
        maxBytes: MAX_PHOTO_BYTES,
        headBytes: IMAGE_HEAD_BYTES,
        signal: this.abort.signal,
        onProgress: (bytes) => this.live.set(record.publish_id, total + bytes),
      });
      if (this.abort.signal.aborted) return;
      if (!result.ok) {
        if (result.problem === 'too_large') {
          verdict = { ok: false, fail_reason: 'picture_size_check_failed', detail: `photo_images[${index}] is larger than 20 MB` };
          total += result.bytes;
          await rm(path, { force: true });
          break;
        }
        return this.fail(record.publish_id, 'photo_pull_failed', `photo_images[${index}]: ${result.detail}`, total + result.bytes);
      }
      total += result.bytes;
      let probe = probeImage(result.head);
      if (probe.kind === 'truncated' && result.bytes > result.head.length) probe = probeImage(await readFile(path));
      const check = checkPhotoImage(probe, result.bytes, index);
      images.push({ url, bytes: result.bytes, sha256: result.sha256, format: check.ok ? check.format : null, width: check.ok ? check.width : null, height: check.ok ? check.height : null });
      if (!check.ok) {
        verdict = { ok: false, fail_reason: check.fail_reason, detail: check.detail };
        break;
      }
    }
    this.received(record.publish_id, total, verdict, { images });
  }

  private received(publishId: string, bytes: number, verdict: Verdict, extra: { sha256?: string; images?: PhotoImage[] }): void {
    const now = this.ctx.clock.now();
    publishes(this.ctx).update(publishId, (current) => ({
      ...current,
      pull: { ...current.pull!, downloaded_bytes: bytes },
      photo: current.photo && extra.images ? { ...current.photo, images: extra.images } : current.photo,
      sha256: extra.sha256 ?? current.sha256,
      received_at: now,
      processing_ends_at: now + processingMs(bytes, this.ctx.config.processing.seconds_per_gb),
      verdict,
    }));
  }

  private fail(publishId: string, reason: FailReason, detail: string, bytes?: number): void {
    publishes(this.ctx).update(publishId, (current) => ({
      ...current,
      pull: current.pull && bytes !== undefined ? { ...current.pull, downloaded_bytes: bytes } : current.pull,
      failure: { fail_reason: reason, detail, at: this.ctx.clock.now() },
    }));
  }
}
