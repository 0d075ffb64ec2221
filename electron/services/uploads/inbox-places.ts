/**
 * The places of an account's inbox on the platform (docs/PLATFORM.md "Limits": at most N pending
 * shares per account within 24 hours), draft by draft: which drafts hold one, until when. A draft
 * holds a place from the moment its publish opened: for 24 hours once the platform has all of it
 * (also after it was cancelled: the platform keeps what it received), for an hour while its upload
 * is unfinished (the upload link's life). The scheduler counts them (scheduler.ts pendingShares);
 * the inbox-full explanation names them, a cancelled upload that still holds one included.
 */
import type { DraftRecord } from './draft.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

/** When this draft's pending share stops holding a place, or null when it holds none now. */
export function placeHeldUntil(draft: DraftRecord, now: number): number | null {
  if (draft.publishId === null || draft.uploadUrlIssuedAt === null || draft.uploadUrlIssuedAt <= now - DAY_MS) return null;
  if (draft.state === 'posted' || draft.state === 'failed') return null;
  const delivered = draft.totalChunkCount !== null && draft.nextChunk >= draft.totalChunkCount;
  if (delivered) return draft.uploadUrlIssuedAt + DAY_MS;
  return draft.uploadUrlIssuedAt > now - HOUR_MS ? draft.uploadUrlIssuedAt + HOUR_MS : null;
}

/** The drafts of an account holding one of its inbox's places now, the longest-held first. */
export function placeHolders(drafts: readonly DraftRecord[], openId: string, now: number): { draft: DraftRecord; until: number }[] {
  const held: { draft: DraftRecord; until: number }[] = [];
  for (const draft of drafts) {
    if (draft.openId !== openId) continue;
    const until = placeHeldUntil(draft, now);
    if (until !== null) held.push({ draft, until });
  }
  return held.sort((a, b) => a.draft.uploadUrlIssuedAt! - b.draft.uploadUrlIssuedAt!);
}
