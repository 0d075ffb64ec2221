/**
 * One research search: its request, the rows loaded so far, and the paging loop. The first
 * request carries the query and dates; every later one only the platform's search_id and the
 * cursor it returned, so pages come from the platform's snapshot of the first request's results
 * and never repeat or skip (docs/PLATFORM.md "Research"). Loading stops at the target, when there
 * is no more, on cancel (after the page on its way, which is counted and kept; cut off after 5 s), or before a daily quota would be crossed (a page is shortened to what is
 * left of the records quota); a per-minute 429 waits out its Retry-After, a network failure or a
 * 5xx backs off and tries again, and anything else stops with the platform's words.
 */
import { MAX_PAGE } from '../../../common/research-rules.js';
import type { ApiResult, PlatformError } from '../../../platform-api/errors.js';
import type { VideoPage, VideoQueryBody } from '../../../platform-api/research.js';
import type { DaySeries, ResearchQuota, RowSort, SearchView, VideoRow, VideoSearchRequest } from '../../core/contract/research.js';
import { backoffDelay } from '../../../common/backoff.js';
import { DayTotals } from './day-totals.js';
import { quotaStopWords } from './quota-book.js';
import { asText, words, type Words } from '../../core/contract/words.js';
import { sayWords } from '../main-words.js';
import { sortedOrder } from './sort-order.js';

/** What a search needs from the service around it. */
export interface SearchPort {
  /** Op 10 with a valid client token (renewed as needed). */
  queryVideos(fields: readonly string[], body: VideoQueryBody, signal: AbortSignal): Promise<ApiResult<VideoPage>>;
  quota(): ResearchQuota;
  /** A successful call returned `records` rows. */
  counted(records: number): void;
  /** The platform said a daily quota is used up. */
  exhausted(which: 'requests' | 'records'): void;
  /** The profile's clock (the quotas' day is the platform's). */
  now(): number;
  changed(search: Search): void;
}

const MAX_ATTEMPTS = 6;
const SPEED_WINDOW_MS = 3000;
/**
 * While loading, progress is told at most this often: a page can arrive every 2 ms, and each
 * telling costs a view, an event and a repaint of the window's progress, table and chart, on the
 * same two cores the paging runs on. A change of state is told at once.
 */
const PROGRESS_INTERVAL_MS = 250;
const RESORT_WHILE_LOADING_MS = 1000;
/**
 * How long a cancel waits for the page on its way before cutting its request off: a page takes
 * milliseconds, and one the platform answered is counted (its quota counted it), but a stuck
 * connection must not hold a cancel for the HTTP client's 30 s.
 */
const CANCEL_GRACE_MS = 5000;

export class Search {
  readonly rows: VideoRow[] = [];
  private searchId: string | null = null;
  private cursor = 0;
  private hasMore = true;
  private target = 0;
  private state: SearchView['state'] = 'idle';
  /** Why loading stopped or waits; said in English in the view's `message`, and given as words. */
  private message: Words | null = null;
  private errorCode: string | null = null;
  private loading: Promise<void> | null = null;
  private controller: AbortController | null = null;
  private samples: { at: number; loaded: number }[] = [];
  private revision = 0;
  private progressToldAt = 0;
  private readonly dayTotals = new DayTotals();
  /** The last sort asked for, kept until rows arrive or another sort is asked for. */
  private sorted: { key: string; loaded: number; at: number; order: Uint32Array } | null = null;

  constructor(
    readonly sessionId: string,
    readonly request: VideoSearchRequest,
    private readonly port: SearchPort,
  ) {}

  view(): SearchView {
    return {
      sessionId: this.sessionId,
      revision: ++this.revision,
      fields: this.request.fields,
      state: this.state,
      loaded: this.rows.length,
      target: this.target,
      hasMore: this.hasMore,
      recordsPerSecond: this.speed(),
      message: this.message && sayWords(this.message),
      messageWords: this.message,
      errorCode: this.errorCode,
      quota: this.port.quota(),
    };
  }

  /**
   * Rows [from, from + max) in arrival order, or in `sort`'s order, and how many rows that order
   * was made from. While loading, a sort is made again at most once a second (100,000 rows take
   * 30–100 ms to sort, on the thread that pages); the answer says it covers fewer rows, so the
   * table asks again on a later progress.
   */
  slice(from: number, max: number, sort?: RowSort): { loaded: number; rows: VideoRow[] } {
    if (!sort) return { loaded: this.rows.length, rows: this.rows.slice(from, from + max) };
    const key = `${sort.column} ${sort.direction}`;
    const sorted = this.sorted;
    const stale = !sorted || sorted.key !== key || (sorted.loaded !== this.rows.length && !(this.state === 'loading' && performance.now() - sorted.at < RESORT_WHILE_LOADING_MS));
    const order = stale ? (this.sorted = { key, loaded: this.rows.length, at: performance.now(), order: sortedOrder(this.rows, sort.column, sort.direction) }) : sorted;
    return { loaded: order.loaded, rows: Array.from(order.order.subarray(from, from + max), (index) => this.rows[index]!) };
  }

  days(): DaySeries {
    return this.dayTotals.update(this.rows);
  }

  /** Loads until `upTo` rows are loaded; a load already running takes the new target. */
  load(upTo: number): Promise<void> {
    this.target = Math.max(upTo, this.rows.length);
    if (this.loading) return this.loading;
    if (!this.hasMore) return Promise.resolve();
    this.controller = new AbortController();
    this.samples = [{ at: this.port.now(), loaded: this.rows.length }];
    this.setState('loading', null, null);
    this.loading = this.run(this.controller.signal).finally(() => {
      this.loading = null;
      this.controller = null;
      this.port.changed(this);
    });
    return this.loading;
  }

  cancel(): Promise<void> {
    this.controller?.abort();
    return this.loading ?? Promise.resolve();
  }

  private async run(signal: AbortSignal): Promise<void> {
    const requests = new AbortController();
    let cutOff: ReturnType<typeof setTimeout> | undefined;
    const onCancel = () => (cutOff = setTimeout(() => requests.abort(), CANCEL_GRACE_MS));
    signal.addEventListener('abort', onCancel, { once: true });
    try {
      await this.page(signal, requests.signal);
    } finally {
      signal.removeEventListener('abort', onCancel);
      clearTimeout(cutOff);
    }
  }

  /** The paging loop; `requests` cuts off op 10 calls, a while after a cancel (`signal`). */
  private async page(signal: AbortSignal, requests: AbortSignal): Promise<void> {
    let attempt = 0;
    let inFlight: Promise<ApiResult<VideoPage>> | null = null;
    // A page is asked for ahead only while more are wanted, and the loop goes on at once: a page
    // asked for is always taken in, even if the target is lowered while it is on its way.
    while (this.rows.length < this.target && this.hasMore) {
      if (signal.aborted) return this.cancelled();
      if (!inFlight) {
        const asked = this.askFor(this.rows.length, requests);
        if ('stop' in asked) return this.setState('stopped', asked.stop, 'quota_exhausted');
        inFlight = asked.page;
      }
      // A cancel waits for the page on its way (up to CANCEL_GRACE_MS): the platform counts every
      // request it answers, so the app counts it and keeps its rows (a later load goes on after
      // them), and its count stays the platform's.
      const answer: ApiResult<VideoPage> = await inFlight;
      inFlight = null;
      if (!answer.ok) {
        if (signal.aborted) return this.cancelled();
        const wait = this.retryable(answer.error, ++attempt);
        if (wait === null) return;
        await sleep(wait, signal);
        continue;
      }
      attempt = 0;
      const page = answer.value;
      this.port.counted(page.videos.length);
      this.searchId = page.search_id;
      this.cursor = page.cursor;
      this.hasMore = page.has_more;
      // The next page is asked for before this one is taken in, so the platform works on it
      // while this process appends rows, tells the windows and answers their asks.
      // A quota that stops it is said at the top of the loop, when that page is asked for again.
      const loaded = this.rows.length + page.videos.length;
      if (loaded < this.target && this.hasMore && !signal.aborted) {
        const asked = this.askFor(loaded, requests);
        if ('page' in asked) inFlight = asked.page;
      }
      for (const row of page.videos) this.rows.push(row);
      this.sample();
      if (this.message !== null) this.message = null;
      this.progressed();
    }
    this.setState(this.hasMore ? 'idle' : 'done', null, null);
  }

  /**
   * Op 10 for the page after the first `loaded` rows (the query at first, then search_id and
   * cursor), or why a daily quota stops it.
   */
  private askFor(loaded: number, signal: AbortSignal): { page: Promise<ApiResult<VideoPage>> } | { stop: Words } {
    const quota = this.port.quota();
    const stop = quotaStopWords(quota, this.port.now());
    if (stop) return { stop };
    const count = Math.min(MAX_PAGE, this.target - loaded, quota.recordsLimit - quota.recordsUsed);
    const body: VideoQueryBody = this.searchId
      ? { search_id: this.searchId, cursor: this.cursor, max_count: count }
      : { query: this.request.query, start_date: this.request.start_date, end_date: this.request.end_date, max_count: count, ...(this.request.is_random ? { is_random: true } : {}) };
    return { page: this.port.queryVideos(this.request.fields, body, signal) };
  }

  private cancelled(): void {
    this.setState('cancelled', words('research.cancelled', { rows: this.rows.length }), null);
  }

  /** How long to wait before trying again, or null after stopping with the reason. */
  private retryable(error: PlatformError, attempt: number): number | null {
    const now = this.port.now();
    const untilReset = this.port.quota().resetsAt - now;
    if (error.code === 'rate_limit_exceeded') {
      // A wait that runs to the day's reset is a daily quota, not a per-minute limit.
      const daily = error.retryAfterMs !== undefined && error.retryAfterMs >= untilReset - 60_000;
      if (daily || /daily|quota/i.test(error.message)) {
        this.port.exhausted(/record/i.test(error.message) ? 'records' : 'requests');
        this.setState('stopped', quotaStopWords(this.port.quota(), now) ?? words('research.stopped', { detail: error.message }), 'quota_exhausted');
        return null;
      }
    }
    const transient = error.code === 'rate_limit_exceeded' || error.kind === 'network' || error.kind === 'timeout' || (error.httpStatus !== null && error.httpStatus >= 500);
    if (!transient || attempt > MAX_ATTEMPTS) {
      this.setState('failed', describeFailure(error), error.code);
      return null;
    }
    const wait = backoffDelay(attempt, error.retryAfterMs);
    const seconds = Math.ceil(wait / 1000);
    const why = error.kind === 'timeout' ? 'timeout' : error.kind === 'network' ? 'network' : 'server';
    this.message = error.code === 'rate_limit_exceeded' ? words('research.slow_down', { seconds }) : words('research.retrying', { why, seconds });
    this.port.changed(this);
    return wait;
  }

  /** Tells of rows loaded, at most every PROGRESS_INTERVAL_MS (on a monotonic clock: the profile's may jump). */
  private progressed(): void {
    const now = performance.now();
    if (now - this.progressToldAt < PROGRESS_INTERVAL_MS) return;
    this.progressToldAt = now;
    this.port.changed(this);
  }

  private setState(state: SearchView['state'], message: Words | null, errorCode: string | null): void {
    this.state = state;
    this.message = message;
    this.errorCode = errorCode;
    this.port.changed(this);
  }

  private sample(): void {
    const now = this.port.now();
    this.samples.push({ at: now, loaded: this.rows.length });
    while (this.samples.length > 2 && now - this.samples[1]!.at > SPEED_WINDOW_MS) this.samples.shift();
  }

  private speed(): number | null {
    if (this.state !== 'loading' || this.samples.length < 2) return null;
    const first = this.samples[0]!;
    const last = this.samples[this.samples.length - 1]!;
    const seconds = (last.at - first.at) / 1000;
    return seconds > 0 ? Math.round((last.loaded - first.loaded) / seconds) : null;
  }
}

/** A failure in words a person can act on (no token or scope names: what the platform said of those goes to the log). */
export function describeFailure(error: PlatformError): Words {
  switch (error.code) {
    case 'invalid_params':
      return words('research.refused_query', { detail: error.message });
    case 'access_token_invalid':
      return words('research.token_refused');
    case 'scope_not_authorized':
      return words('research.not_allowed');
    default:
      return error.words ?? (error.message ? words('research.failed', { detail: error.message }) : asText(error.code));
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
