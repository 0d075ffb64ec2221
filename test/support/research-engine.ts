import { OffsetClock } from '../../common/clock.js';
import { createResearchEngine } from '../../sandbox/research/engine.js';
import type { ResearchEngine, ResearchEngineOptions, VideoQueryData } from '../../sandbox/research/engine.js';
import type { Result } from '../../sandbox/research/errors.js';
import { formatYyyymmdd } from '../../sandbox/research/query-schema.js';
import type { VideoRecord } from '../../sandbox/research/records.js';

/** 2025-06-15 12:00 UTC: the dataset covers 2023-06-16 .. 2025-06-14. */
export const TODAY = Date.UTC(2025, 5, 15, 12);
export const ALL_FIELDS = 'id,video_description,create_time,region_code,share_count,view_count,like_count,comment_count,music_id,hashtag_names,username,effect_ids,playlist_id,voice_to_text,is_stem_verified,favorites_count,video_duration';
export const UNLIMITED = { requestsPerDay: Number.MAX_SAFE_INTEGER, recordsPerDay: Number.MAX_SAFE_INTEGER };

export function makeEngine(overrides: Partial<ResearchEngineOptions> = {}): { engine: ResearchEngine; clock: OffsetClock } {
  const clock = new OffsetClock(0, { now: () => TODAY });
  const engine = createResearchEngine({ seed: 7, videos: 20_000, accounts: 2_000, clock, quotas: UNLIMITED, ...overrides });
  return { engine, clock };
}

export type Body = Record<string, unknown>;
export type RawCondition = { field_name: string; operation: string; field_values: string[] };

/** A window of `days` days ending `endDaysAgo` days before the dataset's end. */
export function window(engine: ResearchEngine, days = 30, endDaysAgo = 1): { start_date: string; end_date: string } {
  const last = engine.dataset.spanEnd - endDaysAgo * 86_400;
  return { start_date: formatYyyymmdd(last - (days - 1) * 86_400), end_date: formatYyyymmdd(last) };
}

export function body(engine: ResearchEngine, query: Body, extra: Body = {}): Body {
  return { query, ...window(engine), ...extra };
}

export function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

export function expectError<T>(result: Result<T>): { code: string; httpStatus: number; message: string } {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value).slice(0, 200)}`);
  return result.error;
}

/** Every matching video, by paging through the search with max_count 100. */
export function allVideos(
  run: (b: Body, fields: string, appId: string) => Result<VideoQueryData>,
  b: Body,
  fields = ALL_FIELDS,
  appId = 'app',
): VideoRecord[] {
  const first = expectOk(run({ ...b, max_count: 100 }, fields, appId));
  const out = [...first.videos];
  let page = first;
  while (page.has_more) {
    page = expectOk(run({ search_id: first.search_id, cursor: page.cursor, max_count: 100 }, fields, appId));
    out.push(...page.videos);
  }
  return out;
}
