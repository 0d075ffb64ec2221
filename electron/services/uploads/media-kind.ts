/**
 * The seam between the engine and what a draft carries. A media kind knows how to open a publish
 * for its draft (op 4 for a video file, the photo-post call for photos) and how to deliver its
 * media to that publish (a video's chunks; nothing for media the platform pulls by URL). The
 * scheduler and the status poller never see a kind: adding one is a new MediaKind here and an
 * entry in the engine's table, not a change to either.
 */
import type { ApiResult } from '../../api/errors.js';
import type { TransferContext, TransferOutcome } from './chunk-transfer.js';
import type { DraftRecord, MediaKindName } from './draft.js';
import type { OpenedPublish } from './transitions.js';

export interface MediaKind {
  /** Whether the draft must open a new publish before it can continue. */
  needsPublish(draft: DraftRecord, now: number): boolean;
  /** Opens a publish for the draft on the platform, with the account's token. */
  open(draft: DraftRecord, accessToken: string, baseUrl: string, signal: AbortSignal): Promise<ApiResult<Omit<OpenedPublish, 'uploadUrlIssuedAt'>>>;
  /** Delivers the draft's media to its open publish. */
  deliver(draft: DraftRecord, ctx: TransferContext): Promise<TransferOutcome>;
}

export type MediaKinds = Record<MediaKindName, MediaKind>;
