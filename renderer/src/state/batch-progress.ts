/** The batch's figure as a store (batch-figures.ts), kept current from the drafts store whichever view is open. */
import { create } from 'zustand';
import type { DraftView } from '../api/contract';
import { batchProgress, type BatchProgress } from './batch-figures';
import { useDrafts } from './drafts';

export type { BatchProgress } from './batch-figures';

export const useBatchProgress = create<{ batch: BatchProgress | null }>()(() => ({ batch: null }));

let started = false;

/** Kept current from the drafts store: one pass per batch of draft events, whichever view is open. */
export function startBatchProgress(): void {
  if (started) return;
  started = true;
  const members = new Set<string>();
  const update = (byId: ReadonlyMap<string, DraftView>) => useBatchProgress.setState({ batch: batchProgress(byId, members) });
  update(useDrafts.getState().byId);
  useDrafts.subscribe((drafts, previous) => {
    // A first page holds a few of the drafts in flight: the batch is figured once the whole queue is here.
    if (drafts.byId !== previous.byId && !drafts.firstPage) update(drafts.byId);
  });
}
