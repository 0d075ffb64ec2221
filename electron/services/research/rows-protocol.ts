/**
 * The messages between the research service (main thread) and its rows worker (rows-worker.ts).
 * The main thread asks (an `id` it answers by); the worker answers each ask once, and on its own
 * tells of a search's progress, of records the platform counted, of a quota the platform said is
 * used up, and asks for a client token (the main thread holds and renews it: client-token.ts).
 */
import type { ApiResult } from '../../../platform-api/errors.js';
import type { DaySeries, ResearchQuota, RowSort, SearchView, VideoRow, VideoSearchRequest } from '../../core/contract/research.js';
import type { ExportFormat } from './export-writer.js';
import type { VideoField } from '../../../common/research-rules.js';

/** What a search needs of the profile it started on, as of the ask that carries it. */
export interface ProfileState {
  /** The profile's key: quotas are counted per profile. */
  key: string;
  baseUrl: string;
  /** The profile's clock (the sandbox's virtual one for the built-in profile) less the system clock. */
  clockOffsetMs: number;
  /** Today's quota as the main thread has counted it. */
  quota: ResearchQuota;
}

export type RowsAsk =
  | { kind: 'open'; sessionId: string; request: VideoSearchRequest; profile: ProfileState; upTo: number }
  /** Answers the view at once (the load goes on), or with `wait` once the load has ended. */
  | { kind: 'load'; sessionId: string; profile: ProfileState; upTo: number; wait?: boolean }
  | { kind: 'cancel'; sessionId: string }
  | { kind: 'rows'; sessionId: string; from: number; max: number; sort?: RowSort }
  | { kind: 'days'; sessionId: string }
  | { kind: 'close'; sessionId: string }
  /** Holds the rows loaded so far for an export (loading may go on) and answers how many. */
  | { kind: 'exportOpen'; sessionId: string }
  /** Rows [from, to) of an export, as text. */
  | { kind: 'exportText'; exportId: number; columns: VideoField[]; format: ExportFormat; from: number; to: number }
  | { kind: 'exportClose'; exportId: number }
  /** The main thread counted or was told something the worker's copy of a quota does not know. */
  | { kind: 'quota'; profile: ProfileState }
  /** Cancels every search and answers once each has stopped (the app is closing). */
  | { kind: 'shutdown' };

export interface RowsAnswers {
  open: SearchView;
  load: SearchView;
  cancel: SearchView;
  rows: { loaded: number; rows: VideoRow[] };
  days: DaySeries;
  close: { closed: boolean };
  exportOpen: { exportId: number; count: number };
  exportText: string;
  exportClose: null;
  quota: null;
  shutdown: null;
}

export type RowsAnswer<K extends RowsAsk['kind'] = RowsAsk['kind']> = RowsAnswers[K];

/** Main thread → worker. */
export type ToWorker = { type: 'ask'; id: number; ask: RowsAsk } | { type: 'token'; id: number; result: ApiResult<string> };

/** Worker → main thread. */
export type FromWorker =
  | { type: 'answer'; id: number; ok: true; value: unknown }
  | { type: 'answer'; id: number; ok: false; error: { code: string; message: string } }
  /** A search changed (its quota is the worker's copy: the main thread tells its own). At most every 250 ms while loading. */
  | { type: 'progress'; view: SearchView }
  /** A successful op 10 call returned `records` rows. */
  | { type: 'counted'; sessionId: string; records: number }
  /** The platform said a daily quota is used up. */
  | { type: 'exhausted'; sessionId: string; which: 'requests' | 'records' }
  /** A client token for the search's profile; `stale` is the one the platform refused (null: any valid one). */
  | { type: 'token'; id: number; sessionId: string; stale: string | null };
