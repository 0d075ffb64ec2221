/**
 * The research rows worker's entry (a worker_thread): the searches' paging loops (search.ts), the
 * HTTP client they page op 10 with (its own keep-alive agents), the in-place check of each page's
 * records (platform-api/video-rows.ts), the loaded rows, their sort orders and per-day sums, and
 * the text of exports. The main thread (rows-client.ts, for research-service.ts) keeps what needs
 * the rest of the app: the client token (asked for here, and again when the platform refuses it),
 * the quotas as counted and stored (told here of each page; this thread keeps a copy to shorten or
 * stop pages by), and the events to the windows (progress is told from here at most every 250 ms
 * while loading, as search.ts does). So 100,000 rows and their paging never hold up the main
 * process's event loop (docs/ARCHITECTURE.md "Research").
 */
import { parentPort } from 'node:worker_threads';
import { platformError, type ApiResult } from '../../../platform-api/errors.js';
import { createHttpClient } from '../../../platform-api/http.js';
import { createResearchApi, type VideoQueryBody } from '../../../platform-api/research.js';
import type { ResearchQuota, VideoRow } from '../../core/contract/research.js';
import { exportLines } from './export-writer.js';
import type { FromWorker, ProfileState, RowsAnswers, RowsAsk, ToWorker } from './rows-protocol.js';
import { Search, type SearchPort } from './search.js';

const port = parentPort;
if (!port) throw new Error('rows-worker.ts runs only as a worker thread');

const DAY_MS = 86_400_000;
const api = createResearchApi(createHttpClient());

class AskError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Profile {
  clockOffsetMs: number;
  /** The main thread's count, and what this thread counted since it last said. */
  quota: ResearchQuota;
}

interface Session {
  search: Search;
  baseUrl: string;
  /** The client token this search pages with, asked for again at each load. */
  token: Promise<ApiResult<string>> | null;
}

const profiles = new Map<string, Profile>();
const sessions = new Map<string, Session>();
const exports = new Map<number, { rows: readonly VideoRow[]; count: number }>();
const tokenAsks = new Map<number, (result: ApiResult<string>) => void>();
let nextId = 1;

function post(message: FromWorker): void {
  port!.postMessage(message);
}

/**
 * Takes the main thread's view of a profile's quota. Counts only grow within a day, and a count
 * this thread told may not have reached the main thread's copy yet: the larger of each is kept.
 */
function profileFrom(state: ProfileState): Profile {
  const held = profiles.get(state.key);
  const quota = held && held.quota.resetsAt === state.quota.resetsAt
    ? { ...state.quota, requestsUsed: Math.max(held.quota.requestsUsed, state.quota.requestsUsed), recordsUsed: Math.max(held.quota.recordsUsed, state.quota.recordsUsed) }
    : state.quota;
  const profile = { clockOffsetMs: state.clockOffsetMs, quota };
  profiles.set(state.key, profile);
  return profile;
}

/** The profile's quota today (a new day starts at zero, as quota-book.ts counts). */
function quotaOf(key: string): ResearchQuota {
  const profile = profiles.get(key)!;
  const now = Date.now() + profile.clockOffsetMs;
  if (now >= profile.quota.resetsAt) {
    const day = Math.floor(now / DAY_MS);
    profile.quota = { ...profile.quota, day: new Date(day * DAY_MS).toISOString().slice(0, 10), requestsUsed: 0, recordsUsed: 0, resetsAt: (day + 1) * DAY_MS };
  }
  return profile.quota;
}

function askToken(sessionId: string, stale: string | null): Promise<ApiResult<string>> {
  const id = nextId++;
  post({ type: 'token', id, sessionId, stale });
  return new Promise((resolve) => tokenAsks.set(id, resolve));
}

function searchPort(sessionId: string, key: string): SearchPort {
  const session = () => sessions.get(sessionId);
  return {
    async queryVideos(fields: readonly string[], body: VideoQueryBody, signal: AbortSignal) {
      const held = session();
      if (!held) return { ok: false, error: platformError({ kind: 'network', code: 'search_closed', message: 'The search was closed' }) };
      held.token ??= askToken(sessionId, null);
      const token = await held.token;
      if (!token.ok) {
        held.token = null;
        return token;
      }
      const first = await api.queryVideos(held.baseUrl, token.value, fields, body, signal);
      if (first.ok || first.error.code !== 'access_token_invalid') return first;
      held.token = askToken(sessionId, token.value);
      const renewed = await held.token;
      if (!renewed.ok) {
        held.token = null;
        return renewed;
      }
      return api.queryVideos(held.baseUrl, renewed.value, fields, body, signal);
    },
    quota: () => quotaOf(key),
    counted(records) {
      const quota = quotaOf(key);
      profiles.get(key)!.quota = { ...quota, requestsUsed: quota.requestsUsed + 1, recordsUsed: quota.recordsUsed + records };
      post({ type: 'counted', sessionId, records });
    },
    exhausted(which) {
      const quota = quotaOf(key);
      profiles.get(key)!.quota = which === 'requests' ? { ...quota, requestsUsed: Math.max(quota.requestsUsed, quota.requestsLimit) } : { ...quota, recordsUsed: Math.max(quota.recordsUsed, quota.recordsLimit) };
      post({ type: 'exhausted', sessionId, which });
    },
    now: () => Date.now() + (profiles.get(key)?.clockOffsetMs ?? 0),
    changed: (search) => post({ type: 'progress', view: search.view() }),
  };
}

function sessionOf(sessionId: string): Session {
  const session = sessions.get(sessionId);
  if (!session) throw new AskError('no_search', 'This search is no longer open: run it again');
  return session;
}

async function answer(ask: RowsAsk): Promise<RowsAnswers[RowsAsk['kind']]> {
  switch (ask.kind) {
    case 'open': {
      profileFrom(ask.profile);
      const search = new Search(ask.sessionId, ask.request, searchPort(ask.sessionId, ask.profile.key));
      sessions.set(ask.sessionId, { search, baseUrl: ask.profile.baseUrl, token: null });
      await search.load(ask.upTo);
      return search.view();
    }
    case 'load': {
      const session = sessionOf(ask.sessionId);
      profileFrom(ask.profile);
      session.token = null;
      const loading = session.search.load(ask.upTo);
      if (ask.wait) await loading;
      return session.search.view();
    }
    case 'cancel': {
      const session = sessionOf(ask.sessionId);
      await session.search.cancel();
      return session.search.view();
    }
    case 'rows':
      return sessionOf(ask.sessionId).search.slice(ask.from, ask.max, ask.sort);
    case 'days':
      return sessionOf(ask.sessionId).search.days();
    case 'close': {
      const session = sessions.get(ask.sessionId);
      if (!session) return { closed: false };
      sessions.delete(ask.sessionId);
      void session.search.cancel();
      return { closed: true };
    }
    case 'exportOpen': {
      // The rows array only grows (search.ts): an export takes what was loaded when it opened.
      const rows = sessionOf(ask.sessionId).search.rows;
      const exportId = nextId++;
      exports.set(exportId, { rows, count: rows.length });
      return { exportId, count: rows.length };
    }
    case 'exportText': {
      const held = exports.get(ask.exportId);
      if (!held) throw new AskError('export_failed', 'The export was closed');
      return exportLines(held.rows, ask.columns, ask.format, ask.from, Math.min(ask.to, held.count));
    }
    case 'exportClose':
      exports.delete(ask.exportId);
      return null;
    case 'quota':
      if (profiles.has(ask.profile.key)) profileFrom(ask.profile);
      return null;
    case 'shutdown':
      await Promise.all([...sessions.values()].map((session) => session.search.cancel()));
      sessions.clear();
      exports.clear();
      return null;
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'token') {
    const resolve = tokenAsks.get(message.id);
    tokenAsks.delete(message.id);
    resolve?.(message.result);
    return;
  }
  const { id, ask } = message;
  answer(ask).then(
    (value) => post({ type: 'answer', id, ok: true, value }),
    (error: unknown) =>
      post({ type: 'answer', id, ok: false, error: error instanceof AskError ? { code: error.code, message: error.message } : { code: 'research_failed', message: error instanceof Error ? error.message : String(error) } }),
  );
});
