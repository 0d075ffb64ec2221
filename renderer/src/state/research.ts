/**
 * The research explorer's state. The loaded rows are kept OUT of zustand, in one array owned by
 * this module: the store holds only a version number that grows when rows arrive, so 100,000 rows
 * cost one store update per slice pulled (up to 25,000 rows), never one per row, and nothing
 * copies or diffs the array. Rows are pulled from the main process (research.search.rows) when a
 * progress event says more are loaded there: one pull at a time, so slices arrive in order.
 */
import { create } from 'zustand';
import { onBatch, type ApiError } from '../api/client';
import type { AccountLookup, ExportResult, ResearchQuota, SavedQuery, SearchView, VideoRow, VideoSearchRequest } from '../api/contract';
import { request } from './connection';
import { asApiError } from './settings';

export type SortDirection = 'asc' | 'desc';

interface ResearchState {
  search: SearchView | null;
  /** Grows each time rows were appended (or replaced by a new search). */
  rowsVersion: number;
  rowCount: number;
  starting: boolean;
  error: ApiError | null;
  quota: ResearchQuota | null;
  saved: SavedQuery[];
  sort: { column: keyof VideoRow; direction: SortDirection } | null;
  account: { username: string; loading: boolean; result: AccountLookup | null; error: ApiError | null } | null;
  exported: { result: ExportResult; format: 'csv' | 'ndjson' } | null;
}

export const useResearch = create<ResearchState>()(() => ({
  search: null,
  rowsVersion: 0,
  rowCount: 0,
  starting: false,
  error: null,
  quota: null,
  saved: [],
  sort: null,
  account: null,
  exported: null,
}));

let rows: VideoRow[] = [];
let pulling = false;

/** The loaded rows, in the order they arrived (read-only for callers). */
export function loadedRows(): readonly VideoRow[] {
  return rows;
}

const SLICE = 25_000;

/** Marks the moment the renderer holds every row of a settled search (the research-client benchmark reads it). */
function markSettled(search: SearchView | null): void {
  if (search && search.state !== 'loading' && rows.length === search.loaded) {
    const detail = { sessionId: search.sessionId, rows: rows.length };
    requestAnimationFrame(() => performance.mark('draftdeck:research-rows', { detail }));
  }
}

/** Pulls rows until the renderer holds as many as the main process said it loaded. */
async function pullRows(): Promise<void> {
  if (pulling) return;
  pulling = true;
  try {
    for (;;) {
      const search = useResearch.getState().search;
      if (!search || rows.length >= search.loaded) return markSettled(search);
      const sessionId = search.sessionId;
      const slice = await request('research.search.rows', { sessionId, from: rows.length, max: SLICE });
      // A new search may have started meanwhile: its rows are not these.
      if (useResearch.getState().search?.sessionId !== sessionId || slice.from !== rows.length) continue;
      if (slice.rows.length === 0) return;
      for (const row of slice.rows) rows.push(row);
      useResearch.setState((state) => ({ rowsVersion: state.rowsVersion + 1, rowCount: rows.length }));
    }
  } catch (error) {
    useResearch.setState({ error: asApiError(error) });
  } finally {
    pulling = false;
  }
}

function showSearch(view: SearchView): void {
  const current = useResearch.getState().search;
  // An answer and an event can cross: the later view of the same search wins.
  if (current?.sessionId === view.sessionId && current.revision > view.revision) return;
  useResearch.setState({ search: view, quota: view.quota });
  void pullRows();
}

export async function startSearch(requestBody: VideoSearchRequest, savedQueryId?: string): Promise<void> {
  const previous = useResearch.getState().search;
  useResearch.setState({ starting: true, error: null, exported: null });
  try {
    const view = await request('research.search.start', { request: requestBody, ...(savedQueryId ? { savedQueryId } : {}) });
    if (previous) void request('research.search.close', { sessionId: previous.sessionId }).catch(() => undefined);
    rows = [];
    useResearch.setState((state) => ({ rowsVersion: state.rowsVersion + 1, rowCount: 0, sort: null }));
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

export function sortBy(column: keyof VideoRow): void {
  const current = useResearch.getState().sort;
  const direction: SortDirection = current?.column === column && current.direction === 'desc' ? 'asc' : 'desc';
  useResearch.setState({ sort: { column, direction } });
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
    useResearch.setState({ exported: { result, format } });
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
