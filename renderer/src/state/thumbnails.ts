/**
 * Thumbnails of the drafts added in this window, by draft id. Kept in memory only (small JPEG
 * data URLs): the main process has the files, not pictures of them, so after a reload a draft
 * shows a placeholder. Forgotten when their draft leaves the queue.
 */
import { create } from 'zustand';
import { useDrafts } from './drafts';

export const useThumbnails = create<{ byId: ReadonlyMap<string, string> }>()(() => ({ byId: new Map() }));

export function setThumbnail(draftId: string, thumbnail: string | null): void {
  if (!thumbnail) return;
  useThumbnails.setState(({ byId }) => ({ byId: new Map(byId).set(draftId, thumbnail) }));
}

export function useThumbnail(draftId: string): string | undefined {
  return useThumbnails((state) => state.byId.get(draftId));
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
