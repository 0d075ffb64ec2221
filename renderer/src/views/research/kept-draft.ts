/**
 * The builder's query, kept while the person is on another page: the Research view unmounts when
 * they leave, and a query they were building (or ran) is still there when they come back.
 */
import { create } from 'zustand';
import { emptyDraft, type QueryDraft } from './query-model';

export const useKeptDraft = create<{ draft: QueryDraft }>()(() => ({ draft: emptyDraft(Date.now()) }));

export function keepDraft(draft: QueryDraft): void {
  useKeptDraft.setState({ draft });
}
