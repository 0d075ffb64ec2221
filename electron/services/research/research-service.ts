/**
 * The research explorer's main-process side: searches (op 10), account lookups (op 11), exports
 * and saved queries. A search's paging, its loaded rows, their sort orders and per-day sums live
 * in a worker thread (rows-worker.ts, through rows-client.ts), which pages op 10 itself; this
 * thread keeps what needs the rest of the app: the profile, the client access token (op 12,
 * obtained and renewed here, client-token.ts, and given to the worker), the quotas as counted and
 * stored, saved queries, where an export goes, and the events to the windows. The renderer sees
 * searches by a session id of ours, rows, progress and quotas.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Logger } from '../../../common/log.js';
import { publicVideoPath, type AccountField } from '../../../common/research-rules.js';
import { platformError, type ApiResult } from '../../../platform-api/errors.js';
import type { ResearchApi } from '../../../platform-api/research.js';
import type { AccountLookup, DaySeries, ExportResult, ResearchQuota, RowSort, SavedQuery, SearchView, VideoRow, VideoSearchRequest } from '../../core/contract/research.js';
import type { Downloads } from '../downloads.js';
import type { EventSink } from '../../core/events.js';
import { AppError } from '../../core/result.js';
import { words, type Words } from '../../core/contract/words.js';
import { refusal, sayWords } from '../main-words.js';
import type { PlatformRuntime } from '../auth/runtime.js';
import type { KeyValueStorage } from '../storage.js';
import { ClientTokens } from './client-token.js';
import { EXPORT_CONTENT_TYPES, exportColumns, exportFileName, exportHeader, writeTexts, type ExportFormat } from './export-writer.js';
import { QuotaBook, quotaStopWords, type QuotaLimits } from './quota-book.js';
import { defaultRowsWorker, RowsWorker, type RowsWorkerSource } from './rows-client.js';
import type { ProfileState } from './rows-protocol.js';
import { SavedQueries } from './saved-queries.js';
import { describeFailure } from './search.js';

/** Searches kept in memory; starting another closes the oldest. */
const MAX_SEARCHES = 4;
const FIRST_PAGE = 100;
/** Rows of an export asked of the worker at a time (about 0.5 MB of CSV). */
const EXPORT_BLOCK = 2000;

export interface ResearchServiceDeps {
  /** The active profile, ready to use. */
  runtime(): Promise<PlatformRuntime>;
  /** The daily quotas of the profile's platform. */
  limits(runtime: PlatformRuntime): QuotaLimits;
  /** Runs `call` with a signed-in account's access token (a broker mints client tokens only for its users). */
  withUserToken<T>(call: (userAccessToken: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>>;
  api: ResearchApi;
  storage: KeyValueStorage;
  hub: EventSink;
  log: Logger;
  /** Electron: asks where to save (null when the person cancels). Absent in web mode. */
  chooseSavePath?: (defaultName: string, format: ExportFormat) => Promise<string | null>;
  /** Web mode: where exports are offered as downloads. */
  downloads?: Downloads;
  /** The rows worker's code: by default the bundle beside main.cjs, or the TypeScript entry through tsx (rows-client.ts). */
  rowsWorker?: RowsWorkerSource;
}

/** A search as this thread knows it: the profile it started on (a switch affects new searches only) and its request. */
interface SearchEntry {
  runtime: PlatformRuntime;
  request: VideoSearchRequest;
}

export class ResearchService {
  private readonly searches = new Map<string, SearchEntry>();
  private readonly tokens: ClientTokens;
  private readonly quotas: QuotaBook;
  private readonly saved: SavedQueries;
  private readonly rowsWorker: RowsWorker;

  constructor(private readonly deps: ResearchServiceDeps) {
    this.tokens = new ClientTokens({ withUserToken: deps.withUserToken, log: deps.log.child({ part: 'client-token' }) });
    this.quotas = new QuotaBook(deps.storage);
    this.saved = new SavedQueries(deps.storage, { now: () => Date.now() });
    this.rowsWorker = new RowsWorker(
      deps.rowsWorker ?? defaultRowsWorker(),
      {
        progress: (view) => {
          const entry = this.searches.get(view.sessionId);
          this.deps.hub.emit('research.progress', entry ? this.withQuota(view, entry.runtime) : view, view.sessionId);
        },
        counted: (sessionId, records) => {
          const entry = this.searches.get(sessionId);
          if (entry) this.quotas.count(entry.runtime.key, entry.runtime.clock, records);
        },
        exhausted: (sessionId, which) => {
          const entry = this.searches.get(sessionId);
          if (entry) this.quotas.exhausted(entry.runtime.key, entry.runtime.clock, this.deps.limits(entry.runtime), which);
        },
        token: async (sessionId, stale) => {
          const entry = this.searches.get(sessionId);
          if (!entry) return { ok: false, error: platformError({ kind: 'auth', code: 'no_search', message: sayWords(words('research.no_search')), words: words('research.no_search') }) };
          return this.tokens.token(entry.runtime, stale);
        },
        lost: () => this.searches.clear(),
      },
      deps.log.child({ part: 'rows-worker' }),
    );
  }

  async status(): Promise<{ quota: ResearchQuota | null; problem: string | null; problemWords: Words | null }> {
    try {
      const runtime = await this.deps.runtime();
      return { quota: this.quota(runtime), problem: null, problemWords: null };
    } catch (error) {
      return { quota: null, problem: error instanceof Error ? error.message : String(error), problemWords: error instanceof AppError ? (error.words ?? null) : null };
    }
  }

  async start(request: VideoSearchRequest, savedQueryId?: string): Promise<SearchView> {
    const runtime = await this.deps.runtime();
    const stop = quotaStopWords(this.quota(runtime), runtime.clock.now());
    if (stop) throw refusal('quota_exhausted', stop);
    // The search keeps the runtime it started on: a profile switch affects new searches only.
    const sessionId = randomBytes(12).toString('base64url');
    this.searches.set(sessionId, { runtime, request });
    for (const id of this.searches.keys()) {
      if (this.searches.size <= MAX_SEARCHES) break;
      this.closeSearch(id);
    }
    if (savedQueryId) {
      const list = this.saved.ran(savedQueryId);
      if (list) this.deps.hub.emit('research.saved.changed', list);
    }
    let view: SearchView;
    try {
      view = this.withQuota(await this.rowsWorker.ask({ kind: 'open', sessionId, request, profile: this.profile(runtime), upTo: FIRST_PAGE }), runtime);
    } catch (error) {
      this.searches.delete(sessionId);
      throw error;
    }
    if (view.state === 'failed') {
      this.closeSearch(sessionId);
      throw new AppError(view.errorCode ?? 'research_failed', view.message ?? 'The search failed', view.messageWords ?? undefined);
    }
    return view;
  }

  async load(sessionId: string, upTo: number): Promise<SearchView> {
    const { runtime } = this.search(sessionId);
    return this.withQuota(await this.rowsWorker.ask({ kind: 'load', sessionId, profile: this.profile(runtime), upTo }), runtime);
  }

  async cancel(sessionId: string): Promise<SearchView> {
    const { runtime } = this.search(sessionId);
    return this.withQuota(await this.rowsWorker.ask({ kind: 'cancel', sessionId }), runtime);
  }

  async rows(sessionId: string, from: number, max: number, sort?: RowSort): Promise<{ from: number; loaded: number; rows: VideoRow[] }> {
    this.search(sessionId);
    return { from, ...(await this.rowsWorker.ask({ kind: 'rows', sessionId, from, max, sort })) };
  }

  days(sessionId: string): Promise<DaySeries> {
    this.search(sessionId);
    return this.rowsWorker.ask({ kind: 'days', sessionId });
  }

  closeSearch(sessionId: string): { closed: boolean } {
    if (!this.searches.delete(sessionId)) return { closed: false };
    // It stops and its rows go; nothing waits for that.
    this.rowsWorker.ask({ kind: 'close', sessionId }).catch(() => undefined);
    return { closed: true };
  }

  /** Streams the rows loaded so far: to a file the person chooses (Electron) or as a one-time download (web mode). */
  async export(sessionId: string, format: ExportFormat): Promise<ExportResult> {
    const { request } = this.search(sessionId);
    const { exportId, count } = await this.rowsWorker.ask({ kind: 'exportOpen', sessionId });
    const fileName = exportFileName(format, new Date());
    const columns = exportColumns(request.fields);
    const rowsWorker = this.rowsWorker;
    // The worker makes the text a block at a time, each asked for once the destination took the last.
    async function* texts(): AsyncGenerator<string> {
      try {
        yield exportHeader(columns, format);
        for (let from = 0; from < count; from += EXPORT_BLOCK) yield await rowsWorker.ask({ kind: 'exportText', exportId, columns, format, from, to: from + EXPORT_BLOCK });
      } finally {
        rowsWorker.ask({ kind: 'exportClose', exportId }).catch(() => undefined);
      }
    }
    const write = (out: Writable) => writeTexts(texts(), out);
    if (this.deps.chooseSavePath) {
      const path = await this.deps.chooseSavePath(fileName, format);
      if (path === null) {
        this.rowsWorker.ask({ kind: 'exportClose', exportId }).catch(() => undefined);
        return { kind: 'cancelled' };
      }
      try {
        await write(createWriteStream(path));
      } catch (error) {
        throw refusal('export_failed', 'research.export_failed', { path, detail: error instanceof Error ? error.message : String(error) });
      }
      this.deps.log.info({ rows: count, format }, 'research exported');
      return { kind: 'saved', path, rows: count };
    }
    if (!this.deps.downloads) {
      this.rowsWorker.ask({ kind: 'exportClose', exportId }).catch(() => undefined);
      throw refusal('export_unavailable', 'research.export_unavailable');
    }
    const url = this.deps.downloads.offer({ fileName, contentType: EXPORT_CONTENT_TYPES[format], write });
    return { kind: 'download', url, rows: count };
  }

  async account(username: string, fields: AccountField[]): Promise<AccountLookup> {
    const runtime = await this.deps.runtime();
    const stop = quotaStopWords(this.quota(runtime), runtime.clock.now());
    if (stop) throw refusal('quota_exhausted', stop);
    const name = username.replace(/^@/, '');
    const answer = await this.tokens.withClientToken(runtime, (token) => this.deps.api.userInfo(runtime.baseUrl, token, fields, name));
    if (answer.ok) {
      this.quotas.count(runtime.key, runtime.clock, 1);
      this.quotaChanged(runtime);
      return { status: 'found', account: answer.value };
    }
    // The platform answers only for public accounts; an unknown or private one is refused as invalid_params on username.
    if (answer.error.code === 'invalid_params' && /username/i.test(answer.error.message)) {
      const said = words('research.not_public', { username: name });
      return { status: 'not_public', username: name, message: sayWords(said), words: said };
    }
    if (answer.error.code === 'rate_limit_exceeded') {
      this.quotas.exhausted(runtime.key, runtime.clock, this.deps.limits(runtime), /record/i.test(answer.error.message) ? 'records' : 'requests');
      this.quotaChanged(runtime);
      throw refusal('quota_exhausted', quotaStopWords(this.quota(runtime), runtime.clock.now()) ?? words('research.stopped', { detail: answer.error.message }));
    }
    throw refusal(answer.error.code, describeFailure(answer.error));
  }

  /** A public video's page: on the platform's web host, the one its authorize page is on. */
  async videoPage(id: string, username: string): Promise<{ url: string }> {
    const runtime = await this.deps.runtime();
    return { url: new URL(publicVideoPath(username, id), new URL(runtime.authorizeUrl).origin).href };
  }

  savedList(): SavedQuery[] {
    return this.saved.list();
  }

  saveQuery(name: string, request: VideoSearchRequest): SavedQuery[] {
    return this.announceSaved(this.saved.save(name, request));
  }

  removeSaved(id: string): SavedQuery[] {
    return this.announceSaved(this.saved.remove(id));
  }

  async close(): Promise<void> {
    await this.rowsWorker.close();
    this.searches.clear();
    this.tokens.clear();
    this.quotas.flush();
  }

  private announceSaved(list: SavedQuery[]): SavedQuery[] {
    this.deps.hub.emit('research.saved.changed', list);
    return list;
  }

  private search(sessionId: string): SearchEntry {
    const entry = this.searches.get(sessionId);
    if (!entry) throw refusal('no_search', 'research.no_search');
    return entry;
  }

  private quota(runtime: PlatformRuntime): ResearchQuota {
    return this.quotas.view(runtime.key, runtime.clock, this.deps.limits(runtime));
  }

  /** A view from the worker with the quota as counted here (the worker's is its copy). */
  private withQuota(view: SearchView, runtime: PlatformRuntime): SearchView {
    return { ...view, quota: this.quota(runtime) };
  }

  /** What the worker needs of a search's profile, now. */
  private profile(runtime: PlatformRuntime): ProfileState {
    return { key: runtime.key, baseUrl: runtime.baseUrl, clockOffsetMs: runtime.clock.now() - Date.now(), quota: this.quota(runtime) };
  }

  /** An account lookup counted against the profile's quota: the worker's copy learns of it. */
  private quotaChanged(runtime: PlatformRuntime): void {
    if (this.rowsWorker.started) this.rowsWorker.ask({ kind: 'quota', profile: this.profile(runtime) }).catch(() => undefined);
  }
}
