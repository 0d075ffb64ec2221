/**
 * The research explorer's state. The loaded rows live in the main process, which sorts them and
 * sums them per day; this module holds only the rows the results table shows (research-rows.ts)
 * and the chart's per-day series, asked for when a progress event says more rows are loaded.
 */
import { create } from 'zustand';
import type { VideoField } from '../../../common/research-rules';
import { onBatch, openExternal, type ApiError } from '../api/client';
import type { AccountLookup, DaySeries, ExportResult, ResearchQuota, RowSort, SavedQuery, SearchView, VideoSearchRequest } from '../api/contract';
import { request } from './connection';
import { RowWindowCache } from './research-rows';
import { asApiError } from './settings';

interface ResearchState {
  search: SearchView | null;
  /** Grows each time rows for the table arrive. */
  rowsVersion: number;
  starting: boolean;
  error: ApiError | null;
  quota: ResearchQuota | null;
  saved: SavedQuery[];
  sort: RowSort | null;
  /** The chart's series, while a chart is shown. */
  days: DaySeries | null;
  account: { username: string; loading: boolean; result: AccountLookup | null; error: ApiError | null } | null;
  exported: { result: ExportResult; format: 'csv' | 'ndjson' } | null;
  /** Columns the person hid from the results table (the fields are still loaded and exported). */
  hiddenColumns: VideoField[];
}

/**
 * Hidden until the person shows them: with these two hidden, the default fields' columns fit the
 * table at a 1440 px window; the column chooser shows them.
 */
const FIRST_HIDDEN: VideoField[] = ['share_count', 'hashtag_names'];
/** An export's notice says what happened, then goes. */
const EXPORT_NOTICE_MS = 8000;

export const useResearch = create<ResearchState>()(() => ({
  search: null,
  rowsVersion: 0,
  starting: false,
  error: null,
  quota: null,
  saved: [],
  sort: null,
  days: null,
  account: null,
  exported: null,
  hiddenColumns: FIRST_HIDDEN,
}));

export const tableRows = new RowWindowCache({
  fetch: (sessionId, from, max, sort) => request('research.search.rows', { sessionId, from, max, ...(sort ? { sort } : {}) }),
  current: () => {
    const { search, sort } = useResearch.getState();
    return search ? { sessionId: search.sessionId, loaded: search.loaded, settled: search.state !== 'loading', sort } : null;
  },
  arrived: () => useResearch.setState((state) => ({ rowsVersion: state.rowsVersion + 1 })),
  failed: (error) => useResearch.setState({ error: asApiError(error) }),
  // Marks the moment the table shows a settled search's rows (the research-client benchmark reads it).
  settled: ({ sessionId, loaded }) => requestAnimationFrame(() => performance.mark('draftdeck:research-rows', { detail: { sessionId, rows: loaded } })),
});

/** Charts on screen; the series is asked for only while there is one. */
let chartsShown = 0;
let daysAsked: { sessionId: string; loaded: number; at: number } | null = null;
let daysInFlight = false;
let daysTimer: ReturnType<typeof setTimeout> | null = null;
/** While rows load, the chart is redrawn at most this often: each redraw costs a frame. */
const DAYS_WHILE_LOADING_MS = 1000;

/** Asks for the chart's series when the loaded rows changed since it was last asked for. */
async function refreshDays(): Promise<void> {
  if (daysInFlight || chartsShown === 0) return;
  daysInFlight = true;
  try {
    for (;;) {
      const search = useResearch.getState().search;
      if (!search || (daysAsked?.sessionId === search.sessionId && daysAsked.loaded === search.loaded)) return;
      const wait = daysAsked?.sessionId === search.sessionId && search.state === 'loading' ? daysAsked.at + DAYS_WHILE_LOADING_MS - performance.now() : 0;
      if (wait > 0) {
        daysTimer ??= setTimeout(() => {
          daysTimer = null;
          void refreshDays();
        }, wait);
        return;
      }
      daysAsked = { sessionId: search.sessionId, loaded: search.loaded, at: performance.now() };
      const days = await request('research.search.days', { sessionId: search.sessionId });
      if (useResearch.getState().search?.sessionId === search.sessionId) useResearch.setState({ days });
    }
  } catch (error) {
    useResearch.setState({ error: asApiError(error) });
  } finally {
    daysInFlight = false;
  }
}

/** A chart is on screen until the returned function is called. */
export function showDays(): () => void {
  chartsShown++;
  void refreshDays();
  return () => {
    chartsShown--;
  };
}

function showSearch(view: SearchView): void {
  const current = useResearch.getState().search;
  // An answer and an event can cross: the later view of the same search wins.
  if (current?.sessionId === view.sessionId && current.revision > view.revision) return;
  useResearch.setState({ search: view, quota: view.quota });
  tableRows.refresh();
  void refreshDays();
}

export async function startSearch(requestBody: VideoSearchRequest, savedQueryId?: string): Promise<void> {
  const previous = useResearch.getState().search;
  useResearch.setState({ starting: true, error: null, exported: null });
  try {
    const view = await request('research.search.start', { request: requestBody, ...(savedQueryId ? { savedQueryId } : {}) });
    if (previous) void request('research.search.close', { sessionId: previous.sessionId }).catch(() => undefined);
    useResearch.setState({ sort: null, days: null });
    showSearch(view);
  } catch (error) {
    useResearch.setState({ error: asApiError(error) });
  } finally {
    useResearch.setState({ starting: false });
  }
}

export async function loadUpTo(upTo: number): Promise<void> {
  const search = useResearch.getState().search;
  if (!search) return;
  try {
    showSearch(await request('research.search.load', { sessionId: search.sessionId, upTo }));
  } catch (error) {
    useResearch.setState({ error: asApiError(error) });
  }
}

export async function cancelLoading(): Promise<void> {
  const search = useResearch.getState().search;
  if (!search) return;
  try {
    showSearch(await request('research.search.cancel', { sessionId: search.sessionId }));
  } catch (error) {
    useResearch.setState({ error: asApiError(error) });
  }
}

export function sortBy(column: RowSort['column']): void {
  const current = useResearch.getState().sort;
  const direction: RowSort['direction'] = current?.column === column && current.direction === 'desc' ? 'asc' : 'desc';
  useResearch.setState({ sort: { column, direction } });
  tableRows.refresh();
}

export async function exportRows(format: 'csv' | 'ndjson'): Promise<void> {
  const search = useResearch.getState().search;
  if (!search) return;
  try {
    const result = await request('research.export', { sessionId: search.sessionId, format });
    if (result.kind === 'download') {
      // Web mode: the host streams the file; the browser saves it as a download.
      const link = document.createElement('a');
      link.href = result.url;
      link.download = '';
      document.body.append(link);
      link.click();
      link.remove();
    }
    const exported = { result, format };
    useResearch.setState({ exported });
    setTimeout(() => {
      if (useResearch.getState().exported === exported) useResearch.setState({ exported: null });
    }, EXPORT_NOTICE_MS);
  } catch (error) {
    useResearch.setState({ error: asApiError(error) });
  }
}

export async function lookUpAccount(typed: string, fields: Parameters<typeof request<'research.account'>>[1]['fields']): Promise<void> {
  const username = typed.replace(/^@/, '');
  useResearch.setState({ account: { username, loading: true, result: null, error: null } });
  try {
    const result = await request('research.account', { username, fields });
    useResearch.setState({ account: { username, loading: false, result, error: null } });
  } catch (error) {
    useResearch.setState({ account: { username, loading: false, result: null, error: asApiError(error) } });
  }
  const status = await request('research.status').catch(() => null);
  if (status?.quota) useResearch.setState({ quota: status.quota });
}

/** Opens a video's public page on the platform, in the system browser (a new tab in web mode). */
export async function openVideoPage(id: string, username: string): Promise<void> {
  try {
    const { url } = await request('research.videoPage', { id, username });
    await openExternal(url);
  } catch (error) {
    useResearch.setState({ error: asApiError(error) });
  }
}

export function showColumn(field: VideoField, shown: boolean): void {
  const hidden = useResearch.getState().hiddenColumns.filter((f) => f !== field);
  useResearch.setState({ hiddenColumns: shown ? hidden : [...hidden, field] });
}

export function closeAccount(): void {
  useResearch.setState({ account: null });
}

export function dismissResearchError(): void {
  useResearch.setState({ error: null });
}

export async function saveQuery(name: string, requestBody: VideoSearchRequest): Promise<void> {
  try {
    useResearch.setState({ saved: await request('research.saved.save', { name, request: requestBody }) });
  } catch (error) {
    useResearch.setState({ error: asApiError(error) });
  }
}

export async function removeSavedQuery(id: string): Promise<void> {
  try {
    useResearch.setState({ saved: await request('research.saved.remove', { id }) });
  } catch (error) {
    useResearch.setState({ error: asApiError(error) });
  }
}

let started = false;

/** Loads saved queries and today's quota, and follows progress events (the latest per batch). */
export function startResearch(): void {
  if (started) return;
  started = true;
  onBatch(['research.progress', 'research.saved.changed'], (events) => {
    let latest: SearchView | null = null;
    for (const event of events) {
      if (event.name === 'research.saved.changed') useResearch.setState({ saved: event.payload });
      else if (event.payload.sessionId === useResearch.getState().search?.sessionId) latest = event.payload;
    }
    if (latest) showSearch(latest);
  });
  void request('research.saved.list').then((saved) => useResearch.setState({ saved }), () => undefined);
  void request('research.status').then((status) => useResearch.setState({ quota: status.quota }), () => undefined);
}
