/**
 * The seam between the engine and what a draft carries. A media kind knows how to open a publish
 * for its draft (op 4 for a video file, the photo-post call for photos) and how to deliver its
 * media to that publish (a video's chunks; nothing for media the platform pulls by URL). The
 * scheduler and the status poller never see a kind: adding one is a new MediaKind here and an
 * entry in the engine's table, not a change to either.
 */
import type { ApiResult } from '../../../platform-api/errors.js';
import type { TransferContext, TransferOutcome } from './chunk-transfer.js';
import type { DraftRecord, MediaKindName } from './draft.js';
import type { DraftEvent, OpenedPublish } from './transitions.js';

/** Why a draft's holdings are freed. */
export type ReleaseReason = 'done' | 'failed' | 'cancelled' | 'removed';

export type SourceCheck = 'ok' | 'file_missing' | 'file_changed';

/** How far a kind's preparation of its media has got (a video's fix: FFmpeg's fraction done and time left). */
export interface PrepareProgress {
  fraction: number;
  etaMs: number | null;
}

export interface PrepareContext {
  signal: AbortSignal;
  record(event: DraftEvent): DraftRecord;
  progress(progress: PrepareProgress): void;
}

/** `ready`: the draft (as recorded now) can open its publish; `stopped`: paused, cancelled or closing; `failed`: fail the draft with the code. */
export type PrepareOutcome = { kind: 'ready' } | { kind: 'stopped' } | { kind: 'failed'; code: string };

export interface MediaKind {
  /** Whether the draft must open a new publish before it can continue. */
  needsPublish(draft: DraftRecord, now: number): boolean;
  /** Before a run: the draft's media is still what was added. */
  checkSource(draft: DraftRecord): Promise<SourceCheck>;
  /**
   * After the check, before a publish opens: makes the media the platform will take (a video the
   * app fixes, video-fix-step.ts), recording what it made. Kinds with nothing to prepare leave it out.
   */
  prepare?(draft: DraftRecord, ctx: PrepareContext): Promise<PrepareOutcome>;
  /**
   * Opens a publish for the draft on the platform, with the account's token. `record` journals
   * what the kind learns on the way (a photo hosted), so a restart does not do it twice.
   */
  open(draft: DraftRecord, accessToken: string, baseUrl: string, signal: AbortSignal, record: (event: DraftEvent) => DraftRecord): Promise<ApiResult<Omit<OpenedPublish, 'uploadUrlIssuedAt'>>>;
  /** Delivers the draft's media to its open publish. */
  deliver(draft: DraftRecord, ctx: TransferContext): Promise<TransferOutcome>;
  /**
   * Frees what the draft holds once it has left processing (`done`: inbox or posted), failed, was
   * cancelled or was removed: our copies of files, hosted photos. A failed or cancelled draft
   * keeps what a retry needs. Never throws.
   */
  release(draft: DraftRecord, why: ReleaseReason, record: (event: DraftEvent) => void): Promise<void>;
}

export type MediaKinds = Record<MediaKindName, MediaKind>;
