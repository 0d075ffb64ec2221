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

/** What is wrong with a start/end date pair, as a code the window words; `where` names the field at fault. */
export type WindowIssue =
  | { where: 'start_date'; code: 'not_a_date'; value: string }
  | { where: 'end_date'; code: 'not_a_date'; value: string }
  | { where: 'end_date'; code: 'end_before_start'; start: string; end: string }
  | { where: 'end_date'; code: 'too_long'; days: number; max: number };

export function windowIssue(start: string, end: string): WindowIssue | null {
  const from = parseYyyymmdd(start);
  if (from === undefined) return { where: 'start_date', code: 'not_a_date', value: start };
  const to = parseYyyymmdd(end);
  if (to === undefined) return { where: 'end_date', code: 'not_a_date', value: end };
  const days = (to - from) / DAY_MS;
  if (days < 0) return { where: 'end_date', code: 'end_before_start', start, end };
  if (days > MAX_WINDOW_DAYS) return { where: 'end_date', code: 'too_long', days, max: MAX_WINDOW_DAYS };
  return null;
}

/** Why a start/end date pair cannot be sent, or null (the contract's English for a script). */
export function windowProblem(start: string, end: string): { where: 'start_date' | 'end_date'; message: string } | null {
  const issue = windowIssue(start, end);
  if (!issue) return null;
  switch (issue.code) {
    case 'not_a_date':
      return { where: issue.where, message: `${issue.where} must be a date in YYYYMMDD form (UTC), got ${JSON.stringify(issue.value)}` };
    case 'end_before_start':
      return { where: issue.where, message: `end_date (${issue.end}) is before start_date (${issue.start})` };
    case 'too_long':
      return { where: issue.where, message: `end_date is ${issue.days} days after start_date; the platform allows at most ${issue.max}` };
  }
}

/** What is wrong with one value of a field, as a code the window words. */
export type ValueIssue = 'empty' | 'no_letters' | 'one_word' | 'region' | 'numeric_id' | 'date' | 'length';

export function valueIssue(field: ConditionField, value: string): ValueIssue | null {
  const v = value.trim();
  if (v.length === 0) return 'empty';
  switch (field) {
    case 'keyword':
      return /[\p{L}\p{N}]/u.test(v) ? null : 'no_letters';
    case 'hashtag_name':
    case 'username':
      return /\s/.test(v) ? 'one_word' : null;
    case 'region_code':
      return /^[A-Za-z]{2}$/.test(v) ? null : 'region';
    case 'music_id':
    case 'effect_id':
    case 'video_id':
      return /^\d{1,20}$/.test(v) ? null : 'numeric_id';
    case 'create_date':
      return parseYyyymmdd(v) === undefined ? 'date' : null;
    case 'video_length':
      return (VIDEO_LENGTHS as readonly string[]).includes(v.toUpperCase()) || /^\d{1,6}$/.test(v) ? null : 'length';
  }
}

const VALUE_ENGLISH: Record<ValueIssue, string> = {
  empty: 'must not be empty',
  no_letters: 'needs letters or digits to search for',
  one_word: 'must be a single word without spaces',
  region: 'must be a two-letter country code such as US or GB',
  numeric_id: 'must be a numeric id (digits only)',
  date: 'must be a date in YYYYMMDD form (UTC)',
  length: `must be ${VIDEO_LENGTHS.join(', ')} or a whole number of seconds`,
};

/** Why one value cannot be used with a field, or null (the platform's own checks, in words). */
export function valueProblem(field: ConditionField, value: string): string | null {
  const issue = valueIssue(field, value);
  return issue ? VALUE_ENGLISH[issue] : null;
}

/** What is wrong with a condition, as a code the window words; `index` is the value's place when there are several. */
export type ConditionIssue =
  | { code: 'operation_not_for_field'; operation: Operation; field: ConditionField }
  | { code: 'no_values' }
  | { code: 'one_value_only'; operation: Operation }
  | { code: 'value'; issue: ValueIssue; value: string; index: number | null };

export function conditionIssue(field: ConditionField, operation: Operation, values: readonly string[]): ConditionIssue | null {
  if (!operationsFor(field).includes(operation)) return { code: 'operation_not_for_field', operation, field };
  if (values.length === 0) return { code: 'no_values' };
  if (operation !== 'IN' && values.length !== 1) return { code: 'one_value_only', operation };
  for (const [i, value] of values.entries()) {
    const issue = valueIssue(field, value);
    if (issue) return { code: 'value', issue, value, index: values.length > 1 ? i : null };
  }
  return null;
}

/** Why a condition cannot be sent, or null (the contract's English for a script). */
export function conditionProblem(field: ConditionField, operation: Operation, values: readonly string[]): string | null {
  const issue = conditionIssue(field, operation, values);
  if (!issue) return null;
  switch (issue.code) {
    case 'operation_not_for_field':
      return `${operation} cannot be used with ${field}: only EQ and IN (GT, GTE, LT and LTE work on ${[...RANGE_FIELDS].join(', ')})`;
    case 'no_values':
      return 'needs at least one value';
    case 'one_value_only':
      return `${operation} takes exactly one value; use IN for several`;
    case 'value':
      return issue.index !== null ? `value ${issue.index + 1} (${JSON.stringify(issue.value)}) ${VALUE_ENGLISH[issue.issue]}` : `${JSON.stringify(issue.value)} ${VALUE_ENGLISH[issue.issue]}`;
  }
}

/**
 * A public video's page on the platform's web host: `/@{username}/video/{id}` (docs/PLATFORM.md
 * "Research": the spec names no public page; this is the convention the app and the sandbox share).
 */
export function publicVideoPath(username: string, id: string): string {
  return `/@${encodeURIComponent(username)}/video/${encodeURIComponent(id)}`;
}
