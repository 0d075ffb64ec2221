/**
 * Research ops 10 and 11 over real HTTP: the client access token (op 12) they need, and/or/not
 * queries, field selection, paging through a stable snapshot with search_id + cursor, a 400
 * invalid_params in shape B saying what is wrong for each bad input, and the daily quotas (429).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, advanceClock, callB, extras, signIn, startTestSandbox, tokenRequest, CLIENT_KEY, CLIENT_SECRET, type Sandbox, type ShapeB } from '../../../support/sandbox-client.js';

const VIDEO_QUERY = '/v2/research/video/query/';
const USER_INFO = '/v2/research/user/info/';

interface Video {
  id: string;
  region_code?: string;
  username?: string;
  hashtag_names?: string[];
  create_time?: number;
  like_count?: number;
  video_duration?: number;
}
interface VideoPage {
  videos: Video[];
  cursor: number;
  has_more: boolean;
  search_id: string;
}

async function clientToken(sandbox: Sandbox, clientKey = CLIENT_KEY, clientSecret = CLIENT_SECRET): Promise<string> {
  const res = await tokenRequest(sandbox, { client_key: clientKey, client_secret: clientSecret, grant_type: 'client_credentials' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ access_token: expect.stringMatching(/^clt\./), expires_in: 7200, token_type: 'Bearer' });
  return res.body.access_token as string;
}

const research = <T = VideoPage>(sandbox: Sandbox, path: string, token: string | undefined, body: unknown, fields: string | null, headers: Record<string, string> = {}): Promise<ShapeB<T>> =>
  callB<T>(`${sandbox.baseUrl}${path}${fields === null ? '' : `?fields=${encodeURIComponent(fields)}`}`, {
    token,
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    headers,
  });

/** YYYYMMDD of the virtual day `daysAgo` before the sandbox clock's today (UTC). */
async function dayOf(sandbox: Sandbox, daysAgo: number): Promise<string> {
  const now = (await extras<{ now_ms: number }>(sandbox, '/sandbox/clock')).data.now_ms;
  return new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
}

const cond = (field_name: string, operation: string, field_values: string[]) => ({ field_name, operation, field_values });

let sandbox: Sandbox;
let token: string;
let window: { start_date: string; end_date: string };
/** Every video of the window, newest first, with the fields the tests look at. */
let all: Video[];
const FIELDS = 'id,region_code,username,hashtag_names,create_time,like_count,video_duration';

beforeAll(async () => {
  sandbox = await startTestSandbox({ research: { seed: 7, videos: 3000, accounts: 200 } });
  token = await clientToken(sandbox);
  window = { start_date: await dayOf(sandbox, 31), end_date: await dayOf(sandbox, 1) };
  all = [];
  let page = await research(sandbox, VIDEO_QUERY, token, { query: { not: [cond('region_code', 'EQ', ['ZZ'])] }, ...window, max_count: 100 }, FIELDS);
  expect(page.status).toBe(200);
  all.push(...page.data.videos);
  while (page.data.has_more) {
    page = await research(sandbox, VIDEO_QUERY, token, { search_id: page.data.search_id, cursor: page.data.cursor, max_count: 100 }, FIELDS);
    all.push(...page.data.videos);
  }
});
afterAll(async () => {
  await sandbox.close();
});

/** The two most common regions of the window, so filters have something to find. */
const topRegions = () => {
  const counts = new Map<string, number>();
  for (const v of all) counts.set(v.region_code!, (counts.get(v.region_code!) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([region]) => region);
};

async function everything(body: Record<string, unknown>, fields = FIELDS): Promise<Video[]> {
  const out: Video[] = [];
  let page = await research(sandbox, VIDEO_QUERY, token, { ...window, ...body, max_count: 100 }, fields);
  expect(page.status, page.error?.message).toBe(200);
  out.push(...page.data.videos);
  while (page.data.has_more) {
    page = await research(sandbox, VIDEO_QUERY, token, { search_id: page.data.search_id, cursor: page.data.cursor, max_count: 100 }, fields);
    out.push(...page.data.videos);
  }
  return out;
}

describe('client access token', () => {
  it('a missing, unknown or user token is 401 access_token_invalid in shape B', async () => {
    const body = { query: { and: [cond('region_code', 'EQ', ['US'])] }, ...window };
    const missing = await research(sandbox, VIDEO_QUERY, undefined, body, 'id');
    expect(missing.status).toBe(401);
    expect(missing.data).toEqual({});
    expect(missing.error).toMatchObject({ code: 'access_token_invalid', message: expect.stringContaining('client_access_token'), log_id: expect.any(String) });
    expect((await research(sandbox, USER_INFO, 'clt.unknown-token-value', { username: 'x' }, 'display_name')).status).toBe(401);
    const user = await signIn(sandbox);
    for (const path of [VIDEO_QUERY, USER_INFO]) {
      const res = await research(sandbox, path, user.access_token, path === USER_INFO ? { username: 'x' } : body, 'id');
      expect(res.status).toBe(401);
      expect(res.error).toMatchObject({ code: 'access_token_invalid', message: expect.stringMatching(/client access token.*client_credentials.*not a user access token/) });
    }
  });
});

describe('op 10: video query', () => {
  it('answers shape B with videos, cursor, has_more and search_id', async () => {
    const res = await research(sandbox, VIDEO_QUERY, token, { query: { and: [cond('region_code', 'IN', topRegions().slice(0, 3))] }, ...window }, 'id,like_count');
    expect(res.status).toBe(200);
    expect(res.error).toEqual({ code: 'ok', message: '', log_id: expect.any(String) });
    expect(res.data).toEqual({ videos: expect.any(Array), cursor: 10, has_more: true, search_id: expect.stringMatching(/^\d+$/) });
    expect(res.data.videos).toHaveLength(10);
  });

  it('the window holds data to query', () => {
    expect(all.length).toBeGreaterThan(50);
    expect(new Set(all.map((v) => v.id)).size).toBe(all.length);
  });

  it('fields selects the returned fields (id always comes back)', async () => {
    const res = await research(sandbox, VIDEO_QUERY, token, { query: { and: [cond('region_code', 'EQ', [topRegions()[0]!])] }, ...window, max_count: 5 }, 'like_count,create_time');
    expect(res.status).toBe(200);
    expect(res.data.videos).toHaveLength(5);
    for (const video of res.data.videos) expect(Object.keys(video).sort()).toEqual(['create_time', 'id', 'like_count']);
  });

  it('and: every condition holds', async () => {
    const [first] = topRegions();
    const found = await everything({ query: { and: [cond('region_code', 'EQ', [first!]), cond('video_length', 'GT', ['MID'])] } });
    const expected = all.filter((v) => v.region_code === first && v.video_duration! > 60);
    expect(found.map((v) => v.id)).toEqual(expected.map((v) => v.id));
    expect(found.length).toBeGreaterThan(0);
  });

  it('or: any condition holds', async () => {
    const [first, second] = topRegions();
    const found = await everything({ query: { or: [cond('region_code', 'EQ', [first!]), cond('region_code', 'EQ', [second!])] } });
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((v) => v.id)).toEqual(all.filter((v) => v.region_code === first || v.region_code === second).map((v) => v.id));
  });

  it('not: no condition holds, also combined with and; upper-case keys work too', async () => {
    const [first, second] = topRegions();
    const notFirst = await everything({ query: { not: [cond('region_code', 'EQ', [first!])] } });
    expect(notFirst.length).toBeGreaterThan(0);
    expect(notFirst.map((v) => v.id)).toEqual(all.filter((v) => v.region_code !== first).map((v) => v.id));
    const combined = await everything({ query: { AND: [cond('region_code', 'IN', [first!, second!])], NOT: [cond('region_code', 'EQ', [second!])] } });
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.map((v) => v.id)).toEqual(all.filter((v) => v.region_code === first).map((v) => v.id));
  });

  it('string conditions match fuzzily: a username with a typo finds the account’s videos', async () => {
    const author = all.find((v) => v.username!.length >= 8)!.username!;
    const misspelt = author.slice(0, -1) + (author.endsWith('x') ? 'y' : 'x');
    for (const name of [author.toUpperCase(), misspelt]) {
      const found = await everything({ query: { and: [cond('username', 'EQ', [name])] } });
      expect(found.some((v) => v.username === author), `${name} should match ${author}`).toBe(true);
    }
  });

  it('pages through a stable snapshot with search_id and cursor', async () => {
    const body = { query: { or: [cond('region_code', 'IN', topRegions().slice(0, 4))] }, ...window };
    const whole = await research(sandbox, VIDEO_QUERY, token, { ...body, max_count: 12 }, 'id');
    const first = await research(sandbox, VIDEO_QUERY, token, { ...body, max_count: 5 }, 'id');
    expect(first.data).toMatchObject({ cursor: 5, has_more: true });
    const second = await research(sandbox, VIDEO_QUERY, token, { search_id: first.data.search_id, cursor: first.data.cursor, max_count: 5 }, 'id');
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({ cursor: 10, search_id: first.data.search_id });
    // A follow-up may repeat the query and dates.
    const third = await research(sandbox, VIDEO_QUERY, token, { ...body, search_id: first.data.search_id, cursor: second.data.cursor, max_count: 2 }, 'id');
    const paged = [...first.data.videos, ...second.data.videos, ...third.data.videos].map((v) => v.id);
    expect(new Set(paged).size).toBe(12);
    expect(paged).toEqual(whole.data.videos.map((v) => v.id));
    // Newest first.
    const times = (await everything(body, 'id,create_time')).map((v) => v.create_time!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('the last page says has_more false and its cursor is the total', async () => {
    const body = { query: { and: [cond('region_code', 'EQ', [topRegions()[0]!])] }, ...window };
    const total = all.filter((v) => v.region_code === topRegions()[0]).length;
    const first = await research(sandbox, VIDEO_QUERY, token, { ...body, max_count: 100 }, 'id');
    expect(first.data).toMatchObject({ has_more: false, cursor: total });
    expect(first.data.videos).toHaveLength(total);
  });

  const bad: Array<[string, unknown, string | null, RegExp]> = [
    ['no fields parameter', 'VALID', null, /fields is required/],
    ['an empty fields parameter', 'VALID', '', /fields is empty/],
    ['an unknown field in fields', 'VALID', 'id,likes', /unknown video field\(s\) .*likes/],
    ['an empty name in fields', 'VALID', 'id,,id', /fields has an empty name/],
    ['a repeated name in fields', 'VALID', 'id,id', /fields names id more than once/],
    ['a body that is not JSON', '{"query": ', 'id', /not valid JSON/],
    ['a body that is not an object', '[1, 2]', 'id', /must be a JSON object/],
    ['no body at all', '', 'id', /must be a JSON object/],
    ['no query', { start_date: 'S', end_date: 'E' }, 'id', /^query: is required/],
    ['an empty query', { query: {}, start_date: 'S', end_date: 'E' }, 'id', /^query: needs at least one condition/],
    ['an unknown grouping key', { query: { xor: [] }, start_date: 'S', end_date: 'E' }, 'id', /unknown key\(s\) .*xor/],
    ['and together with AND', { query: { and: [], AND: [] }, start_date: 'S', end_date: 'E' }, 'id', /use one spelling/],
    ['an unknown field_name', { query: { and: [cond('likes', 'EQ', ['1'])] }, start_date: 'S', end_date: 'E' }, 'id', /^query\.and\[0\]\.field_name: must be one of/],
    ['an unknown operation', { query: { and: [cond('region_code', 'LIKE', ['US'])] }, start_date: 'S', end_date: 'E' }, 'id', /^query\.and\[0\]\.operation: must be one of EQ, IN/],
    ['a comparison on a text field', { query: { or: [cond('keyword', 'GT', ['cat'])] }, start_date: 'S', end_date: 'E' }, 'id', /^query\.or\[0\]\.operation: GT cannot be used with keyword/],
    ['no field_values', { query: { not: [{ field_name: 'region_code', operation: 'EQ' }] }, start_date: 'S', end_date: 'E' }, 'id', /^query\.not\[0\]\.field_values: is required/],
    ['empty field_values', { query: { and: [cond('region_code', 'IN', [])] }, start_date: 'S', end_date: 'E' }, 'id', /field_values: must contain at least one value/],
    ['a bad region code', { query: { and: [cond('region_code', 'EQ', ['USA'])] }, start_date: 'S', end_date: 'E' }, 'id', /two-letter country code/],
    ['no start_date', { query: { and: [cond('region_code', 'EQ', ['US'])] }, end_date: 'E' }, 'id', /^start_date: is required/],
    ['a start_date not in YYYYMMDD form', { query: { and: [cond('region_code', 'EQ', ['US'])] }, start_date: '2024-01-01', end_date: 'E' }, 'id', /^start_date: must be a date in YYYYMMDD form/],
    ['an end_date before the start_date', { query: { and: [cond('region_code', 'EQ', ['US'])] }, start_date: 'E', end_date: 'S' }, 'id', /^end_date: must not be before start_date/],
    ['a window over 30 days', { query: { and: [cond('region_code', 'EQ', ['US'])] }, start_date: 'LONG', end_date: 'E' }, 'id', /^end_date: must be at most 30 days after start_date/],
    ['max_count above 100', { query: { and: [cond('region_code', 'EQ', ['US'])] }, start_date: 'S', end_date: 'E', max_count: 101 }, 'id', /^max_count: must be at most 100/],
    ['max_count 0', { query: { and: [cond('region_code', 'EQ', ['US'])] }, start_date: 'S', end_date: 'E', max_count: 0 }, 'id', /^max_count: must be at least 1/],
    ['a negative cursor', { query: { and: [cond('region_code', 'EQ', ['US'])] }, start_date: 'S', end_date: 'E', cursor: -1 }, 'id', /^cursor: must not be negative/],
    ['is_random not a boolean', { query: { and: [cond('region_code', 'EQ', ['US'])] }, start_date: 'S', end_date: 'E', is_random: 'no' }, 'id', /^is_random: must be true or false/],
    ['an unknown search_id', { search_id: '123456', cursor: 10 }, 'id', /search_id "123456" is unknown or has expired/],
  ];
  it.each(bad)('%s is 400 invalid_params in shape B with a message saying what is wrong', async (_name, rawBody, fields, message) => {
    const dates = { S: window.start_date, E: window.end_date, LONG: await dayOf(sandbox, 62) };
    let body: unknown = rawBody;
    if (rawBody === 'VALID') body = { query: { and: [cond('region_code', 'EQ', ['US'])] }, ...window };
    else if (typeof rawBody === 'object' && rawBody !== null) {
      const b = { ...(rawBody as Record<string, unknown>) };
      for (const key of ['start_date', 'end_date'] as const) if (typeof b[key] === 'string' && b[key] in dates) b[key] = dates[b[key] as keyof typeof dates];
      body = b;
    }
    const res = await research(sandbox, VIDEO_QUERY, token, body, fields);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({});
    expect(res.error).toMatchObject({ code: 'invalid_params', message: expect.stringMatching(message), log_id: expect.any(String) });
  });

  it('another app cannot page through this app’s search', async () => {
    const other = await startTestSandbox({
      apps: [APP, { ...APP, client_key: 'sbx_other_app', client_secret: 'other_secret', name: 'Other' }],
      research: { seed: 7, videos: 500, accounts: 50 },
    });
    try {
      const mine = await clientToken(other);
      const theirs = await clientToken(other, 'sbx_other_app', 'other_secret');
      const body = { query: { not: [cond('region_code', 'EQ', ['ZZ'])] }, start_date: await dayOf(other, 31), end_date: await dayOf(other, 1), max_count: 1 };
      const first = await research(other, VIDEO_QUERY, mine, body, 'id');
      expect(first.status).toBe(200);
      const stolen = await research(other, VIDEO_QUERY, theirs, { search_id: first.data.search_id, cursor: 1 }, 'id');
      expect(stolen.status).toBe(400);
      expect(stolen.error.message).toMatch(/unknown or has expired/);
    } finally {
      await other.close();
    }
  });
});

describe('op 11: user info', () => {
  it('returns the account with the selected fields; the body may come as text/plain', async () => {
    const username = all[0]!.username!;
    const res = await research<Record<string, unknown>>(sandbox, USER_INFO, token, JSON.stringify({ username }), 'display_name,follower_count,is_verified', { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(200);
    expect(res.error.code).toBe('ok');
    expect(Object.keys(res.data).sort()).toEqual(['display_name', 'follower_count', 'is_verified', 'username']);
    expect(res.data).toMatchObject({ username, display_name: expect.any(String), follower_count: expect.any(Number), is_verified: expect.any(Boolean) });
    const all9 = await research<Record<string, unknown>>(sandbox, USER_INFO, token, { username: `@${username.toUpperCase()}` }, 'display_name,bio_description,avatar_url,is_verified,follower_count,following_count,likes_count,video_count');
    expect(all9.status).toBe(200);
    expect(Object.keys(all9.data)).toHaveLength(9);
    expect(all9.data.username).toBe(username);
  });

  const bad: Array<[string, unknown, string | null, RegExp]> = [
    ['no fields parameter', { username: 'x' }, null, /fields is required/],
    ['an unknown field', { username: 'x' }, 'display_name,email', /unknown account field\(s\) .*email/],
    ['no username', {}, 'display_name', /^username: is required/],
    ['an empty username', { username: '  ' }, 'display_name', /^username: must not be empty/],
    ['a username that is not a string', { username: 42 }, 'display_name', /^username: must be a string/],
    ['an unknown username', { username: 'no_such_account_here' }, 'display_name', /^username: no account named "no_such_account_here"/],
    ['a body that is not JSON', 'username=ava', 'display_name', /not valid JSON/],
    ['no body', '', 'display_name', /must be a JSON object with a username/],
  ];
  it.each(bad)('%s is 400 invalid_params in shape B with a message', async (_name, body, fields, message) => {
    const res = await research(sandbox, USER_INFO, token, body, fields, { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(400);
    expect(res.data).toEqual({});
    expect(res.error).toMatchObject({ code: 'invalid_params', message: expect.stringMatching(message), log_id: expect.any(String) });
  });
});

describe('daily quotas', () => {
  let limited: Sandbox;
  const SECOND = { ...APP, client_key: 'sbx_records_app', client_secret: 'records_secret', name: 'Records' };
  beforeAll(async () => {
    limited = await startTestSandbox({ apps: [APP, SECOND], limits: { research_requests_per_day: 3, research_records_per_day: 6 }, research: { seed: 3, videos: 500, accounts: 50 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  const query = async (sb: Sandbox, tok: string, extra: Record<string, unknown> = {}) =>
    research(sb, VIDEO_QUERY, tok, { query: { not: [cond('region_code', 'EQ', ['ZZ'])] }, start_date: await dayOf(sb, 31), end_date: await dayOf(sb, 1), max_count: 2, ...extra }, 'id,username');

  it('requests per app per day: the call after the quota is 429 rate_limit_exceeded with Retry-After; invalid calls do not count', async () => {
    const tok = await clientToken(limited);
    expect((await research(limited, VIDEO_QUERY, tok, {}, 'id')).status).toBe(400);
    const first = await query(limited, tok, { max_count: 1 });
    expect(first.status).toBe(200);
    const username = first.data.videos[0]!.username!;
    expect((await query(limited, tok, { max_count: 1 })).status).toBe(200);
    expect((await research(limited, USER_INFO, tok, { username: 'nobody_at_all' }, 'display_name')).status).toBe(400);
    expect((await query(limited, tok, { max_count: 1 })).status).toBe(200);
    const refused = await query(limited, tok, { max_count: 1 });
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({});
    expect(refused.error).toMatchObject({ code: 'rate_limit_exceeded', message: expect.stringMatching(/daily research quota of 3 requests/), log_id: expect.any(String) });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect((await research(limited, USER_INFO, tok, { username }, 'display_name')).status).toBe(429);

    // The other app has its own quota.
    const records = await clientToken(limited, SECOND.client_key, SECOND.client_secret);
    expect((await query(limited, records, { max_count: 1 })).status).toBe(200);

    // A new UTC day on the virtual clock resets it. Past the 2-hour client token's life too, which
    // the day's end alone is not when the test runs after 22:00 UTC (the virtual clock starts at the real time).
    await advanceClock(limited, Math.max(retryAfter, 2 * 3600 + 1));
    const stale = await query(limited, tok);
    expect(stale.status).toBe(401);
    expect((await query(limited, await clientToken(limited), { max_count: 1 })).status).toBe(200);
  });

  it('records per app per day: a page is shortened to what is left, then 429', async () => {
    const tok = await clientToken(limited, SECOND.client_key, SECOND.client_secret);
    const first = await query(limited, tok, { max_count: 5 });
    expect(first.status).toBe(200);
    expect(first.data.videos).toHaveLength(5);
    const second = await query(limited, tok, { search_id: first.data.search_id, cursor: first.data.cursor, max_count: 5 });
    expect(second.status).toBe(200);
    expect(second.data.videos).toHaveLength(1);
    expect(second.data).toMatchObject({ cursor: 6, has_more: true });
    const third = await query(limited, tok, { search_id: first.data.search_id, cursor: second.data.cursor });
    expect(third.status).toBe(429);
    expect(third.error.message).toMatch(/quota of 6 records/);
  });
});
