/**
 * When a draft waiting for inbox space will most likely go (docs/PLATFORM.md "Limits": at most N
 * pending shares per account within 24 hours). Each pending share frees its place at its 24-hour
 * mark; the drafts that need a new publish take the places in queue order as they free, and each
 * one that goes holds its place for 24 hours in turn. The creator posting a draft from the inbox
 * frees a place sooner, which no one can foresee: the forecast is the latest it will be.
 */
import type { DraftRecord } from './draft.js';
import { pendingShares } from './scheduler.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Expected start per draft id of every draft that needs a place (a new publish), queued or waiting. */
export function forecastInbox(drafts: readonly DraftRecord[], now: number, limit: number, needsPublish: (draft: DraftRecord) => boolean): Map<string, number> {
  const starts = new Map<string, number>();
  const lines = new Map<string, DraftRecord[]>();
  for (const draft of drafts) {
    if ((draft.state !== 'queued' && draft.state !== 'waiting') || !needsPublish(draft)) continue;
    const line = lines.get(draft.openId);
    if (line) line.push(draft);
    else lines.set(draft.openId, [draft]);
  }
  for (const [openId, line] of lines) {
    const frees = pendingShares(drafts, openId, now).map((since) => since + DAY_MS);
    while (frees.length < limit) frees.push(now);
    frees.sort((a, b) => a - b);
    for (const draft of line) {
      const at = Math.max(now, frees.shift()!);
      starts.set(draft.id, at);
      const held = at + DAY_MS;
      const place = frees.findIndex((free) => free > held);
      frees.splice(place < 0 ? frees.length : place, 0, held);
    }
  }
  return starts;
}

/** Whether a change of a draft can change any forecast (which drafts need a place, which hold one); progress and words cannot. */
export function changesForecast(before: DraftRecord | undefined, after: DraftRecord): boolean {
  if (!before) return true;
  const line = (draft: DraftRecord) => (draft.state === 'queued' || draft.state === 'waiting' ? 'line' : draft.state);
  return (
    before.openId !== after.openId ||
    line(before) !== line(after) ||
    before.publishId !== after.publishId ||
    before.uploadUrlIssuedAt !== after.uploadUrlIssuedAt ||
    before.freshPublishReason !== after.freshPublishReason ||
    (before.totalChunkCount !== null && before.nextChunk >= before.totalChunkCount) !== (after.totalChunkCount !== null && after.nextChunk >= after.totalChunkCount)
  );
}
