import { describe, expect, it } from 'vitest';
import { fuzzyMatch, tokenize } from '../../../../sandbox/research/fuzzy.js';
import { parseYyyymmdd } from '../../../../sandbox/research/query-schema.js';
import type { VideoRecord } from '../../../../sandbox/research/records.js';
import type { Body, RawCondition } from '../../../support/research-engine.js';
import { ALL_FIELDS, allVideos, body, expectError, expectOk, makeEngine, window } from '../../../support/research-engine.js';

const { engine } = makeEngine();
const W = window(engine);
const FROM = parseYyyymmdd(W.start_date)!;
const TO = parseYyyymmdd(W.end_date)! + 86_400;

const run = engine.queryVideos.bind(engine);
const search = (query: Body): VideoRecord[] => allVideos(run, body(engine, query));
const where = (...and: RawCondition[]): VideoRecord[] => search({ and });
const cond = (field_name: string, operation: string, ...field_values: string[]): RawCondition => ({ field_name, operation, field_values });
const ids = (videos: VideoRecord[]): string[] => videos.map((v) => v.id);

/** Every video of the window, newest first. */
const everything = search({ not: [cond('region_code', 'EQ', 'ZZ')] });
/** The ids a query must return, found by a scan; never empty, so a comparison with it cannot pass vacuously. */
const expected = (test: (v: VideoRecord) => boolean): string[] => {
  const list = ids(everything.filter(test));
  expect(list.length, 'the scan finds at least one video to compare with').toBeGreaterThan(0);
  return list;
};

function mostCommon<T>(values: T[]): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}
const typo = (word: string): string => word.slice(0, 3) + word[4] + word[3] + word.slice(5); // swap two letters

describe('the window and the order', () => {
  it('returns every video created in the window, newest first', () => {
    expect(everything.length).toBeGreaterThan(500);
    let total = 0;
    for (let r = 0; r < engine.dataset.size; r++) if (engine.dataset.createTime[r]! >= FROM && engine.dataset.createTime[r]! < TO) total++;
    expect(everything.length).toBe(total);
    for (const [i, v] of everything.entries()) {
      expect(v.create_time!).toBeGreaterThanOrEqual(FROM);
      expect(v.create_time!).toBeLessThan(TO);
      if (i > 0) expect(BigInt(v.id)).toBeLessThan(BigInt(everything[i - 1]!.id)); // ids grow with create_time
      if (i > 0) expect(v.create_time!).toBeLessThanOrEqual(everything[i - 1]!.create_time!);
    }
  });
});

describe('each operation on each field', () => {
  it('region_code EQ / IN: exact, case-insensitive', () => {
    const us = where(cond('region_code', 'EQ', 'us'));
    expect(us.length).toBeGreaterThan(50);
    expect(ids(us)).toEqual(expected((v) => v.region_code === 'US'));
    expect(ids(where(cond('region_code', 'IN', 'gb', 'DE', 'ZZ')))).toEqual(expected((v) => v.region_code === 'GB' || v.region_code === 'DE'));
  });

  it('hashtag_name EQ / IN: a short tag exactly, a long one with a typo fuzzily', () => {
    const fyp = where(cond('hashtag_name', 'EQ', '#FYP'));
    expect(fyp.length).toBeGreaterThan(20);
    expect(ids(fyp)).toEqual(expected((v) => v.hashtag_names!.includes('fyp')));

    const longTag = mostCommon(everything.flatMap((v) => v.hashtag_names!).filter((t) => t.length >= 9));
    const misspelt = where(cond('hashtag_name', 'EQ', typo(longTag)));
    expect(ids(misspelt)).toEqual(expected((v) => v.hashtag_names!.some((t) => fuzzyMatch(typo(longTag), t))));
    expect(ids(misspelt)).toEqual(expect.arrayContaining(expected((v) => v.hashtag_names!.includes(longTag))));
    expect(misspelt.length).toBeGreaterThan(0);

    expect(ids(where(cond('hashtag_name', 'IN', 'fyp', longTag)))).toEqual(expected((v) => v.hashtag_names!.some((t) => t === 'fyp' || fuzzyMatch(longTag, t))));
    expect(where(cond('hashtag_name', 'EQ', 'zzzqqqxxxwww'))).toEqual([]);
  });

  it('username EQ / IN: exact and with a typo', () => {
    const poster = mostCommon(everything.map((v) => v.username!).filter((u) => u.length >= 8));
    const exact = where(cond('username', 'EQ', poster.toUpperCase()));
    expect(exact.length).toBeGreaterThan(0);
    expect(ids(exact)).toEqual(expected((v) => fuzzyMatch(poster, v.username!)));
    const misspelt = where(cond('username', 'EQ', `@${typo(poster)}`));
    expect(ids(misspelt)).toEqual(expect.arrayContaining(ids(exact.filter((v) => v.username === poster))));
    expect(ids(misspelt)).toEqual(expected((v) => fuzzyMatch(typo(poster), v.username!)));
    const other = everything.find((v) => v.username !== poster)!.username!;
    expect(ids(where(cond('username', 'IN', poster, other)))).toEqual(expected((v) => fuzzyMatch(poster, v.username!) || fuzzyMatch(other, v.username!)));
  });

  it('keyword EQ / IN: fuzzy words of the description and its hashtags', () => {
    const words = (v: VideoRecord): string[] => tokenize(v.video_description!);
    const recipe = where(cond('keyword', 'EQ', 'Recipe'));
    expect(recipe.length).toBeGreaterThan(0);
    expect(ids(recipe)).toEqual(expected((v) => words(v).some((w) => fuzzyMatch('recipe', w))));
    const misspelt = where(cond('keyword', 'EQ', 'recipie'));
    expect(ids(misspelt)).toEqual(expect.arrayContaining(expected((v) => words(v).includes('recipe'))));
    expect(ids(misspelt)).toEqual(expected((v) => words(v).some((w) => fuzzyMatch('recipie', w))));
    // a hashtag is a keyword too
    expect(ids(where(cond('keyword', 'EQ', '#fyp')))).toEqual(expected((v) => words(v).includes('fyp')));
    // several words: all of them must occur
    const phrase = where(cond('keyword', 'EQ', 'funny prank'));
    expect(phrase.length).toBeGreaterThan(0);
    expect(ids(phrase)).toEqual(expected((v) => ['funny', 'prank'].every((q) => words(v).some((w) => fuzzyMatch(q, w)))));
    expect(ids(where(cond('keyword', 'IN', 'pasta', 'puppy')))).toEqual(expected((v) => words(v).some((w) => fuzzyMatch('pasta', w) || fuzzyMatch('puppy', w))));
    expect(where(cond('keyword', 'EQ', 'xylophonequartz'))).toEqual([]);
  });

  it('music_id and effect_id EQ / IN: exact ids', () => {
    const music = mostCommon(everything.map((v) => v.music_id!));
    expect(ids(where(cond('music_id', 'EQ', music)))).toEqual(expected((v) => v.music_id === music));
    expect(where(cond('music_id', 'EQ', music)).length).toBeGreaterThan(1);
    const effect = mostCommon(everything.flatMap((v) => v.effect_ids!));
    const effect2 = everything.flatMap((v) => v.effect_ids!).find((e) => e !== effect)!;
    expect(ids(where(cond('effect_id', 'EQ', effect)))).toEqual(expected((v) => v.effect_ids!.includes(effect)));
    expect(ids(where(cond('effect_id', 'IN', effect, effect2, '1')))).toEqual(expected((v) => v.effect_ids!.includes(effect) || v.effect_ids!.includes(effect2)));
    expect(where(cond('music_id', 'EQ', '1'))).toEqual([]);
  });

  it('video_id EQ / IN / GT / GTE / LT / LTE: numeric', () => {
    const pivot = BigInt(everything[Math.floor(everything.length / 2)]!.id);
    const other = everything[3]!.id;
    const id = (v: VideoRecord): bigint => BigInt(v.id);
    expect(ids(where(cond('video_id', 'EQ', String(pivot))))).toEqual([String(pivot)]);
    expect(ids(where(cond('video_id', 'IN', String(pivot), other, '123')))).toEqual(expected((v) => v.id === String(pivot) || v.id === other));
    expect(ids(where(cond('video_id', 'GT', String(pivot))))).toEqual(expected((v) => id(v) > pivot));
    expect(ids(where(cond('video_id', 'GTE', String(pivot))))).toEqual(expected((v) => id(v) >= pivot));
    expect(ids(where(cond('video_id', 'LT', String(pivot))))).toEqual(expected((v) => id(v) < pivot));
    expect(ids(where(cond('video_id', 'LTE', String(pivot))))).toEqual(expected((v) => id(v) <= pivot));
    expect(ids(where(cond('video_id', 'LTE', String(pivot + 1n))))).toEqual(expected((v) => id(v) <= pivot)); // ids between videos
  });

  it('create_date EQ / IN / GT / GTE / LT / LTE: UTC days', () => {
    const dayStart = FROM + 10 * 86_400;
    const dayEnd = dayStart + 86_400;
    const date = new Date(dayStart * 1000).toISOString().slice(0, 10).replaceAll('-', '');
    const date2 = new Date((dayStart + 5 * 86_400) * 1000).toISOString().slice(0, 10).replaceAll('-', '');
    const t = (v: VideoRecord): number => v.create_time!;
    const eq = where(cond('create_date', 'EQ', date));
    expect(eq.length).toBeGreaterThan(5);
    expect(ids(eq)).toEqual(expected((v) => t(v) >= dayStart && t(v) < dayEnd));
    expect(ids(where(cond('create_date', 'IN', date, date2)))).toEqual(expected((v) => (t(v) >= dayStart && t(v) < dayEnd) || (t(v) >= dayStart + 5 * 86_400 && t(v) < dayEnd + 5 * 86_400)));
    expect(ids(where(cond('create_date', 'GT', date)))).toEqual(expected((v) => t(v) >= dayEnd));
    expect(ids(where(cond('create_date', 'GTE', date)))).toEqual(expected((v) => t(v) >= dayStart));
    expect(ids(where(cond('create_date', 'LT', date)))).toEqual(expected((v) => t(v) < dayStart));
    expect(ids(where(cond('create_date', 'LTE', date)))).toEqual(expected((v) => t(v) < dayEnd));
  });

  it('video_length EQ / IN / GT / GTE / LT / LTE: buckets and seconds', () => {
    const d = (v: VideoRecord): number => v.video_duration!;
    const short = where(cond('video_length', 'EQ', 'SHORT'));
    expect(short.length).toBeGreaterThan(10);
    expect(ids(short)).toEqual(expected((v) => d(v) < 15));
    expect(ids(where(cond('video_length', 'EQ', 'mid')))).toEqual(expected((v) => d(v) >= 15 && d(v) <= 60));
    expect(ids(where(cond('video_length', 'IN', 'LONG', 'EXTRA_LONG')))).toEqual(expected((v) => d(v) > 60));
    expect(ids(where(cond('video_length', 'GT', 'LONG')))).toEqual(expected((v) => d(v) > 300));
    expect(where(cond('video_length', 'GT', 'LONG')).length).toBeGreaterThan(0);
    expect(ids(where(cond('video_length', 'GTE', 'MID')))).toEqual(expected((v) => d(v) >= 15));
    expect(ids(where(cond('video_length', 'LT', 'MID')))).toEqual(expected((v) => d(v) < 15));
    expect(ids(where(cond('video_length', 'LTE', 'MID')))).toEqual(expected((v) => d(v) <= 60));
    expect(ids(where(cond('video_length', 'EQ', '20')))).toEqual(expected((v) => d(v) === 20));
    expect(ids(where(cond('video_length', 'GT', '45')))).toEqual(expected((v) => d(v) > 45));
    expect(ids(where(cond('video_length', 'LTE', '45')))).toEqual(expected((v) => d(v) <= 45));
  });

  it('answers a comparison on a text field with invalid_params and changes nothing', () => {
    const before = engine.quotaUsage('app').requests;
    const error = expectError(engine.queryVideos(body(engine, { and: [cond('region_code', 'GT', 'US')] }), 'id', 'app'));
    expect(error).toEqual({ code: 'invalid_params', httpStatus: 400, message: expect.stringContaining('GT cannot be used with region_code') });
    expect(engine.quotaUsage('app').requests).toBe(before);
  });
});

describe('and / or / not', () => {
  const us = new Set(ids(where(cond('region_code', 'EQ', 'US'))));
  const short = new Set(ids(where(cond('video_length', 'EQ', 'SHORT'))));
  const fyp = new Set(ids(where(cond('hashtag_name', 'EQ', 'fyp'))));
  const gb = new Set(ids(where(cond('region_code', 'EQ', 'GB'))));

  it('and: all conditions', () => {
    const both = search({ and: [cond('region_code', 'EQ', 'US'), cond('video_length', 'EQ', 'SHORT')] });
    expect(ids(both)).toEqual(expected((v) => us.has(v.id) && short.has(v.id)));
    expect(both.length).toBeGreaterThan(0);
  });

  it('or: any condition', () => {
    expect(ids(search({ or: [cond('region_code', 'EQ', 'GB'), cond('hashtag_name', 'EQ', 'fyp')] }))).toEqual(expected((v) => gb.has(v.id) || fyp.has(v.id)));
  });

  it('not: none of the conditions', () => {
    expect(ids(search({ not: [cond('region_code', 'EQ', 'US'), cond('video_length', 'EQ', 'SHORT')] }))).toEqual(expected((v) => !us.has(v.id) && !short.has(v.id)));
  });

  it('and, or and not together; upper-case keys mean the same', () => {
    const query = {
      and: [cond('video_length', 'GTE', 'MID')],
      or: [cond('region_code', 'IN', 'US', 'GB'), cond('hashtag_name', 'EQ', 'fyp')],
      not: [cond('video_length', 'GT', 'LONG')],
    };
    const mixed = search(query);
    expect(ids(mixed)).toEqual(expected((v) => v.video_duration! >= 15 && (us.has(v.id) || gb.has(v.id) || fyp.has(v.id)) && v.video_duration! <= 300));
    expect(mixed.length).toBeGreaterThan(0);
    expect(ids(search({ AND: query.and, OR: query.or, NOT: query.not }))).toEqual(ids(mixed));
  });
});

describe('fields, max_count and paging', () => {
  const b = body(engine, { and: [cond('region_code', 'IN', 'US', 'GB', 'DE')] });

  it('returns only the requested fields, plus id', () => {
    const page = expectOk(engine.queryVideos(b, 'like_count,username', 'app'));
    expect(page.videos.length).toBeGreaterThan(0);
    for (const v of page.videos) expect(Object.keys(v).sort()).toEqual(['id', 'like_count', 'username']);
    const full = expectOk(engine.queryVideos({ ...b, max_count: 100 }, ALL_FIELDS, 'app')).videos;
    expect(full.length).toBeGreaterThan(0);
    const always = ['id', 'video_description', 'create_time', 'region_code', 'share_count', 'view_count', 'like_count', 'comment_count', 'music_id', 'hashtag_names', 'username', 'effect_ids', 'is_stem_verified', 'favorites_count', 'video_duration'];
    for (const v of full) expect(Object.keys(v)).toEqual(expect.arrayContaining(always));
    // playlist_id and voice_to_text only where the video has them
    expect(full.some((v) => v.playlist_id !== undefined) && full.some((v) => v.playlist_id === undefined)).toBe(true);
    expect(full.some((v) => v.voice_to_text !== undefined) && full.some((v) => v.voice_to_text === undefined)).toBe(true);
    const v = full[0]!;
    expect(typeof v.create_time).toBe('number');
    expect(typeof v.is_stem_verified).toBe('boolean');
    expect(v.id).toMatch(/^\d{19}$/);
    expect(v.music_id).toMatch(/^\d+$/);
  });

  it('rejects unknown fields', () => {
    const error = expectError(engine.queryVideos(b, 'id,likes', 'app'));
    expect(error.code).toBe('invalid_params');
    expect(error.message).toContain('likes');
    expect(expectError(engine.queryVideos(b, undefined, 'app')).message).toMatch(/fields is required/);
  });

  it('returns max_count videos, 10 by default', () => {
    expect(expectOk(engine.queryVideos(b, 'id', 'app')).videos).toHaveLength(10);
    expect(expectOk(engine.queryVideos({ ...b, max_count: 3 }, 'id', 'app')).videos).toHaveLength(3);
    expect(expectOk(engine.queryVideos({ ...b, max_count: 100 }, 'id', 'app')).videos).toHaveLength(100);
    expect(expectError(engine.queryVideos({ ...b, max_count: 101 }, 'id', 'app')).message).toMatch(/max_count: must be at most 100/);
  });

  it('pages through the whole result without gaps or repeats', () => {
    const all = allVideos(run, b, 'id');
    const first = expectOk(engine.queryVideos({ ...b, max_count: 37 }, 'id', 'app'));
    expect(first.cursor).toBe(37);
    expect(first.has_more).toBe(true);
    const paged = [...first.videos];
    let page = first;
    while (page.has_more) {
      page = expectOk(engine.queryVideos({ ...b, search_id: first.search_id, cursor: page.cursor, max_count: 37 }, 'id', 'app'));
      expect(page.search_id).toBe(first.search_id);
      paged.push(...page.videos);
    }
    expect(ids(paged)).toEqual(ids(all));
    expect(new Set(ids(paged)).size).toBe(paged.length);
    expect(page.cursor).toBe(all.length);
    const beyond = expectOk(engine.queryVideos({ search_id: first.search_id, cursor: all.length + 50 }, 'id', 'app'));
    expect(beyond).toEqual({ videos: [], cursor: all.length, has_more: false, search_id: first.search_id });
    // a new search starting at a cursor skips ahead over a fresh snapshot
    expect(ids(expectOk(engine.queryVideos({ ...b, cursor: 5, max_count: 5 }, 'id', 'app')).videos)).toEqual(ids(all.slice(5, 10)));
  });

  it('refuses an unknown search_id and another app\'s search_id', () => {
    expect(expectError(engine.queryVideos({ search_id: '1234', cursor: 10 }, 'id', 'app')).message).toMatch(/search_id "1234" is unknown or has expired/);
    const mine = expectOk(engine.queryVideos(b, 'id', 'app'));
    expect(expectError(engine.queryVideos({ search_id: mine.search_id, cursor: 10 }, 'id', 'other-app')).code).toBe('invalid_params');
  });

  it('keeps paging the same snapshot after the dataset is rebuilt', () => {
    const pagesOf = (rebuildAfterFirst: boolean): string[] => {
      const { engine: e } = makeEngine();
      const first = expectOk(e.queryVideos({ ...b, max_count: 50 }, 'id,like_count', 'app'));
      if (rebuildAfterFirst) e.rebuild({ seed: 8 });
      const out = [...first.videos];
      let page = first;
      while (page.has_more) {
        page = expectOk(e.queryVideos({ search_id: first.search_id, cursor: page.cursor, max_count: 50 }, 'id,like_count', 'app'));
        out.push(...page.videos);
      }
      if (rebuildAfterFirst) {
        // new searches see the new data
        const fresh = expectOk(e.queryVideos({ ...b, max_count: 50 }, 'id,like_count', 'app'));
        expect(ids(fresh.videos)).not.toEqual(ids(first.videos));
      }
      return out.map((v) => JSON.stringify(v));
    };
    expect(pagesOf(true)).toEqual(pagesOf(false));
  });

  it('is_random returns the same videos in a fixed random order per search', () => {
    const sorted = allVideos(run, b, 'id');
    const shuffled = allVideos(run, { ...b, is_random: true }, 'id');
    expect(ids(shuffled)).not.toEqual(ids(sorted));
    expect([...ids(shuffled)].sort()).toEqual([...ids(sorted)].sort());
  });

  it('evicts the least recently used snapshots beyond the cap', () => {
    const { engine: e } = makeEngine({ snapshots: { maxSearches: 2 } });
    const s1 = expectOk(e.queryVideos(b, 'id', 'app')).search_id;
    const s2 = expectOk(e.queryVideos(b, 'id', 'app')).search_id;
    expect(expectOk(e.queryVideos({ search_id: s1, cursor: 10 }, 'id', 'app')).videos).toHaveLength(10); // s1 now most recent
    expectOk(e.queryVideos(b, 'id', 'app')); // s3 evicts s2
    expect(expectError(e.queryVideos({ search_id: s2, cursor: 10 }, 'id', 'app')).code).toBe('invalid_params');
    expect(expectOk(e.queryVideos({ search_id: s1, cursor: 20 }, 'id', 'app')).videos).toHaveLength(10);
  });
});

describe('quotas', () => {
  const b = body(engine, { and: [cond('region_code', 'EQ', 'US')] });

  it('refuses requests beyond the daily request quota until the next UTC day', () => {
    const { engine: e, clock } = makeEngine({ quotas: { requestsPerDay: 3, recordsPerDay: 100_000 } });
    clock.advance(11 * 3600); // 23:00 UTC
    for (let i = 0; i < 3; i++) expectOk(e.queryVideos(b, 'id', 'app'));
    const refused = expectError(e.queryVideos(b, 'id', 'app'));
    expect(refused).toEqual({ code: 'rate_limit_exceeded', httpStatus: 429, message: expect.stringContaining('3 requests') });
    expect(expectError(e.userInfo({ username: e.dataset.accounts.usernames[0] }, 'display_name', 'app')).code).toBe('rate_limit_exceeded');
    expectOk(e.queryVideos(b, 'id', 'another-app')); // per app
    clock.advance(30 * 60); // 23:30, same day
    expect(expectError(e.queryVideos(b, 'id', 'app')).code).toBe('rate_limit_exceeded');
    clock.advance(31 * 60); // 00:01 next day
    expectOk(e.queryVideos(b, 'id', 'app'));
    expect(e.quotaUsage('app')).toMatchObject({ day: '2025-06-16', requests: 1, records: 10 });
  });

  it('shortens the page that reaches the records quota, then refuses', () => {
    const { engine: e } = makeEngine({ quotas: { requestsPerDay: 1000, recordsPerDay: 25 } });
    const first = expectOk(e.queryVideos(b, 'id', 'app'));
    const second = expectOk(e.queryVideos({ search_id: first.search_id, cursor: first.cursor }, 'id', 'app'));
    const third = expectOk(e.queryVideos({ search_id: first.search_id, cursor: second.cursor }, 'id', 'app'));
    expect([first.videos.length, second.videos.length, third.videos.length]).toEqual([10, 10, 5]);
    expect(third.cursor).toBe(25);
    expect(third.has_more).toBe(true);
    expect(expectError(e.queryVideos({ search_id: first.search_id, cursor: third.cursor }, 'id', 'app')).message).toMatch(/25 records/);
  });

  it('does not count invalid requests', () => {
    const { engine: e } = makeEngine({ quotas: { requestsPerDay: 1, recordsPerDay: 100 } });
    expectError(e.queryVideos({ ...b, max_count: 0 }, 'id', 'app'));
    expectError(e.queryVideos(b, 'nope', 'app'));
    expectError(e.userInfo({ username: 'no_such_user_anywhere' }, 'display_name', 'app'));
    expect(e.quotaUsage('app')).toMatchObject({ requests: 0, records: 0 });
    expectOk(e.queryVideos(b, 'id', 'app'));
  });
});

describe('userInfo', () => {
  const ds = engine.dataset;
  let account = 0;
  for (let a = 0; a < ds.accounts.size; a++) if (ds.accounts.videoCount[a]! > ds.accounts.videoCount[account]!) account = a;
  const username = ds.accounts.usernames[account]!;

  it('returns the selected fields of the account, consistent with its videos', () => {
    const info = expectOk(engine.userInfo({ username }, 'display_name,bio_description,avatar_url,is_verified,follower_count,following_count,likes_count,video_count', 'app'));
    let videos = 0;
    let likes = 0;
    for (let r = 0; r < ds.size; r++) {
      if (ds.account[r] === account) {
        videos++;
        likes += ds.likes[r]!;
      }
    }
    expect(info).toMatchObject({ username, video_count: videos, likes_count: likes });
    expect(videos).toBeGreaterThan(10);
    expect(Object.keys(info).sort()).toEqual(['avatar_url', 'bio_description', 'display_name', 'follower_count', 'following_count', 'is_verified', 'likes_count', 'username', 'video_count']);
    expect(info.avatar_url).toMatch(/^https:\/\//);
    expect(typeof info.is_verified).toBe('boolean');
  });

  it('matches the username case-insensitively, with or without @, but not fuzzily', () => {
    expect(expectOk(engine.userInfo({ username: `@${username.toUpperCase()}` }, 'video_count', 'app'))).toEqual({ username, video_count: ds.accounts.videoCount[account] });
    const error = expectError(engine.userInfo({ username: `${username}x` }, 'video_count', 'app'));
    expect(error).toEqual({ code: 'invalid_params', httpStatus: 400, message: expect.stringContaining('no account named') });
  });

  it('rejects a missing username and unknown fields', () => {
    expect(expectError(engine.userInfo({}, 'video_count', 'app')).message).toMatch(/username: is required/);
    expect(expectError(engine.userInfo('alice', 'video_count', 'app')).message).toMatch(/JSON object with a username/);
    expect(expectError(engine.userInfo({ username }, 'video_count,followers', 'app')).message).toMatch(/unknown account field\(s\) followers/);
  });
});

describe('edge datasets', () => {
  it('works with no videos at all', () => {
    const { engine: empty } = makeEngine({ videos: 0, accounts: 0 });
    const page = expectOk(empty.queryVideos(body(empty, { and: [cond('region_code', 'EQ', 'US')] }), 'id', 'app'));
    expect(page).toMatchObject({ videos: [], cursor: 0, has_more: false });
    expect(expectError(empty.userInfo({ username: 'anyone' }, 'video_count', 'app')).code).toBe('invalid_params');
  });

  it('refuses videos without accounts to post them', () => {
    expect(() => makeEngine({ videos: 10, accounts: 0 })).toThrow(/accounts must be at least 1/);
  });

  it('answers windows outside the dataset\'s two years with nothing', () => {
    expect(allVideos(run, { query: { and: [cond('region_code', 'EQ', 'US')] }, start_date: '20200101', end_date: '20200131' })).toEqual([]);
    expect(allVideos(run, { query: { not: [cond('region_code', 'EQ', 'US')] }, start_date: '20250615', end_date: '20250701' })).toEqual([]); // today and later: not in the data yet
  });
});
