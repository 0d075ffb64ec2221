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

export interface MediaKind {
  /** Whether the draft must open a new publish before it can continue. */
  needsPublish(draft: DraftRecord, now: number): boolean;
  /** Before a run: the draft's media is still what was added. */
  checkSource(draft: DraftRecord): Promise<SourceCheck>;
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
