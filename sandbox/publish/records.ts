/**
 * Publish records and how their status follows from them. Status is never stored: it is derived
 * from the record and the virtual clock at read time, so advancing the clock moves processing
 * along with no timers to reschedule. Pure.
 */
export type PublishStatus = 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED';

export type FailReason = 'file_format_check_failed' | 'picture_size_check_failed' | 'video_pull_failed' | 'photo_pull_failed' | 'internal';

export type PublishKind = 'video_file' | 'video_url' | 'photo_url';

export interface Verdict {
  ok: boolean;
  fail_reason?: FailReason;
  detail?: string;
}

export interface PhotoImage {
  url: string;
  bytes: number;
  format: string | null;
  width: number | null;
  height: number | null;
  sha256: string | null;
}

export interface PublishRecord {
  publish_id: string;
  kind: PublishKind;
  client_key: string;
  open_id: string;
  created_at: number;
  /** FILE_UPLOAD: the plan, the credential's hash and how far the upload got. */
  upload: {
    video_size: number;
    chunk_size: number;
    total_chunk_count: number;
    credential_key: string;
    url_expires_at: number;
    received_bytes: number;
    chunks_received: number;
    content_type: string | null;
    /** Every body byte the upload host read for this publish, repeats and cut-off chunks included (absent in older state). */
    wire_bytes?: number;
    /** Indexes of chunks sent again after the host had accepted them (absent in older state). */
    resent_chunks?: number[];
  } | null;
  /** PULL_FROM_URL: what to download, and how much came. */
  pull: { urls: string[]; downloaded_bytes: number } | null;
  photo: { title: string; description: string; cover_index: number; images: PhotoImage[] } | null;
  /** Base name of the media file(s) under the sandbox's files dir. */
  file: string;
  /** When the last byte arrived (upload or download); processing starts then. */
  received_at: number | null;
  processing_ends_at: number | null;
  /** The outcome of processing, decided when the bytes are in and revealed at processing_ends_at. */
  verdict: Verdict | null;
  /** A failure known at once (a download that failed). */
  failure: { fail_reason: FailReason; detail: string; at: number } | null;
  sha256: string | null;
  posted_at: number | null;
  post_ids: number[];
}

export interface DerivedState {
  status: PublishStatus;
  fail_reason: FailReason | '';
  detail: string;
}

/** Virtual processing time: `seconds_per_gb` per GiB, never under half a second. */
export const MIN_PROCESSING_MS = 500;

export function processingMs(bytes: number, secondsPerGb: number): number {
  return Math.max(MIN_PROCESSING_MS, Math.round((secondsPerGb * bytes * 1000) / 1024 ** 3));
}

export function derivePublishState(record: PublishRecord, now: number): DerivedState {
  const state = (status: PublishStatus, fail_reason: FailReason | '' = '', detail = ''): DerivedState => ({ status, fail_reason, detail });
  if (record.failure) return state('FAILED', record.failure.fail_reason, record.failure.detail);
  if (record.posted_at !== null) return state('PUBLISH_COMPLETE');
  const inFlight: PublishStatus = record.kind === 'video_file' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD';
  if (record.received_at === null) {
    if (record.upload && now >= record.upload.url_expires_at) return state('FAILED', 'internal', 'the upload URL expired before the upload completed');
    return state(inFlight);
  }
  if (record.processing_ends_at !== null && now < record.processing_ends_at) return state(inFlight);
  if (record.verdict && !record.verdict.ok) return state('FAILED', record.verdict.fail_reason ?? 'internal', record.verdict.detail ?? '');
  return state('SEND_TO_USER_INBOX');
}
