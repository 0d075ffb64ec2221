/**
 * The research engine: ops 10 (video query) and 11 (user info) as plain functions over the
 * synthetic dataset, for the sandbox's HTTP layer to call. No HTTP here: the caller checks the
 * client access token, passes the app it belongs to, and maps a ResearchError to a shape B body
 * with its httpStatus.
 *
 * Paging: a request without search_id runs the query once, keeps the complete ordered result as a
 * snapshot under a new search_id and returns the page at `cursor`; a request with search_id pages
 * that snapshot, so pages never shift or repeat even if the dataset is rebuilt meanwhile (a
 * snapshot holds on to the dataset it was taken from). Snapshots are per app and evicted least
 * recently used beyond a count and a total-row cap.
 *
 * Results are newest first (create_time descending, then id descending), or, with is_random, in a
 * random order that is fixed per search_id.
 *
 * Quotas are per app and per UTC day of the clock: every successful call of either operation
 * counts one request; returned videos (or the one account) count as records. A call that finds
 * either quota used up gets rate_limit_exceeded; a page that would cross the records quota is
 * shortened to what is left (its cursor and has_more stay correct). Invalid calls count nothing.
 */
import type { Clock } from '../../common/clock.js';
import type { Dataset } from './dataset.js';
import { generateDataset } from './dataset.js';
import type { Result } from './errors.js';
import { invalidParams, ok, rateLimited } from './errors.js';
import { normalizeTerm } from './fuzzy.js';
import { mulberry32, subSeed } from './prng.js';
import type { VideoQuery } from './query-schema.js';
import { parseAccountFields, parseUserInfo, parseVideoFields, parseVideoQuery } from './query-schema.js';
import type { AccountRecord, VideoRecord } from './records.js';
import { accountRecord, videoRecord } from './records.js';
import { matchScan } from './scan.js';
import type { VideoIndex } from './video-index.js';
import { buildVideoIndex, matchIndexed } from './video-index.js';

export interface ResearchQuotas {
  /** Calls per app per UTC day (both operations together). Default 1000. */
  requestsPerDay: number;
  /** Records returned per app per UTC day. Default 100000. */
  recordsPerDay: number;
}

export interface ResearchEngineOptions {
  seed: number;
  /** Dataset size: number of videos and of accounts, and the days their create times cover. */
  videos: number;
  accounts: number;
  spanDays?: number;
  clock: Clock;
  quotas?: Partial<ResearchQuotas>;
  /** Snapshot store caps: searches kept, and total result rows kept over all of them. */
  snapshots?: { maxSearches?: number; maxRows?: number };
}

export interface VideoQueryData {
  videos: VideoRecord[];
  /** Where the next page starts: the request's cursor plus the number of videos returned. */
  cursor: number;
  has_more: boolean;
  search_id: string;
}

export type UserInfoData = AccountRecord;

export interface QuotaUsage {
  /** The UTC day the counters belong to, YYYY-MM-DD. */
  day: string;
  requests: number;
  records: number;
  limits: ResearchQuotas;
}

export interface ResearchEngine {
  /** The current dataset (replaced by rebuild). */
  readonly dataset: Dataset;
  /** Op 10. `fields` is the raw comma-separated query parameter. */
  queryVideos(body: unknown, fields: string | undefined, appId: string): Result<VideoQueryData>;
  /** Op 10 evaluated by a plain full scan instead of the indexes: same validation, paging and quotas. */
  scanQueryVideos(body: unknown, fields: string | undefined, appId: string): Result<VideoQueryData>;
  /** Op 11. Usernames match exactly (case-insensitive, a leading @ ignored), not fuzzily. */
  userInfo(body: unknown, fields: string | undefined, appId: string): Result<UserInfoData>;
  /** Regenerates the dataset (for the clock's current day, optionally with new seed/sizes). Open searches keep paging their old snapshot. */
  rebuild(changes?: Partial<Pick<ResearchEngineOptions, 'seed' | 'videos' | 'accounts'>>): void;
  quotaUsage(appId: string): QuotaUsage;
}

interface Snapshot {
  readonly appId: string;
  readonly ds: Dataset;
  /** Matching rows: ascending (read back to front for newest first) or already in random order. */
  readonly rows: Int32Array;
  readonly random: boolean;
}

interface Usage { day: number; requests: number; records: number }

const DEFAULT_QUOTAS: ResearchQuotas = { requestsPerDay: 1000, recordsPerDay: 100_000 };

export function createResearchEngine(options: ResearchEngineOptions): ResearchEngine {
  const { clock } = options;
  const limits: ResearchQuotas = { ...DEFAULT_QUOTAS, ...options.quotas };
  const maxSearches = options.snapshots?.maxSearches ?? 1000;
  const maxRows = options.snapshots?.maxRows ?? 20_000_000;
  let config = { seed: options.seed, videos: options.videos, accounts: options.accounts, spanDays: options.spanDays };
  let index: VideoIndex = buildVideoIndex(generateDataset({ ...config, today: clock.now() }));

  const snapshots = new Map<string, Snapshot>();
  let snapshotRows = 0;
  const usage = new Map<string, Usage>();
  const searchIds = mulberry32(subSeed(options.seed, 'search-ids'));

  const dayOf = (ms: number): number => Math.floor(ms / 86_400_000);
  const usageOf = (appId: string): Usage => {
    const today = dayOf(clock.now());
    let u = usage.get(appId);
    if (!u || u.day !== today) {
      u = { day: today, requests: 0, records: 0 };
      usage.set(appId, u);
    }
    return u;
  };
  const quotaError = (u: Usage): Result<never> | undefined => {
    if (u.requests >= limits.requestsPerDay) {
      return rateLimited(`this app has used its daily research quota of ${limits.requestsPerDay} requests; it resets at 00:00 UTC`);
    }
    if (u.records >= limits.recordsPerDay) {
      return rateLimited(`this app has used its daily research quota of ${limits.recordsPerDay} records; it resets at 00:00 UTC`);
    }
    return undefined;
  };

  const newSearchId = (): string => {
    for (;;) {
      const id = ((BigInt(Math.floor(clock.now() / 1000) >>> 0) << 32n) | BigInt(searchIds.uint32())).toString();
      if (!snapshots.has(id)) return id;
    }
  };
  const remember = (searchId: string, snapshot: Snapshot): void => {
    snapshots.set(searchId, snapshot);
    snapshotRows += snapshot.rows.length;
    for (const [oldId, old] of snapshots) {
      if (snapshots.size <= maxSearches && snapshotRows <= maxRows) break;
      if (oldId === searchId) continue;
      snapshots.delete(oldId);
      snapshotRows -= old.rows.length;
    }
  };
  const recall = (searchId: string, appId: string): Snapshot | undefined => {
    const snapshot = snapshots.get(searchId);
    if (!snapshot || snapshot.appId !== appId) return undefined;
    snapshots.delete(searchId); // re-insert: most recently used last
    snapshots.set(searchId, snapshot);
    return snapshot;
  };

  function query(body: unknown, rawFields: string | undefined, appId: string, match: (q: VideoQuery) => Int32Array): Result<VideoQueryData> {
    const fields = parseVideoFields(rawFields);
    if (!fields.ok) return fields;
    const parsed = parseVideoQuery(body);
    if (!parsed.ok) return parsed;
    const q = parsed.value;
    let snapshot: Snapshot | undefined;
    if (q.searchId !== undefined) {
      snapshot = recall(q.searchId, appId);
      if (!snapshot) return invalidParams(`search_id ${JSON.stringify(q.searchId)} is unknown or has expired; start a new search without search_id`);
    }
    const u = usageOf(appId);
    const refused = quotaError(u);
    if (refused) return refused;
    const searchId = q.searchId ?? newSearchId();
    if (!snapshot) {
      const ascending = match(q);
      snapshot = q.isRandom
        ? { appId, ds: index.ds, rows: shuffled(ascending, subSeed(options.seed, searchId)), random: true }
        : { appId, ds: index.ds, rows: ascending.slice(), random: false };
      remember(searchId, snapshot);
    }
    const total = snapshot.rows.length;
    const start = Math.min(q.cursor, total);
    const count = Math.max(0, Math.min(q.maxCount, total - start, limits.recordsPerDay - u.records));
    const videos: VideoRecord[] = [];
    for (let i = start; i < start + count; i++) {
      const row = snapshot.random ? snapshot.rows[i]! : snapshot.rows[total - 1 - i]!;
      videos.push(videoRecord(snapshot.ds, row, fields.value));
    }
    u.requests += 1;
    u.records += count;
    const next = start + count;
    return ok({ videos, cursor: next, has_more: next < total, search_id: searchId });
  }

  const window = (q: VideoQuery) => {
    // parseVideoQuery guarantees a window whenever there is no search_id, and only new searches match
    if (!q.window) throw new Error('a new search without a date window');
    return q.window;
  };

  return {
    get dataset() {
      return index.ds;
    },
    queryVideos: (body, fields, appId) => query(body, fields, appId, (q) => matchIndexed(index, q, window(q))),
    scanQueryVideos: (body, fields, appId) => query(body, fields, appId, (q) => matchScan(index.ds, q, window(q))),
    userInfo(body, rawFields, appId) {
      const fields = parseAccountFields(rawFields);
      if (!fields.ok) return fields;
      const parsed = parseUserInfo(body);
      if (!parsed.ok) return parsed;
      const account = index.ds.accounts.byUsername.get(normalizeTerm(parsed.value.username));
      if (account === undefined) return invalidParams(`username: no account named ${JSON.stringify(parsed.value.username)}`);
      const u = usageOf(appId);
      const refused = quotaError(u);
      if (refused) return refused;
      u.requests += 1;
      u.records += 1;
      return ok(accountRecord(index.ds, account, fields.value));
    },
    rebuild(changes = {}) {
      config = { ...config, ...changes };
      index = buildVideoIndex(generateDataset({ ...config, today: clock.now() }));
    },
    quotaUsage(appId) {
      const u = usageOf(appId);
      return { day: new Date(u.day * 86_400_000).toISOString().slice(0, 10), requests: u.requests, records: u.records, limits: { ...limits } };
    },
  };
}

/** A copy of rows in a random order fixed by the seed (Fisher–Yates). */
function shuffled(rows: Int32Array, seed: number): Int32Array {
  const out = rows.slice();
  const rng = mulberry32(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const tmp = out[i]!;
    out[i] = out[j]!;
    out[j] = tmp;
  }
  return out;
}
