/**
 * Thumbnails of drafts, by draft id. The main process keeps them in the data dir (its thumbnail
 * cache, keyed by the file's fingerprint), so they survive reloads and restarts: a row whose draft
 * says it has one asks for it once (drafts.thumbnail, a data URL; the page never sees a path), and
 * only rows in view ask. A frame read in this window is kept at once, with no round trip.
 * Forgotten when their draft leaves the queue.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { DraftView } from '../api/contract';
import { request } from './connection';
import { useDrafts } from './drafts';

export const useThumbnails = create<{ byId: ReadonlyMap<string, string> }>()(() => ({ byId: new Map() }));

export function setThumbnail(draftId: string, thumbnail: string | null): void {
  if (!thumbnail) return;
  useThumbnails.setState(({ byId }) => ({ byId: new Map(byId).set(draftId, thumbnail) }));
}

/** Asked once per draft per page (a draft without a picture answers null and is not asked again). */
const asked = new Set<string>();

async function fetchThumbnail(draftId: string): Promise<void> {
  asked.add(draftId);
  try {
    const { dataUrl } = await request('drafts.thumbnail', { id: draftId });
    setThumbnail(draftId, dataUrl);
  } catch {
    // The draft was removed meanwhile, or the app stopped: the placeholder stays.
  }
}

export function useThumbnail(draft: Pick<DraftView, 'id' | 'hasThumbnail'>): string | undefined {
  const thumbnail = useThumbnails((state) => state.byId.get(draft.id));
  const wanted = thumbnail === undefined && draft.hasThumbnail;
  useEffect(() => {
    if (wanted && !asked.has(draft.id)) void fetchThumbnail(draft.id);
  }, [wanted, draft.id]);
  return thumbnail;
}

let pruning = false;

export function pruneThumbnailsWithDrafts(): void {
  if (pruning) return;
  pruning = true;
  useDrafts.subscribe((drafts, previous) => {
    if (drafts.byId === previous.byId) return;
    const { byId } = useThumbnails.getState();
    const gone = [...byId.keys()].filter((id) => !drafts.byId.has(id));
    if (gone.length === 0) return;
    const next = new Map(byId);
    for (const id of gone) next.delete(id);
    useThumbnails.setState({ byId: next });
  });
}
