/**
 * The builder's query, kept while the person is on another page: the Research view unmounts when
 * they leave, and a query they were building (or ran) is still there when they come back. It
 * remembers the saved query it was opened from, so a search of that same query counts as a run of
 * it (its "last run" moves) even when started with Search rather than the list's Run.
 */
import { create } from 'zustand';
import type { SavedQuery, VideoSearchRequest } from '../../api/contract';
import { draftFromRequest, emptyDraft, toRequest, type QueryDraft } from './query-model';

interface KeptDraft {
  draft: QueryDraft;
  /** The saved query the draft was opened from, as the builder would send it. */
  openedFrom: { id: string; request: string } | null;
}

export const useKeptDraft = create<KeptDraft>()(() => ({ draft: emptyDraft(Date.now()), openedFrom: null }));

export function keepDraft(draft: QueryDraft): void {
  useKeptDraft.setState({ draft });
}

/** The builder shows a saved query (Edit or Run). */
export function openSaved(query: SavedQuery): void {
  const draft = draftFromRequest(query.request);
  useKeptDraft.setState({ draft, openedFrom: { id: query.id, request: JSON.stringify(toRequest(draft)) } });
}

/** The saved query this request is, unchanged, if the draft was opened from one. */
export function savedQueryOf(request: VideoSearchRequest): string | undefined {
  const { openedFrom } = useKeptDraft.getState();
  return openedFrom && openedFrom.request === JSON.stringify(request) ? openedFrom.id : undefined;
}
