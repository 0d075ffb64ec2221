/**
 * One progress figure for everything in flight: the drafts queued or uploading, plus those of the
 * same batch that already got past their upload (so the bar never runs backwards as drafts finish).
 * A batch starts when something is first in flight and ends once nothing is; a draft that leaves
 * the run (paused, failed, cancelled, waiting for inbox space, removed) leaves the batch. Time left
 * is the bytes still to send at the speed of the uploads running now (null until there is a pace).
 */
import type { DraftState, DraftView } from '../api/contract';

export interface BatchProgress {
  /** Drafts in the batch, and how many of them are past their upload. */
  drafts: number;
  sent: number;
  bytes: number;
  ofBytes: number;
  etaSeconds: number | null;
}

const IN_FLIGHT: ReadonlySet<DraftState> = new Set(['queued', 'uploading']);
const PAST_UPLOAD: ReadonlySet<DraftState> = new Set(['processing', 'inbox', 'posted']);

/** A draft's bytes to send and sent: a photo post's are its hosted photos'; a pulled URL's are the platform's to fetch (none). */
function bytesOf(draft: DraftView): { bytes: number; ofBytes: number } {
  if (draft.kind === 'video_url') return { bytes: 0, ofBytes: 0 };
  if (draft.kind === 'photo' && draft.photo) {
    const { bytes, ofBytes } = draft.photo.hosted;
    return PAST_UPLOAD.has(draft.state) ? { bytes: ofBytes, ofBytes } : { bytes, ofBytes };
  }
  return { bytes: PAST_UPLOAD.has(draft.state) ? draft.size : Math.min(draft.size, draft.sentBytes), ofBytes: draft.size };
}

/**
 * The batch's figure from the drafts and the batch's members so far (updated in place: joined by
 * what is in flight, left by what dropped out); null, and the members forgotten, when nothing is in flight.
 */
export function batchProgress(byId: ReadonlyMap<string, DraftView>, members: Set<string>): BatchProgress | null {
  let inFlight = false;
  for (const draft of byId.values()) {
    if (!IN_FLIGHT.has(draft.state)) continue;
    inFlight = true;
    members.add(draft.id);
  }
  if (!inFlight) {
    members.clear();
    return null;
  }
  const progress: BatchProgress = { drafts: 0, sent: 0, bytes: 0, ofBytes: 0, etaSeconds: null };
  let speed = 0;
  for (const id of members) {
    const draft = byId.get(id);
    if (!draft || !(IN_FLIGHT.has(draft.state) || PAST_UPLOAD.has(draft.state))) {
      members.delete(id);
      continue;
    }
    const { bytes, ofBytes } = bytesOf(draft);
    progress.drafts++;
    if (PAST_UPLOAD.has(draft.state)) progress.sent++;
    progress.bytes += bytes;
    progress.ofBytes += ofBytes;
    if (draft.state === 'uploading' && draft.speedBps) speed += draft.speedBps;
  }
  if (speed > 0) progress.etaSeconds = Math.max(0, (progress.ofBytes - progress.bytes) / speed);
  return progress;
}
