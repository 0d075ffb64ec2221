/**
 * The research query's rules as the platform states them (docs/PLATFORM.md "Research"), as plain
 * data and pure functions: which fields a condition may restrict and with which operations, which
 * fields a video or account record can return, and the date window (YYYYMMDD in UTC, start not
 * after end, at most 30 days apart). The IPC contract refines its input with these, and the
 * renderer's query builder and JSON editor check with the same ones, so the person hears about a
 * bad query before anything is sent.
 */

export const CONDITION_FIELDS = ['keyword', 'create_date', 'username', 'region_code', 'video_id', 'hashtag_name', 'music_id', 'effect_id', 'video_length'] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

export const OPERATIONS = ['EQ', 'IN', 'GT', 'GTE', 'LT', 'LTE'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Fields compared as numbers or dates take ranges; the rest are text or identifiers (EQ and IN only). */
export const RANGE_FIELDS: ReadonlySet<ConditionField> = new Set(['create_date', 'video_id', 'video_length']);
/** Fields the platform matches approximately (fuzzy), which the builder says next to them. */
export const FUZZY_FIELDS: ReadonlySet<ConditionField> = new Set(['keyword', 'hashtag_name', 'username']);

export function operationsFor(field: ConditionField): readonly Operation[] {
  return RANGE_FIELDS.has(field) ? OPERATIONS : ['EQ', 'IN'];
}

export const GROUPS = ['and', 'or', 'not'] as const;
export type Group = (typeof GROUPS)[number];

/** The real platform's video_length buckets (also accepted: a whole number of seconds). */
export const VIDEO_LENGTHS = ['SHORT', 'MID', 'LONG', 'EXTRA_LONG'] as const;

export const VIDEO_FIELDS = [
  'id', 'video_description', 'create_time', 'region_code', 'share_count', 'view_count', 'like_count', 'comment_count', 'music_id',
  'hashtag_names', 'username', 'effect_ids', 'playlist_id', 'voice_to_text', 'is_stem_verified', 'favorites_count', 'video_duration',
] as const;
export type VideoField = (typeof VIDEO_FIELDS)[number];

export const ACCOUNT_FIELDS = ['username', 'display_name', 'bio_description', 'avatar_url', 'is_verified', 'follower_count', 'following_count', 'likes_count', 'video_count'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** Records per request (the platform's max_count ceiling). */
export const MAX_PAGE = 100;
export const MAX_WINDOW_DAYS = 30;
export const MAX_CONDITIONS = 100;
/** The most rows one search holds (the default daily records quota). */
export const MAX_SEARCH_ROWS = 100_000;

/** Region codes offered by the picker (any two-letter code can still be typed). */
export const COMMON_REGIONS = ['US', 'GB', 'CA', 'AU', 'DE', 'FR', 'ES', 'IT', 'NL', 'SE', 'PL', 'BR', 'MX', 'AR', 'CO', 'JP', 'KR', 'ID', 'PH', 'VN', 'TH', 'MY', 'SG', 'IN', 'PK', 'TR', 'EG', 'SA', 'AE', 'NG', 'ZA', 'KE'] as const;

const DAY_MS = 86_400_000;

/** Start of the UTC day YYYYMMDD in ms, or undefined when it is not a real date. */
export function parseYyyymmdd(value: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  if (year < 1970 || d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return ms;
}

export function formatYyyymmdd(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
}

/** Why a start/end date pair cannot be sent, or null. `where` names the field at fault. */
export function windowProblem(start: string, end: string): { where: 'start_date' | 'end_date'; message: string } | null {
  const from = parseYyyymmdd(start);
  if (from === undefined) return { where: 'start_date', message: `start_date must be a date in YYYYMMDD form (UTC), got ${JSON.stringify(start)}` };
  const to = parseYyyymmdd(end);
  if (to === undefined) return { where: 'end_date', message: `end_date must be a date in YYYYMMDD form (UTC), got ${JSON.stringify(end)}` };
  const days = (to - from) / DAY_MS;
  if (days < 0) return { where: 'end_date', message: `end_date (${end}) is before start_date (${start})` };
  if (days > MAX_WINDOW_DAYS) return { where: 'end_date', message: `end_date is ${days} days after start_date; the platform allows at most ${MAX_WINDOW_DAYS}` };
  return null;
}

/** Why one value cannot be used with a field, or null (the platform's own checks, in words). */
export function valueProblem(field: ConditionField, value: string): string | null {
  const v = value.trim();
  if (v.length === 0) return 'must not be empty';
  switch (field) {
    case 'keyword':
      return /[\p{L}\p{N}]/u.test(v) ? null : 'needs letters or digits to search for';
    case 'hashtag_name':
    case 'username':
      return /\s/.test(v) ? 'must be a single word without spaces' : null;
    case 'region_code':
      return /^[A-Za-z]{2}$/.test(v) ? null : 'must be a two-letter country code such as US or GB';
    case 'music_id':
    case 'effect_id':
    case 'video_id':
      return /^\d{1,20}$/.test(v) ? null : 'must be a numeric id (digits only)';
    case 'create_date':
      return parseYyyymmdd(v) === undefined ? 'must be a date in YYYYMMDD form (UTC)' : null;
    case 'video_length':
      return (VIDEO_LENGTHS as readonly string[]).includes(v.toUpperCase()) || /^\d{1,6}$/.test(v) ? null : `must be ${VIDEO_LENGTHS.join(', ')} or a whole number of seconds`;
  }
}

/** Why a condition cannot be sent, or null. */
export function conditionProblem(field: ConditionField, operation: Operation, values: readonly string[]): string | null {
  if (!operationsFor(field).includes(operation)) return `${operation} cannot be used with ${field}: only EQ and IN (GT, GTE, LT and LTE work on ${[...RANGE_FIELDS].join(', ')})`;
  if (values.length === 0) return 'needs at least one value';
  if (operation !== 'IN' && values.length !== 1) return `${operation} takes exactly one value; use IN for several`;
  for (const [i, value] of values.entries()) {
    const problem = valueProblem(field, value);
    if (problem) return values.length > 1 ? `value ${i + 1} (${JSON.stringify(value)}) ${problem}` : `${JSON.stringify(value)} ${problem}`;
  }
  return null;
}
