/**
 * How the person looks at the queue, in this window: which account and state are shown, whether
 * drafts are grouped by account, which are selected for a bulk action, and list or day plan. The
 * rows shown are worked out from the drafts store in one pass per change (10,000 drafts stay cheap).
 */
import { create } from 'zustand';
import type { BulkAction, BulkOutcome, DraftState } from '../api/contract';
import type { ApiError } from '../api/client';
import { countByAccount, visibleRows, type AccountCounts, type VisibleRows } from './queue-rows';
import { request } from './connection';
import { applyDraftEvents, loadDrafts, useDrafts } from './drafts';
import { asApiError } from './settings';

export { countByAccount, type QueueRow } from './queue-rows';

interface QueueViewState {
  account: string | null;
  state: DraftState | null;
  grouped: boolean;
  selected: ReadonlySet<string>;
  mode: 'list' | 'plan';
  /** What the last bulk action could not do, draft by draft (or why it failed as a whole). */
  bulkReport: { action: BulkAction | 'move' | 'clear'; refused: BulkOutcome['refused']; error: ApiError | null } | null;
}

export const useQueueView = create<QueueViewState>()(() => ({ account: null, state: null, grouped: false, selected: new Set(), mode: 'list', bulkReport: null }));

export function setFilter(patch: Partial<Pick<QueueViewState, 'account' | 'state' | 'grouped' | 'mode'>>): void {
  useQueueView.setState(patch);
}

export function toggleSelected(id: string, on: boolean): void {
  useQueueView.setState(({ selected }) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    return { selected: next };
  });
}

export function selectOnly(ids: readonly string[]): void {
  useQueueView.setState({ selected: new Set(ids) });
}

export function dismissBulkReport(): void {
  useQueueView.setState({ bulkReport: null });
}

/**
 * The last answer for the last inputs, shared by every component asking: the list, the selection
 * bar and the filters read the same rows and counts, worked out once per change of the queue's
 * shape (drafts.ts), never for a batch of progress figures.
 */
function lastOf<Key extends readonly unknown[], Value>(work: (...key: Key) => Value): (...key: Key) => Value {
  let last: { key: Key; value: Value } | null = null;
  return (...key) => {
    if (last && last.key.length === key.length && last.key.every((part, index) => Object.is(part, key[index]))) return last.value;
    last = { key, value: work(...key) };
    return last.value;
  };
}

const rowsFor = lastOf((order: readonly string[], _shape: number, account: string | null, state: DraftState | null, grouped: boolean, firstPage: AccountCounts | null) =>
  visibleRows(order, useDrafts.getState().byId, account, state, grouped, firstPage),
);
// While only the first page is here, the counts are the whole queue's, as the first page told them.
const countsFor = lastOf((_shape: number, firstPage: ReturnType<typeof countByAccount> | null) => firstPage ?? countByAccount(useDrafts.getState().byId));

export function useVisibleRows(): VisibleRows {
  const order = useDrafts((s) => s.order);
  const shape = useDrafts((s) => s.shape);
  const account = useQueueView((s) => s.account);
  const state = useQueueView((s) => s.state);
  const grouped = useQueueView((s) => s.grouped);
  const firstPage = useDrafts((s) => s.firstPage);
  return rowsFor(order, shape, account, state, grouped, firstPage);
}

/** Drafts per account and state (the counts and the filters' options). */
export function useDraftCounts(): ReturnType<typeof countByAccount> {
  return countsFor(useDrafts((s) => s.shape), useDrafts((s) => s.firstPage));
}

/** Runs a bulk action on the selected drafts that still exist; what could not be done is reported above the list. */
export async function runBulk(action: BulkAction, ids: readonly string[]): Promise<void> {
  await report(action, async () => {
    const outcome = await request('drafts.bulk', { ids: [...ids], action });
    applyOutcome(outcome);
    return outcome.refused;
  });
}

/** Sends drafts to another account (waiting ones, or the selection). */
export async function moveDrafts(ids: readonly string[], openId: string): Promise<void> {
  await report('move', async () => {
    const outcome = await request('drafts.move', { ids: [...ids], openId });
    applyOutcome(outcome);
    return outcome.refused;
  });
}

export async function clearFinished(openId: string | null): Promise<void> {
  await report('clear', async () => {
    const { removed } = await request('drafts.clearFinished', openId === null ? {} : { openId });
    applyDraftEvents([{ name: 'drafts.removed', payload: { ids: removed } }]);
    return [];
  });
}

function applyOutcome(outcome: BulkOutcome): void {
  applyDraftEvents([...outcome.changed.map((payload) => ({ name: 'drafts.updated' as const, payload })), { name: 'drafts.removed' as const, payload: { ids: outcome.removed } }]);
  const gone = new Set(outcome.removed);
  if (gone.size > 0) useQueueView.setState(({ selected }) => ({ selected: new Set([...selected].filter((id) => !gone.has(id))) }));
}

/** A move that sent some drafts and not others says so for this long, then goes by itself (the rows show where each draft is). */
export const MOVE_REPORT_MS = 10_000;

async function report(action: BulkAction | 'move' | 'clear', run: () => Promise<BulkOutcome['refused']>): Promise<void> {
  try {
    const refused = await run();
    const bulkReport = refused.length > 0 ? { action, refused, error: null } : null;
    useQueueView.setState({ bulkReport });
    if (bulkReport && action === 'move') setTimeout(() => useQueueView.getState().bulkReport === bulkReport && useQueueView.setState({ bulkReport: null }), MOVE_REPORT_MS);
  } catch (error) {
    useQueueView.setState({ bulkReport: { action, refused: [], error: asApiError(error) } });
    void loadDrafts();
  }
}
