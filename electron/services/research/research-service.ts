/**
 * The research explorer's main-process side: searches (op 10) with their loaded rows, account
 * lookups (op 11), exports and saved queries. The client access token (op 12) is obtained and
 * renewed here (client-token.ts) and never leaves this process; the renderer sees searches by a
 * session id of ours, rows, progress and quotas.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Logger } from '../../../common/log.js';
import type { AccountField } from '../../../common/research-rules.js';
import type { ApiResult } from '../../../platform-api/errors.js';
import type { ResearchApi } from '../../../platform-api/research.js';
import type { AccountLookup, DaySeries, ExportResult, ResearchQuota, RowSort, SavedQuery, SearchView, VideoRow, VideoSearchRequest } from '../../core/contract/research.js';
import type { Downloads } from '../downloads.js';
import type { EventSink } from '../../core/events.js';
import { AppError } from '../../core/result.js';
import type { PlatformRuntime } from '../auth/runtime.js';
import type { KeyValueStorage } from '../storage.js';
import { ClientTokens } from './client-token.js';
import { EXPORT_CONTENT_TYPES, exportFileName, writeExport, type ExportFormat } from './export-writer.js';
import { QuotaBook, quotaStopMessage, type QuotaLimits } from './quota-book.js';
import { SavedQueries } from './saved-queries.js';
import { describeFailure, Search } from './search.js';

/** Searches kept in memory; starting another closes the oldest. */
const MAX_SEARCHES = 4;
const FIRST_PAGE = 100;

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
}

export class ResearchService {
  private readonly searches = new Map<string, Search>();
  private readonly tokens: ClientTokens;
  private readonly quotas: QuotaBook;
  private readonly saved: SavedQueries;

  constructor(private readonly deps: ResearchServiceDeps) {
    this.tokens = new ClientTokens({ withUserToken: deps.withUserToken, log: deps.log.child({ part: 'client-token' }) });
    this.quotas = new QuotaBook(deps.storage);
    this.saved = new SavedQueries(deps.storage, { now: () => Date.now() });
  }

  async status(): Promise<{ quota: ResearchQuota | null; problem: string | null }> {
    try {
      const runtime = await this.deps.runtime();
      return { quota: this.quota(runtime), problem: null };
    } catch (error) {
      return { quota: null, problem: error instanceof Error ? error.message : String(error) };
    }
  }

  async start(request: VideoSearchRequest, savedQueryId?: string): Promise<SearchView> {
    const runtime = await this.deps.runtime();
    const stop = quotaStopMessage(this.quota(runtime), runtime.clock.now());
    if (stop) throw new AppError('quota_exhausted', stop);
    // The search keeps the runtime it started on: a profile switch affects new searches only.
    const search = new Search(randomBytes(12).toString('base64url'), request, this.port(runtime));
    this.searches.set(search.sessionId, search);
    for (const [id, old] of this.searches) {
      if (this.searches.size <= MAX_SEARCHES) break;
      void old.cancel();
      this.searches.delete(id);
    }
    if (savedQueryId) {
      const list = this.saved.ran(savedQueryId);
      if (list) this.deps.hub.emit('research.saved.changed', list);
    }
    await search.load(FIRST_PAGE);
    const view = search.view();
    if (view.state === 'failed') {
      this.searches.delete(search.sessionId);
      throw new AppError(view.errorCode ?? 'research_failed', view.message ?? 'The search failed');
    }
    return view;
  }

  load(sessionId: string, upTo: number): SearchView {
    const search = this.search(sessionId);
    void search.load(upTo);
    return search.view();
  }

  async cancel(sessionId: string): Promise<SearchView> {
    const search = this.search(sessionId);
    await search.cancel();
    return search.view();
  }

  rows(sessionId: string, from: number, max: number, sort?: RowSort): { from: number; loaded: number; rows: VideoRow[] } {
    return { from, ...this.search(sessionId).slice(from, max, sort) };
  }

  days(sessionId: string): DaySeries {
    return this.search(sessionId).days();
  }

  closeSearch(sessionId: string): { closed: boolean } {
    const search = this.searches.get(sessionId);
    if (!search) return { closed: false };
    void search.cancel();
    this.searches.delete(sessionId);
    return { closed: true };
  }

  /** Streams the rows loaded so far: to a file the person chooses (Electron) or as a one-time download (web mode). */
  async export(sessionId: string, format: ExportFormat): Promise<ExportResult> {
    const search = this.search(sessionId);
    const rows = search.rows;
    const count = rows.length;
    const fileName = exportFileName(format, new Date());
    const write = (out: Writable) => writeExport(rows, search.request.fields, format, out);
    if (this.deps.chooseSavePath) {
      const path = await this.deps.chooseSavePath(fileName, format);
      if (path === null) return { kind: 'cancelled' };
      try {
        await write(createWriteStream(path));
      } catch (error) {
        throw new AppError('export_failed', `Could not write ${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.deps.log.info({ rows: count, format }, 'research exported');
      return { kind: 'saved', path, rows: count };
    }
    if (!this.deps.downloads) throw new AppError('export_unavailable', 'Exporting is not available here');
    const url = this.deps.downloads.offer({ fileName, contentType: EXPORT_CONTENT_TYPES[format], write });
    return { kind: 'download', url, rows: count };
  }

  async account(username: string, fields: AccountField[]): Promise<AccountLookup> {
    const runtime = await this.deps.runtime();
    const stop = quotaStopMessage(this.quota(runtime), runtime.clock.now());
    if (stop) throw new AppError('quota_exhausted', stop);
    const name = username.replace(/^@/, '');
    const answer = await this.tokens.withClientToken(runtime, (token) => this.deps.api.userInfo(runtime.baseUrl, token, fields, name));
    if (answer.ok) {
      this.quotas.count(runtime.key, runtime.clock, 1);
      return { status: 'found', account: answer.value };
    }
    // The platform answers only for public accounts; an unknown or private one is refused as invalid_params on username.
    if (answer.error.code === 'invalid_params' && /username/i.test(answer.error.message)) {
      return { status: 'not_public', username: name, message: `No public account @${name}: it does not exist, or it is private (research covers public accounts only).` };
    }
    if (answer.error.code === 'rate_limit_exceeded') {
      this.quotas.exhausted(runtime.key, runtime.clock, this.deps.limits(runtime), /record/i.test(answer.error.message) ? 'records' : 'requests');
      throw new AppError('quota_exhausted', quotaStopMessage(this.quota(runtime), runtime.clock.now()) ?? answer.error.message);
    }
    throw new AppError(answer.error.code, describeFailure(answer.error));
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
    await Promise.all([...this.searches.values()].map((search) => search.cancel()));
    this.searches.clear();
    this.tokens.clear();
    this.quotas.flush();
  }

  private announceSaved(list: SavedQuery[]): SavedQuery[] {
    this.deps.hub.emit('research.saved.changed', list);
    return list;
  }

  private search(sessionId: string): Search {
    const search = this.searches.get(sessionId);
    if (!search) throw new AppError('no_search', 'This search is no longer open: run it again');
    return search;
  }

  private quota(runtime: PlatformRuntime): ResearchQuota {
    return this.quotas.view(runtime.key, runtime.clock, this.deps.limits(runtime));
  }

  private port(runtime: PlatformRuntime) {
    return {
      queryVideos: (fields: readonly string[], body: Parameters<ResearchApi['queryVideos']>[3], signal: AbortSignal) =>
        this.tokens.withClientToken(runtime, (token) => this.deps.api.queryVideos(runtime.baseUrl, token, fields, body, signal)),
      quota: () => this.quota(runtime),
      counted: (records: number) => this.quotas.count(runtime.key, runtime.clock, records),
      exhausted: (which: 'requests' | 'records') => this.quotas.exhausted(runtime.key, runtime.clock, this.deps.limits(runtime), which),
      now: () => runtime.clock.now(),
      changed: (search: Search) => this.deps.hub.emit('research.progress', search.view(), search.sessionId),
    };
  }
}
