/** Which rows the queue shows, and its counts: pure, from the drafts and the person's filters. */
import { isFinishedState } from '../../../common/queue-order';
import type { DraftState, DraftView } from '../api/contract';

/** A draft's row carries its place among the drafts shown (`at`; headings are not counted). */
export type QueueRow = { kind: 'draft'; id: string; at: number } | { kind: 'group'; openId: string; count: number };

/** The rows shown, the drafts among them in order, and how many drafts the list holds in all (`size`). */
export interface VisibleRows {
  rows: QueueRow[];
  ids: string[];
  size: number;
}

/**
 * The rows to show: drafts passing the filters, unfinished before finished, each part in queue
 * order, under a heading per account when grouped. While only the first page is here, `whole` (the
 * whole queue's counts, drafts.firstPage) gives the list's size and each heading's count, filtered
 * as the rows are: a screen reader hears "1 of 1,000" from the first paint, not the page's "of 100".
 */
export function visibleRows(order: readonly string[], byId: ReadonlyMap<string, DraftView>, account: string | null, state: DraftState | null, grouped: boolean, whole: AccountCounts | null = null): VisibleRows {
  const ids: string[] = [];
  const finished: string[] = [];
  for (const id of order) {
    const draft = byId.get(id);
    if (!draft || (account !== null && draft.openId !== account) || (state !== null && draft.state !== state)) continue;
    (isFinishedState(draft.state) ? finished : ids).push(id);
  }
  for (const id of finished) ids.push(id);
  const countOf = (openId: string, shown: number) => (whole ? countIn(whole.get(openId), state) : shown);
  const size = whole ? [...whole.keys()].reduce((sum, openId) => sum + (account === null || openId === account ? countOf(openId, 0) : 0), 0) : ids.length;
  if (!grouped) return { rows: ids.map((id, at) => ({ kind: 'draft', id, at })), ids, size };
  // Accounts in the order their first draft comes; each one's drafts in queue order.
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const openId = byId.get(id)!.openId;
    const group = groups.get(openId);
    if (group) group.push(id);
    else groups.set(openId, [id]);
  }
  const rows: QueueRow[] = [];
  const groupedIds: string[] = [];
  for (const [openId, members] of groups) {
    rows.push({ kind: 'group', openId, count: countOf(openId, members.length) });
    for (const id of members) rows.push({ kind: 'draft', id, at: groupedIds.push(id) - 1 });
  }
  return { rows, ids: groupedIds, size };
}

function countIn(counts: AccountCount | undefined, state: DraftState | null): number {
  return (state === null ? counts?.total : counts?.[state]) ?? 0;
}

/** Drafts per account and state (and each account's total). */
export type AccountCounts = Map<string, AccountCount>;
type AccountCount = Partial<Record<DraftState, number>> & { total: number };

/** Drafts per account and state, for the counts and the filters' options. */
export function countByAccount(byId: ReadonlyMap<string, DraftView>): AccountCounts {
  const counts: AccountCounts = new Map();
  for (const draft of byId.values()) add(counts, draft.openId, draft.state, 1);
  return counts;
}

/** The same from the whole queue's counts a first page carries (drafts.firstPage), while the rest loads. */
export function countsFromPage(entries: readonly { openId: string; state: DraftState; count: number }[]): AccountCounts {
  const counts: AccountCounts = new Map();
  for (const { openId, state, count } of entries) add(counts, openId, state, count);
  return counts;
}

function add(counts: AccountCounts, openId: string, state: DraftState, count: number): void {
  let entry = counts.get(openId);
  if (!entry) counts.set(openId, (entry = { total: 0 }));
  entry[state] = (entry[state] ?? 0) + count;
  entry.total += count;
}
