/**
 * One notice per batch: the drafts added in one action (one drafts.add, one photo post) share a
 * batchId, and when the last of them stops moving the person is told once what became of them
 * (reached the inbox, failed, waits). A batch is told about when a draft of it reaches an outcome
 * in this run (inbox, posted, failed) and none of its drafts is still queued, uploading or
 * processing: waiting drafts wait for the platform's limits, often for hours, so the notice says
 * they wait rather than holding back news of the rest. A batch told about is not told again in
 * this run (a retry of one of its drafts included); after a restart only new outcomes count.
 */
import { words, type BatchNotice, type Words } from '../../core/contract/index.js';
import type { DraftRecord, DraftState } from './draft.js';

const OUTCOMES: ReadonlySet<DraftState> = new Set(['inbox', 'posted', 'failed']);
const MOVING: ReadonlySet<DraftState> = new Set(['queued', 'uploading', 'processing']);

export type DraftChanged = (previous: DraftRecord | undefined, next: DraftRecord, all: () => readonly DraftRecord[]) => void;

const batchOf = (draft: DraftRecord) => draft.batchId ?? draft.id;

/** What to tell about a settled batch, or null when it is not settled (or has nothing to tell). */
export function batchNotice(batch: readonly DraftRecord[]): BatchNotice | null {
  if (batch.length === 0 || batch.some((draft) => MOVING.has(draft.state))) return null;
  const arrived = batch.filter((draft) => draft.state === 'inbox' || draft.state === 'posted');
  const failed = batch.filter((draft) => draft.state === 'failed');
  const waiting = batch.filter((draft) => draft.state === 'waiting');
  if (arrived.length === 0 && failed.length === 0) return null;
  const only = batch.length === 1 ? batch[0]!.fileName : null;
  const title =
    failed.length === 0
      ? only !== null
        ? words('batch.arrived_one', { name: only })
        : words('batch.arrived_many', { count: arrived.length })
      : only !== null
        ? words('batch.failed_one', { name: only })
        : words('batch.failed_many', { failed: failed.length, total: batch.length });
  // Sentences, each said on its own (a reason is words of its own), one after another.
  const body: Words[] = [];
  if (only === null) {
    if (arrived.length > 0) body.push(words('batch.in_inbox', { count: arrived.length }));
    if (waiting.length > 0) body.push(words('batch.waiting', { count: waiting.length }), waiting[0]!.reason ?? words('batch.waiting_on_own'));
    if (failed.length > 0) body.push(words('batch.failed_file', { name: failed[0]!.fileName }), ...(failed[0]!.reason ? [failed[0]!.reason] : []));
  } else if (failed.length > 0) {
    body.push(failed[0]!.reason ?? words('batch.refused'));
  }
  if (failed.length === 0) body.push(words('batch.finish_in_app'));
  return { batchId: batchOf(batch[0]!), title, body, draftIds: batch.map((draft) => draft.id) };
}

/** Watches the queue's changes (DraftQueue's `changed`) and tells each settled batch once. */
export function batchNotices(tell: (notice: BatchNotice) => void): DraftChanged {
  const told = new Set<string>();
  return (previous, next, all) => {
    if (previous?.state === next.state || !OUTCOMES.has(next.state)) return;
    const id = batchOf(next);
    if (told.has(id)) return;
    const notice = batchNotice(all().filter((draft) => batchOf(draft) === id));
    if (!notice) return;
    told.add(id);
    tell(notice);
  };
}
