/**
 * The drafts queue as the main process holds it: drafts by id plus their order. Loaded once with
 * drafts.list, then kept current by drafts.updated / drafts.removed / drafts.reset, applied a
 * whole batch per update (the host sends at most ten batches a second, each with every changed
 * draft's latest view), so 10,000 drafts cost one render per batch, and a row re-renders only
 * when its own draft changed (unchanged drafts keep their object). `shape` changes only when what
 * the list's rows, filters and counts are made of changes (a draft added or removed, the order, a
 * draft's state or account): a batch of progress figures leaves it, and everything worked out from
 * the whole queue, alone.
 */
import { create } from 'zustand';
import { onBatch, onResync, type ApiError } from '../api/client';
import type { DraftState, DraftView, EventMessage } from '../api/contract';
import { request } from './connection';
import { asApiError } from './settings';

export type QueueSummary = Readonly<Record<DraftState, number>> & { total: number };

interface DraftsState {
  byId: ReadonlyMap<string, DraftView>;
  order: readonly string[];
  loaded: boolean;
  loadError: ApiError | null;
  summary: QueueSummary;
  /** Bumped when drafts come or go, the order changes, or a draft's state or account changes. */
  shape: number;
  /** The last action a person took that the main process refused, to show above the list. */
  actionError: { draftId: string; fileName: string; action: DraftAction | 'move'; error: ApiError } | null;
}

const EMPTY_SUMMARY: QueueSummary = { queued: 0, waiting: 0, uploading: 0, processing: 0, inbox: 0, posted: 0, failed: 0, paused: 0, cancelled: 0, total: 0 };

export const useDrafts = create<DraftsState>()(() => ({ byId: new Map(), order: [], loaded: false, loadError: null, summary: EMPTY_SUMMARY, shape: 0, actionError: null }));

export function summarize(byId: ReadonlyMap<string, DraftView>): QueueSummary {
  const counts: Record<DraftState, number> & { total: number } = { ...EMPTY_SUMMARY };
  for (const draft of byId.values()) counts[draft.state]++;
  counts.total = byId.size;
  return counts;
}

function sameSummary(a: QueueSummary, b: QueueSummary): boolean {
  return (Object.keys(a) as (keyof QueueSummary)[]).every((key) => a[key] === b[key]);
}

type DraftEvent = Extract<EventMessage, { name: 'drafts.updated' | 'drafts.removed' | 'drafts.reset' }>;

/** Applies events (and views answered by calls) in order, in one store update. */
export function applyDraftEvents(events: readonly DraftEvent[]): void {
  if (events.length === 0) return;
  const state = useDrafts.getState();
  let byId: Map<string, DraftView> | null = null;
  let order: string[] | null = null;
  let reshaped = false;
  const writable = () => (byId ??= new Map(state.byId));
  for (const event of events) {
    if (event.name === 'drafts.reset') {
      byId = new Map(event.payload.map((draft) => [draft.id, draft]));
      order = event.payload.map((draft) => draft.id);
      reshaped = true;
    } else if (event.name === 'drafts.updated') {
      const map = writable();
      const before = map.get(event.payload.id);
      if (!before) (order ??= [...state.order]).push(event.payload.id);
      if (!before || before.state !== event.payload.state || before.openId !== event.payload.openId) reshaped = true;
      map.set(event.payload.id, event.payload);
    } else {
      const map = writable();
      const gone = new Set(event.payload.ids.filter((id) => map.delete(id)));
      if (gone.size > 0) {
        order = (order ?? state.order).filter((id) => !gone.has(id));
        reshaped = true;
      }
    }
  }
  if (!byId) return;
  const summary = reshaped ? summarize(byId) : state.summary;
  useDrafts.setState({ byId, ...(order ? { order } : {}), summary: sameSummary(summary, state.summary) ? state.summary : summary, ...(reshaped ? { shape: state.shape + 1 } : {}) });
}

const upsert = (views: readonly DraftView[]) => applyDraftEvents(views.map((payload) => ({ name: 'drafts.updated', payload })));

// Events that arrive while the list loads are applied after it, in order.
let buffered: DraftEvent[] | null = null;

export async function loadDrafts(): Promise<void> {
  buffered ??= [];
  try {
    const list = await request('drafts.list');
    const pending = buffered;
    buffered = null;
    applyDraftEvents([{ name: 'drafts.reset', payload: list }, ...pending]);
    useDrafts.setState({ loaded: true, loadError: null });
  } catch (error) {
    buffered = null;
    useDrafts.setState({ loadError: asApiError(error) });
  }
}

export type DraftAction = 'pause' | 'resume' | 'cancel' | 'retry' | 'remove';

/** A row's action. Refusals (the draft moved on meanwhile) are shown above the list, not thrown. */
export async function runDraftAction(draft: DraftView, action: DraftAction): Promise<void> {
  try {
    if (action === 'remove') {
      await request('drafts.remove', { id: draft.id });
      applyDraftEvents([{ name: 'drafts.removed', payload: { ids: [draft.id] } }]);
    } else {
      upsert([await request(`drafts.${action}`, { id: draft.id })]);
    }
    const current = useDrafts.getState().actionError;
    if (current?.draftId === draft.id) useDrafts.setState({ actionError: null });
  } catch (error) {
    useDrafts.setState({ actionError: { draftId: draft.id, fileName: draft.fileName, action, error: asApiError(error) } });
  }
}

export function dismissActionError(): void {
  useDrafts.setState({ actionError: null });
}

/**
 * Puts a draft just before or after another (the neighbour shown, for the up and down buttons
 * under a filter; the row dropped on, for dragging): shown at once, then the main process's order
 * is the truth.
 */
export async function placeDraft(id: string, targetId: string, where: 'before' | 'after'): Promise<void> {
  const { order, byId } = useDrafts.getState();
  if (id === targetId || !order.includes(id) || !order.includes(targetId)) return;
  const next = order.filter((candidate) => candidate !== id);
  next.splice(next.indexOf(targetId) + (where === 'after' ? 1 : 0), 0, id);
  useDrafts.setState(({ shape }) => ({ order: next, shape: shape + 1 }));
  try {
    applyDraftEvents([{ name: 'drafts.reset', payload: await request('drafts.reorder', { ids: next }) }]);
  } catch (error) {
    // Put back what the main process has.
    void loadDrafts();
    const draft = byId.get(id);
    if (draft) useDrafts.setState({ actionError: { draftId: id, fileName: draft.fileName, action: 'move', error: asApiError(error) } });
  }
}

/** Views answered by drafts.add: shown at once (their drafts.updated events follow). */
export function addedDrafts(views: readonly DraftView[]): void {
  upsert(views);
}

let started = false;

export function startDrafts(): void {
  if (started) return;
  started = true;
  onBatch(['drafts.updated', 'drafts.removed', 'drafts.reset'], (events) => {
    if (buffered) buffered.push(...events);
    else applyDraftEvents(events);
  });
  onResync(() => void loadDrafts());
  void loadDrafts();
}
