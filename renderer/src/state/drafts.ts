/**
 * The drafts queue as the main process holds it: drafts by id plus their order. Loaded at start in
 * two steps (loadFirstPage): the Queue's first screen with the whole queue's counts
 * (drafts.firstPage), drawn at once, then the whole queue (drafts.list) once that is painted; then
 * kept current by drafts.updated / drafts.removed / drafts.reset, applied a
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
import { firstScreenPainted } from '../first-paint';
import { request } from './connection';
import { countsFromPage, type AccountCounts } from './queue-rows';
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
  /**
   * While only the first page is here (the rest loading): the whole queue's counts by account and
   * state, which the counts and filters show meanwhile (`summary` is made from them). Null once the
   * whole queue is here.
   */
  firstPage: AccountCounts | null;
  /** The last action a person took that the main process refused, to show above the list. */
  actionError: { draftId: string; fileName: string; action: DraftAction | 'move'; error: ApiError } | null;
}

const EMPTY_SUMMARY: QueueSummary = { queued: 0, waiting: 0, uploading: 0, processing: 0, inbox: 0, posted: 0, failed: 0, paused: 0, cancelled: 0, total: 0 };

export const useDrafts = create<DraftsState>()(() => ({ byId: new Map(), order: [], loaded: false, loadError: null, summary: EMPTY_SUMMARY, shape: 0, firstPage: null, actionError: null }));

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

function summaryOf(counts: AccountCounts): QueueSummary {
  const summary: Record<DraftState, number> & { total: number } = { ...EMPTY_SUMMARY };
  for (const entry of counts.values()) {
    for (const state of Object.keys(entry) as (DraftState | 'total')[]) summary[state] += entry[state] ?? 0;
  }
  return summary;
}

/**
 * While a load is under way, everything that changes drafts (events, and views answered by calls)
 * is kept and applied again after the loaded queue, in order, so nothing that happens meanwhile is
 * lost, and a draft is never there twice: a view replaces the draft's, whichever came first.
 */
let buffered: DraftEvent[] | null = null;

/**
 * Applies events (and views answered by calls) in order, in one store update. While a load is
 * under way they wait for it; only the progress of drafts already shown is applied at once (their
 * rows keep moving while the rest of the queue loads; a change of state waits, as it moves the
 * counts, which are the whole queue's).
 */
export function applyDraftEvents(events: readonly DraftEvent[]): void {
  if (!buffered) return applyNow(events);
  buffered.push(...events);
  const { byId } = useDrafts.getState();
  applyNow(
    events.filter((event) => {
      if (event.name !== 'drafts.updated') return false;
      const shown = byId.get(event.payload.id);
      return shown !== undefined && shown.state === event.payload.state && shown.openId === event.payload.openId;
    }),
  );
}

function applyNow(events: readonly DraftEvent[]): void {
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
  // A first page's counts stand for the whole queue until it is here (applyDraftEvents keeps what would move them).
  const summary = reshaped && !state.firstPage ? summarize(byId) : state.summary;
  useDrafts.setState({ byId, ...(order ? { order } : {}), summary: sameSummary(summary, state.summary) ? state.summary : summary, ...(reshaped ? { shape: state.shape + 1 } : {}) });
}

const upsert = (views: readonly DraftView[]) => applyDraftEvents(views.map((payload) => ({ name: 'drafts.updated', payload })));

/** Drafts in the first page: a few screens of rows, whatever the window's height. */
export const FIRST_PAGE_SIZE = 100;

/** Set once per page load when the whole queue is here (read by the queue-render benchmark). */
export const QUEUE_COMPLETE_MARK = 'draftdeck:queue-complete';

let loading: Promise<void> | null = null;

/** The whole queue (drafts.list), replacing what is shown; one load at a time. */
export function loadDrafts(): Promise<void> {
  loading ??= loadWhole().finally(() => (loading = null));
  return loading;
}

async function loadWhole(): Promise<void> {
  buffered ??= [];
  try {
    const list = await request('drafts.list');
    const pending = buffered;
    buffered = null;
    const wasFirstPage = useDrafts.getState().firstPage !== null;
    useDrafts.setState({ firstPage: null });
    applyNow([{ name: 'drafts.reset', payload: list }, ...pending]);
    useDrafts.setState({ loaded: true, loadError: null });
    if (wasFirstPage) performance.mark(QUEUE_COMPLETE_MARK, { detail: { drafts: list.length } });
  } catch (error) {
    buffered = null;
    useDrafts.setState({ loadError: asApiError(error) });
  }
}

/**
 * The start: the Queue's first screen and the whole queue's counts (drafts.firstPage), shown at
 * once; then, once that is painted, the whole queue. Building, sending and reading 10,000 drafts
 * took most of the Queue's first paint (queue-render benchmark); its first screen needs a hundred.
 * The rest replaces the page without moving it: the page is the top of the list in the list's own
 * order (common/queue-order.ts), so the rows on screen, the scroll and the selection stay.
 * Answers once the first page is in the store (the whole queue, if no page could be had).
 */
async function loadFirstPage(): Promise<void> {
  buffered ??= [];
  let page;
  try {
    page = await request('drafts.firstPage', { size: FIRST_PAGE_SIZE });
  } catch {
    // The whole queue says what is wrong, if anything still is.
    return loadDrafts();
  }
  // A load of the whole queue that began meanwhile (the event stream came back) is newer.
  if (!loading) {
    const firstPage = countsFromPage(page.counts);
    useDrafts.setState(({ shape }) => ({
      byId: new Map(page.drafts.map((draft) => [draft.id, draft])),
      order: page.drafts.map((draft) => draft.id),
      summary: summaryOf(firstPage),
      firstPage,
      shape: shape + 1,
      loaded: true,
      loadError: null,
    }));
    void firstScreenPainted.then(loadDrafts);
    return;
  }
  return loadDrafts();
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
  const { order, byId, firstPage } = useDrafts.getState();
  // The new order names every draft: not before the whole queue is here.
  if (firstPage || id === targetId || !order.includes(id) || !order.includes(targetId)) return;
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

/**
 * Views answered by drafts.add, shown at once. A new draft's events may come before the answer
 * (they come over the event stream, the answer over its own request, and a busy machine delays
 * either), and each is at least as new as the answer: a URL the platform refused at once was
 * shown failed, then put back to queued by the late answer, for good. So a draft already heard
 * of, shown or waiting in a load's buffer, stays as heard.
 */
export function addedDrafts(views: readonly DraftView[]): void {
  const { byId } = useDrafts.getState();
  const heard = new Set((buffered ?? []).flatMap(draftIdsOf));
  upsert(views.filter((view) => !byId.has(view.id) && !heard.has(view.id)));
}

function draftIdsOf(event: DraftEvent): string[] {
  if (event.name === 'drafts.updated') return [event.payload.id];
  if (event.name === 'drafts.removed') return [...event.payload.ids];
  return event.payload.map((view) => view.id);
}

let started = false;

/** Answers once the Queue's first screen is in the store (the rest of the queue loads after it is painted). */
export function startDrafts(): Promise<void> {
  if (started) return Promise.resolve();
  started = true;
  onBatch(['drafts.updated', 'drafts.removed', 'drafts.reset'], applyDraftEvents);
  onResync(() => void loadDrafts());
  return loadFirstPage();
}
