/** Where publish records and their media live, and the views of a record that clients see. */
import { join } from 'node:path';
import type { SandboxContext } from '../context.js';
import { pendingShareCount } from '../limits/pending-shares.js';
import { derivePublishState, type PublishRecord } from './records.js';

export function publishes(ctx: SandboxContext) {
  return ctx.state.collection<PublishRecord>('publishes');
}

/** A safe file name for a publish's media (publish ids contain `~` and `.`, never `/`). */
export function mediaPath(ctx: SandboxContext, record: Pick<PublishRecord, 'file'>, suffix = ''): string {
  return join(ctx.filesDir, `${record.file}${suffix}`);
}

export function fileBaseName(publishId: string): string {
  return publishId.replace(/[^A-Za-z0-9_.-]/g, '_');
}

export function pendingSharesOf(ctx: SandboxContext, openId: string): number {
  const now = ctx.clock.now();
  const facts = publishes(ctx)
    .values()
    .map((record) => ({ open_id: record.open_id, created_at: record.created_at, posted: record.posted_at !== null, failed: derivePublishState(record, now).status === 'FAILED' }));
  return pendingShareCount(facts, openId, now);
}

/** The status fetch's data (op 6): the fields the platform's clients read. */
export function statusView(record: PublishRecord, now: number, liveDownloaded?: number) {
  const derived = derivePublishState(record, now);
  return {
    status: derived.status,
    fail_reason: derived.fail_reason,
    uploaded_bytes: record.upload?.received_bytes ?? 0,
    downloaded_bytes: liveDownloaded ?? record.pull?.downloaded_bytes ?? 0,
    // (sic) the platform's own spelling.
    publicaly_available_post_id: record.post_ids,
  };
}

/** The sandbox inspection view (GET /sandbox/publishes/{id}): everything, except the credential. */
export function inspectView(record: PublishRecord, now: number, liveDownloaded?: number) {
  const derived = derivePublishState(record, now);
  return {
    publish_id: record.publish_id,
    kind: record.kind,
    client_key: record.client_key,
    open_id: record.open_id,
    status: derived.status,
    fail_reason: derived.fail_reason,
    detail: derived.detail,
    size: record.upload?.video_size ?? (record.received_at !== null ? (record.pull?.downloaded_bytes ?? 0) : null),
    uploaded_bytes: record.upload?.received_bytes ?? 0,
    downloaded_bytes: liveDownloaded ?? record.pull?.downloaded_bytes ?? 0,
    chunk_size: record.upload?.chunk_size ?? null,
    total_chunk_count: record.upload?.total_chunk_count ?? null,
    chunks_received: record.upload?.chunks_received ?? null,
    /** All body bytes read, repeats and cut-off chunks included: what a client's retries cost. */
    wire_bytes: record.upload ? (record.upload.wire_bytes ?? 0) : null,
    /** Chunks (0-based) PUT again after the host had accepted them, in the order they came: what a resume re-sent. */
    resent_chunks: record.upload ? (record.upload.resent_chunks ?? []) : null,
    content_type: record.upload?.content_type ?? null,
    upload_url_expires_at: record.upload ? new Date(record.upload.url_expires_at).toISOString() : null,
    source_urls: record.pull?.urls ?? [],
    photo: record.photo,
    sha256: record.sha256,
    created_at: new Date(record.created_at).toISOString(),
    received_at: record.received_at === null ? null : new Date(record.received_at).toISOString(),
    processing_ends_at: record.processing_ends_at === null ? null : new Date(record.processing_ends_at).toISOString(),
    posted_at: record.posted_at === null ? null : new Date(record.posted_at).toISOString(),
    publicaly_available_post_id: record.post_ids,
  };
}
