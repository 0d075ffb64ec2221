/**
 * The app's research client against a real sandbox (embedded the way the app embeds it, with a
 * research config of its own): paging a whole result set with search_id + cursor with no
 * duplicates or gaps (also through injected 429s, 500s and connection resets), a search_id reused
 * across "load more" calls, the daily quotas (loading stops before one is blown; a quota used up
 * elsewhere answers 429 with Retry-After, which stops with when it resets), the client token
 * renewed as the clock passes its lifetime, invalid input refused with where, accounts with
 * "not public", saved queries, and a CSV export streamed from the web host's download.
 */
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchView, VideoRow, VideoSearchRequest } from '../../../../../electron/core/contract/research.js';
import { DOWNLOAD_PATH_PREFIX } from '../../../../../electron/services/downloads.js';
import { sayWords } from '../../../../../electron/services/main-words.js';
import { createHttpClient } from '../../../../../platform-api/http.js';
import { createResearchApi } from '../../../../../platform-api/research.js';
import { parseSandboxConfig } from '../../../../../sandbox/index.js';
import { builtinPlatform } from '../../../../support/builtin-platform.js';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { advanceClock, extras, tokenRequest, CLIENT_KEY, CLIENT_SECRET, type Sandbox } from '../../../../support/sandbox-client.js';

const FIELDS = ['id', 'create_time', 'username', 'like_count', 'view_count', 'hashtag_names', 'video_description'] as const;

async function harness(research: Record<string, unknown> = {}, limits: Record<string, unknown> = {}): Promise<AppHarness> {
  const config = parseSandboxConfig({ research: { seed: 11, videos: 20_000, accounts: 300, ...research }, limits });
  const started = await startAppHarness({ host: { builtinPlatform: builtinPlatform({ sandboxConfig: config }) } });
  // The built-in profile's client token comes through its embedded backend, vouched for by an account.
  await started.signIn('sbx-user-ava');
  return started;
}

/** The app of a test that starts its own: one that counts today's quota from zero, or has limits of its own. */
let own: AppHarness | null = null;
afterEach(async () => {
  await own?.close();
  own = null;
});

/** The sandbox as a handle the sandbox helpers take (only its base URL is used). */
async function sandboxOf(h: AppHarness): Promise<Sandbox> {
  return { baseUrl: await h.sandboxUrl() } as Sandbox;
}

async function windowOf(sandbox: Sandbox, daysBack = 31): Promise<{ start_date: string; end_date: string }> {
  const now = (await extras<{ now_ms: number }>(sandbox, '/sandbox/clock')).data.now_ms;
  const day = (ago: number) => new Date(now - ago * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  return { start_date: day(daysBack), end_date: day(1) };
}

async function request(h: AppHarness, query: VideoSearchRequest['query'] = { not: [{ field_name: 'region_code', operation: 'EQ', field_values: ['ZZ'] }] }): Promise<VideoSearchRequest> {
  return { query, ...(await windowOf(await sandboxOf(h))), fields: [...FIELDS] };
}

/** The same search paged by a bare loop with the sandbox's own client token: the truth to compare with. */
async function barePaging(sandbox: Sandbox, req: VideoSearchRequest): Promise<string[]> {
  const token = (await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'client_credentials' })).body.access_token as string;
  const api = createResearchApi(createHttpClient());
  const ids: string[] = [];
  let page = await api.queryVideos(sandbox.baseUrl, token, ['id'], { query: req.query, start_date: req.start_date, end_date: req.end_date, max_count: 100 });
  for (;;) {
    if (!page.ok) throw new Error(page.error.message);
    ids.push(...page.value.videos.map((video) => video.id));
    if (!page.value.has_more) return ids;
    page = await api.queryVideos(sandbox.baseUrl, token, ['id'], { search_id: page.value.search_id, cursor: page.value.cursor, max_count: 100 });
  }
}

/** The first progress of the search that is no longer loading (with `loaded` rows, or in one of `states`). */
async function settled(h: AppHarness, sessionId: string, loaded?: number, states: readonly SearchView['state'][] = ['idle', 'done', 'stopped', 'cancelled', 'failed']): Promise<SearchView> {
  return h.waitForEvent('research.progress', (view) => view.sessionId === sessionId && states.includes(view.state) && (loaded === undefined || view.loaded === loaded), 120_000);
}

async function allRows(h: AppHarness, sessionId: string): Promise<VideoRow[]> {
  const rows: VideoRow[] = [];
  for (;;) {
    const slice = await h.call('research.search.rows', { sessionId, from: rows.length, max: 25_000 });
    if (slice.rows.length === 0) return rows;
    rows.push(...slice.rows);
  }
}

describe('research client against the sandbox: an app of its own for each test', () => {
  it('pages through a whole result set with search_id + cursor: every video once, in order, none missing', async () => {
    const app = (own = await harness());
    const sandbox = await sandboxOf(app);
    const req = await request(app);
    const truth = await barePaging(sandbox, req);
    expect(truth.length).toBeGreaterThan(1000);

    const first = await app.call('research.search.start', { request: req });
    expect(first).toMatchObject({ state: 'idle', loaded: 100, hasMore: true, fields: [...FIELDS] });
    await app.call('research.search.load', { sessionId: first.sessionId, upTo: 100_000 });
    const done = await settled(app, first.sessionId, truth.length);
    expect(done).toMatchObject({ state: 'done', hasMore: false, message: null });

    const rows = await allRows(app, first.sessionId);
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(truth);
    // Only the fields asked for come back.
    expect(Object.keys(rows[0]!).every((key) => (FIELDS as readonly string[]).includes(key))).toBe(true);
    // Each successful request and record was counted against today's quota (first page + the rest).
    expect(done.quota.recordsUsed).toBe(truth.length);
    expect(done.quota.requestsUsed).toBe(Math.ceil(truth.length / 100));
  }, 180_000);

  it('stops after the page in flight when the target is lowered mid-load: the platform counted no record the app did not, and the rest follows with no gap', async () => {
    const app = (own = await harness());
    const sandbox = await sandboxOf(app);
    const req = await request(app);
    const truth = await barePaging(sandbox, req);
    /** Records the sandbox counted today, over every app (the bare loop shares the app's). */
    const platformRecords = async () => {
      const console = await fetch(`${sandbox.baseUrl}/sandbox/console`).then((res) => res.text());
      return [...console.matchAll(/<td>\d+ \/ \d+<\/td><td>(\d+) \/ \d+<\/td>/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    };
    const before = await platformRecords();
    // Slow pages, so that a page is always in flight when the target drops.
    expect((await extras(sandbox, '/sandbox/chaos?seed=3', 'PUT', [{ route: 'POST /v2/research/video/query/', probability: 1, latency_ms: 150 }])).status).toBe(200);
    const { sessionId } = await app.call('research.search.start', { request: req });
    await app.call('research.search.load', { sessionId, upTo: 100_000 });
    await app.waitForEvent('research.progress', (view) => view.sessionId === sessionId && view.state === 'loading' && view.loaded >= 300, 60_000);
    const lowered = await app.call('research.search.load', { sessionId, upTo: 1 });
    const stopped = await app.waitForEvent('research.progress', (view) => view.sessionId === sessionId && view.state === 'idle' && view.loaded >= lowered.loaded);
    expect(stopped.loaded - lowered.loaded).toBeLessThanOrEqual(100);
    expect(stopped.quota).toMatchObject({ recordsUsed: stopped.loaded, requestsUsed: stopped.loaded / 100 });
    // Past the latency: a page still in flight has reached the platform's count by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await platformRecords()) - before).toBe(stopped.loaded);

    expect((await extras(sandbox, '/sandbox/chaos', 'PUT', [])).status).toBe(200);
    await app.call('research.search.load', { sessionId, upTo: 100_000 });
    await settled(app, sessionId, truth.length);
    expect((await allRows(app, sessionId)).map((row) => row.id)).toEqual(truth);
  }, 180_000);

  it('stops before the daily records quota is blown, saying when it resets; the platform never answers 429', async () => {
    const app = (own = await harness({}, { research_records_per_day: 450 }));
    const { sessionId } = await app.call('research.search.start', { request: await request(app) });
    await app.call('research.search.load', { sessionId, upTo: 100_000 });
    const stopped = await settled(app, sessionId, undefined, ['stopped', 'failed', 'done']);
    expect(stopped).toMatchObject({ state: 'stopped', loaded: 450, errorCode: 'quota_exhausted', hasMore: true });
    expect(stopped.message).toMatch(/quota of 450 records is used up\. It resets at midnight UTC, in (\d+ h )?\d+ min\.$/);
    // The same as words, which the window says in its language (the limit formatted for it).
    expect(stopped.messageWords).toMatchObject({ code: 'research.quota_stop', params: { which: 'records', limit: 450 } });
    expect(sayWords(stopped.messageWords!, 'ja')).toMatch(/^停止：今日のリサーチ上限（450 件のレコード）に達しました。/);
    expect(stopped.quota).toMatchObject({ recordsUsed: 450, recordsLimit: 450 });
    // The sandbox counted exactly what the app did: not one record or request over.
    const console = await fetch(`${await app.sandboxUrl()}/sandbox/console`).then((res) => res.text());
    expect(console).toContain(`<td>450 / 450</td>`);
    // A new search is refused up front with the same words.
    await expect(app.call('research.search.start', { request: await request(app) })).rejects.toMatchObject({ code: 'quota_exhausted' });
  }, 120_000);

  it('a quota used up by someone else answers 429 with Retry-After: loading stops with when it resets', async () => {
    const app = (own = await harness({}, { research_requests_per_day: 5 }));
    const sandbox = await sandboxOf(app);
    const { sessionId } = await app.call('research.search.start', { request: await request(app) });
    // Another client of the same app uses the remaining requests.
    const token = (await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'client_credentials' })).body.access_token as string;
    const api = createResearchApi(createHttpClient());
    const req = await request(app);
    let answer;
    do answer = await api.queryVideos(sandbox.baseUrl, token, ['id'], { query: req.query, start_date: req.start_date, end_date: req.end_date, max_count: 1 });
    while (answer.ok);
    expect(answer.error).toMatchObject({ code: 'rate_limit_exceeded', httpStatus: 429 });
    expect(answer.error.retryAfterMs).toBeGreaterThan(0);

    await app.call('research.search.load', { sessionId, upTo: 1000 });
    const stopped = await settled(app, sessionId, undefined, ['stopped', 'failed', 'done']);
    expect(stopped).toMatchObject({ state: 'stopped', loaded: 100, errorCode: 'quota_exhausted' });
    expect(stopped.message).toMatch(/quota of 5 requests is used up\. It resets at midnight UTC/);
    expect(stopped.messageWords).toMatchObject({ code: 'research.quota_stop', params: { which: 'requests', limit: 5 } });
    expect(stopped.quota.requestsUsed).toBe(5);
  }, 120_000);

});

/**
 * Tests that neither count today's quota from zero nor need limits of their own share one app and
 * sandbox (a start is a backend, a sandbox with 20,000 videos and a sign-in: seconds of CPU each).
 * Between them the chaos rules are cleared; each builds its own search, saved query or export.
 */
describe('research client against the sandbox: one app for these tests', () => {
  let shared: AppHarness;
  beforeAll(async () => {
    shared = await harness();
  }, 180_000);
  afterEach(async () => {
    expect((await extras(await sandboxOf(shared), '/sandbox/chaos', 'PUT', [])).status).toBe(200);
  });
  afterAll(() => shared?.close());

  it('reuses the search_id: "load more" twice continues where the last load stopped, then finishes, with no overlap', async () => {
    const app = shared;
    const req = await request(app, { and: [{ field_name: 'video_length', operation: 'GTE', field_values: ['MID'] }] });
    const truth = await barePaging(await sandboxOf(app), req);
    expect(truth.length).toBeGreaterThan(350);
    const { sessionId } = await app.call('research.search.start', { request: req });
    await app.call('research.search.load', { sessionId, upTo: 150 });
    expect(await settled(app, sessionId, 150)).toMatchObject({ state: 'idle', loaded: 150, hasMore: true });
    await app.call('research.search.load', { sessionId, upTo: 333 });
    expect(await settled(app, sessionId, 333)).toMatchObject({ state: 'idle', loaded: 333 });
    await app.call('research.search.load', { sessionId, upTo: 100_000 });
    await settled(app, sessionId, truth.length);
    expect((await allRows(app, sessionId)).map((row) => row.id)).toEqual(truth);
  }, 180_000);

  it('answers windows of the loaded rows sorted by a column, re-sorted as rows arrive, and their sums per day', async () => {
    const app = shared;
    const { sessionId } = await app.call('research.search.start', { request: await request(app) });
    const byLikes = (rows: VideoRow[]) => [...rows].sort((a, b) => (b.like_count ?? -1) - (a.like_count ?? -1)).map((row) => row.id);
    // 1,000 rows, then all there are: the sorted window is made anew from the rows loaded since.
    for (const upTo of [1000, 100_000]) {
      await app.call('research.search.load', { sessionId, upTo });
      const { loaded } = upTo === 1000 ? await settled(app, sessionId, 1000) : await settled(app, sessionId, undefined, ['done']);
      const all = await allRows(app, sessionId);
      expect(all).toHaveLength(loaded);
      const window = await app.call('research.search.rows', { sessionId, from: 10, max: 50, sort: { column: 'like_count', direction: 'desc' } });
      expect(window.loaded).toBe(loaded);
      expect(window.rows.map((row) => row.id)).toEqual(byLikes(all).slice(10, 60));
      const ascending = await app.call('research.search.rows', { sessionId, from: 0, max: loaded, sort: { column: 'like_count', direction: 'asc' } });
      expect(ascending.rows.map((row) => row.like_count)).toEqual(all.map((row) => row.like_count!).sort((a, b) => a - b));

      const [days, videos, views, likes] = await app.call('research.search.days', { sessionId });
      expect(videos.reduce((sum, n) => sum + n, 0)).toBe(loaded);
      expect(views.reduce((sum, n) => sum + n, 0)).toBe(all.reduce((sum, row) => sum + row.view_count!, 0));
      expect(likes.reduce((sum, n) => sum + n, 0)).toBe(all.reduce((sum, row) => sum + row.like_count!, 0));
      expect(days).toEqual([...new Set(all.map((row) => row.create_time! - (row.create_time! % 86_400)))].sort((a, b) => a - b));
    }
    await expect(app.call('research.search.rows', { sessionId, from: 0, max: 10, sort: { column: 'secret_field', direction: 'asc' } } as never)).rejects.toThrow(/Invalid input/);
  }, 180_000);

  it('comes through 429s without Retry-After, 500s and connection resets with the same rows, none twice', async () => {
    const app = shared;
    const sandbox = await sandboxOf(app);
    const req = await request(app);
    const truth = await barePaging(sandbox, req);
    const rules = [
      { route: 'POST /v2/research/video/query/', probability: 0.15, status: 429 },
      { route: 'POST /v2/research/video/query/', probability: 0.15, status: 500 },
      { route: 'POST /v2/research/video/query/', probability: 0.1, reset: true },
    ];
    expect((await extras(sandbox, '/sandbox/chaos?seed=5', 'PUT', rules)).status).toBe(200);
    const first = await app.call('research.search.start', { request: req });
    await app.call('research.search.load', { sessionId: first.sessionId, upTo: 100_000 });
    const done = await settled(app, first.sessionId, truth.length);
    expect(done.state).toBe('done');
    expect((await allRows(app, first.sessionId)).map((row) => row.id)).toEqual(truth);
  }, 240_000);

  it('renews the client token once the clock passes its lifetime (2 h)', async () => {
    const app = shared;
    const sandbox = await sandboxOf(app);
    const req = await request(app);
    const minted = () => app.logLines.filter((line) => line.includes('client token obtained')).length;
    await app.call('research.search.start', { request: req });
    // The app's token is at most a test old: a search within its lifetime mints none.
    const held = minted();
    expect(held).toBeGreaterThan(0);
    await app.call('research.search.start', { request: req });
    expect(minted()).toBe(held);
    await advanceClock(sandbox, 3 * 3600);
    const again = await app.call('research.search.start', { request: req });
    expect(again.loaded).toBe(100);
    expect(minted()).toBe(held + 1);
    // The token itself is in no log line.
    expect(app.logLines.join('\n')).not.toMatch(/clt\./);
  }, 120_000);

  it('refuses invalid input with where it is wrong, in the contract and on the platform', async () => {
    const app = shared;
    const req = await request(app);
    await expect(app.call('research.search.start', { request: { ...req, start_date: '20240101', end_date: '20240215' } })).rejects.toThrow(/end_date: end_date is 45 days after start_date; the platform allows at most 30/);
    await expect(app.call('research.search.start', { request: { ...req, query: { and: [{ field_name: 'keyword', operation: 'GT', field_values: ['cats'] }] } } })).rejects.toThrow(/query\.and\.0: GT cannot be used with keyword/);
    await expect(app.call('research.search.start', { request: { ...req, query: {} } })).rejects.toThrow(/query: needs at least one condition/);
    // What only the platform checks comes back in its words, with the position.
    const sandbox = await sandboxOf(app);
    const token = (await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'client_credentials' })).body.access_token as string;
    const answer = await createResearchApi(createHttpClient()).queryVideos(sandbox.baseUrl, token, ['id'], { query: { and: [{ field_name: 'hashtag_name', operation: 'LT', field_values: ['x'] }] }, start_date: req.start_date, end_date: req.end_date, max_count: 10 });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error).toMatchObject({ code: 'invalid_params', httpStatus: 400, message: expect.stringContaining('query.and[0].operation: LT cannot be used with hashtag_name') });
  }, 120_000);

  it('looks up an account by username with the chosen fields, and says "not public" for one the platform does not show', async () => {
    const app = shared;
    const { sessionId } = await app.call('research.search.start', { request: await request(app) });
    const username = (await app.call('research.search.rows', { sessionId, from: 0, max: 1 })).rows[0]!.username!;
    const found = await app.call('research.account', { username: `@${username}`, fields: ['display_name', 'follower_count', 'is_verified'] });
    expect(found).toMatchObject({ status: 'found', account: { username, display_name: expect.any(String), follower_count: expect.any(Number), is_verified: expect.any(Boolean) } });
    if (found.status === 'found') expect(found.account.bio_description).toBeUndefined();
    const missing = await app.call('research.account', { username: 'nobody_here_at_all', fields: ['display_name'] });
    expect(missing).toMatchObject({ status: 'not_public', username: 'nobody_here_at_all', message: expect.stringMatching(/No public account @nobody_here_at_all.*private/), words: { code: 'research.not_public', params: { username: 'nobody_here_at_all' } } });
  }, 120_000);

  it('keeps saved queries with their last run time', async () => {
    const app = shared;
    const req = await request(app);
    const [saved] = await app.call('research.saved.save', { name: 'Not ZZ', request: req });
    expect(saved).toMatchObject({ name: 'Not ZZ', lastRunAt: null });
    await app.call('research.search.start', { request: req, savedQueryId: saved!.id });
    const [ran] = await app.call('research.saved.list');
    expect(ran!.lastRunAt).toEqual(expect.any(Number));
    expect(await app.call('research.saved.save', { name: 'not zz', request: { ...req, fields: ['id'] } })).toHaveLength(1);
    expect(await app.call('research.saved.remove', { id: saved!.id })).toEqual([]);
  }, 120_000);

  it('exports what is loaded as CSV through a one-time download, streamed', async () => {
    const app = shared;
    const { sessionId } = await app.call('research.search.start', { request: await request(app) });
    const exported = await app.call('research.export', { sessionId, format: 'csv' });
    expect(exported).toMatchObject({ kind: 'download', rows: 100, url: expect.stringMatching(new RegExp(`^${DOWNLOAD_PATH_PREFIX}[A-Za-z0-9_-]{32}$`)) });
    if (exported.kind !== 'download') return;
    const id = exported.url.slice(DOWNLOAD_PATH_PREFIX.length);
    const download = app.app.downloads.take(id)!;
    expect(app.app.downloads.take(id)).toBeUndefined();
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await download.write(out);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(FIELDS.join(','));
    expect(lines).toHaveLength(101);
    const rows = await allRows(app, sessionId);
    expect(lines[1]!.startsWith(`${rows[0]!.id},${rows[0]!.create_time},`)).toBe(true);
  }, 120_000);

});
