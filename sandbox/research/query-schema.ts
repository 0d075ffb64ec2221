/**
 * The research request bodies and `fields` parameters, parsed with zod into a canonical query.
 *
 * Every condition is resolved here, once, into "matches any of these values/spans", so the index
 * and the full scan evaluate the same thing and the operation semantics live in one place:
 *
 * | field_name   | EQ / IN                                    | GT GTE LT LTE                              |
 * |--------------|--------------------------------------------|--------------------------------------------|
 * | keyword      | fuzzy: every word of the value fuzzy-matches a word or hashtag of the description | invalid |
 * | hashtag_name | fuzzy against the video's hashtags (a leading # is ignored) | invalid                      |
 * | username     | fuzzy against the author's username (a leading @ is ignored) | invalid                   |
 * | region_code  | exact, case-insensitive, two letters       | invalid                                    |
 * | music_id     | exact id (digits)                          | invalid                                    |
 * | effect_id    | exact id (digits), any of the video's effects | invalid                                 |
 * | video_id     | exact id (digits)                          | numeric comparison of the 19-digit id      |
 * | create_date  | the UTC day YYYYMMDD                        | GT d: after day d; GTE d: from day d on; LT d: before day d; LTE d: up to the end of day d |
 * | video_length | a bucket or a number of seconds             | compares buckets or seconds (below)        |
 *
 * Fuzzy = fuzzy.ts (case-insensitive, up to 0/1/2 edits for ≤3 / 4–7 / ≥8 characters). Ids and
 * region codes are identifiers, not text: a one-digit "typo" of an id is another id.
 * video_length takes the real platform's buckets SHORT (< 15 s), MID (15–60 s), LONG (61–300 s),
 * EXTRA_LONG (> 300 s), case-insensitive, or a whole number of seconds. A bucket compares as its
 * interval: GT MID = longer than 60 s, GTE MID = at least 15 s, LT MID = under 15 s, LTE MID = at most 60 s.
 * EQ and every comparison take exactly one value; IN takes one or more.
 */
import { z } from 'zod';
import { parseYyyymmdd as parseDayMs } from '../../common/research-rules.js';
import { normalizeTerm, tokenize } from './fuzzy.js';
import type { Result } from './errors.js';
import { invalidParams, ok } from './errors.js';

export const FIELD_NAMES = ['keyword', 'create_date', 'username', 'region_code', 'video_id', 'hashtag_name', 'music_id', 'effect_id', 'video_length'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];
export const OPERATIONS = ['EQ', 'IN', 'GT', 'GTE', 'LT', 'LTE'] as const;
export type Operation = (typeof OPERATIONS)[number];
const RANGE_FIELDS: ReadonlySet<FieldName> = new Set(['create_date', 'video_id', 'video_length']);

export const VIDEO_FIELDS = [
  'id', 'video_description', 'create_time', 'region_code', 'share_count', 'view_count', 'like_count', 'comment_count', 'music_id',
  'hashtag_names', 'username', 'effect_ids', 'playlist_id', 'voice_to_text', 'is_stem_verified', 'favorites_count', 'video_duration',
] as const;
export type VideoField = (typeof VIDEO_FIELDS)[number];

export const ACCOUNT_FIELDS = [
  'username', 'display_name', 'bio_description', 'avatar_url', 'is_verified', 'follower_count', 'following_count', 'likes_count', 'video_count',
] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

export const MAX_COUNT_DEFAULT = 10;
export const MAX_COUNT_LIMIT = 100;
export const MAX_WINDOW_DAYS = 30;
export const MAX_CONDITIONS = 100;
export const MAX_FIELD_VALUES = 1000;
const MAX_VIDEO_ID = (1n << 64n) - 1n;

export const LENGTH_BUCKETS = {
  SHORT: { min: 0, max: 14 },
  MID: { min: 15, max: 60 },
  LONG: { min: 61, max: 300 },
  EXTRA_LONG: { min: 301, max: Number.MAX_SAFE_INTEGER },
} as const;

/** A condition with its operation already applied: it matches when any entry matches. */
export type Condition =
  | { readonly field: 'keyword'; readonly op: Operation; /** each phrase: normalized words that must all match */ readonly phrases: readonly (readonly string[])[] }
  | { readonly field: 'hashtag_name' | 'username'; readonly op: Operation; readonly terms: readonly string[] }
  | { readonly field: 'region_code' | 'music_id' | 'effect_id'; readonly op: Operation; readonly codes: readonly string[] }
  | { readonly field: 'create_date'; readonly op: Operation; /** unix seconds, [from, to) */ readonly spans: readonly TimeSpan[] }
  | { readonly field: 'video_length'; readonly op: Operation; /** seconds, inclusive */ readonly spans: readonly { min: number; max: number }[] }
  | { readonly field: 'video_id'; readonly op: Operation; /** inclusive */ readonly spans: readonly { min: bigint; max: bigint }[] };

export interface TimeSpan { readonly from: number; readonly to: number }

export interface VideoQuery {
  readonly and: readonly Condition[];
  readonly or: readonly Condition[];
  readonly not: readonly Condition[];
  /** The start_date..end_date window, unix seconds [from, to); absent only when paging by search_id without dates. */
  readonly window: TimeSpan | undefined;
  readonly maxCount: number;
  readonly cursor: number;
  readonly searchId: string | undefined;
  readonly isRandom: boolean;
}

// ---------------------------------------------------------------- dates

/** Start of the UTC day YYYYMMDD in unix seconds, or undefined if it is not a real date (the app's rule, common/research-rules.ts). */
export function parseYyyymmdd(value: string): number | undefined {
  const ms = parseDayMs(value);
  return ms === undefined ? undefined : ms / 1000;
}

export function formatYyyymmdd(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10).replaceAll('-', '');
}

// ---------------------------------------------------------------- conditions

const list = (values: readonly string[]): string => values.join(', ');
const oneOf = (allowed: readonly string[], input: unknown): string =>
  input === undefined ? `is required: one of ${list(allowed)}` : `must be one of ${list(allowed)}, got ${JSON.stringify(input)}`;

type Ctx = z.core.$RefinementCtx;
const fail = (ctx: Ctx, path: (string | number)[], message: string): void => {
  ctx.issues.push({ code: 'custom', message, input: undefined, path });
};

const rawCondition = z.object(
  {
    field_name: z.enum(FIELD_NAMES, { error: (iss) => oneOf(FIELD_NAMES, iss.input) }),
    operation: z.enum(OPERATIONS, { error: (iss) => oneOf(OPERATIONS, iss.input) }),
    field_values: z
      .array(z.string({ error: 'must be a string' }), { error: (iss) => (iss.input === undefined ? 'is required: a list of strings' : 'must be a list of strings') })
      .min(1, { error: 'must contain at least one value' })
      .max(MAX_FIELD_VALUES, { error: `must contain at most ${MAX_FIELD_VALUES} values` }),
  },
  { error: 'must be an object with field_name, operation and field_values' },
);

const conditionSchema = rawCondition.transform((raw, ctx): Condition => {
  const { field_name: field, operation: op, field_values: values } = raw;
  if (!RANGE_FIELDS.has(field) && op !== 'EQ' && op !== 'IN') {
    fail(ctx, ['operation'], `${op} cannot be used with ${field}: it is compared as text or an identifier, so only EQ and IN are allowed (GT, GTE, LT and LTE work on ${[...RANGE_FIELDS].join(', ')})`);
    return z.NEVER;
  }
  if (op !== 'IN' && values.length !== 1) {
    fail(ctx, ['field_values'], `${op} takes exactly one value, got ${values.length}; use IN to match any of several values`);
    return z.NEVER;
  }
  const bad = (i: number, message: string): typeof z.NEVER => {
    fail(ctx, ['field_values', i], message);
    return z.NEVER;
  };
  switch (field) {
    case 'keyword': {
      const phrases: string[][] = [];
      for (const [i, v] of values.entries()) {
        const words = tokenize(v);
        if (words.length === 0) return bad(i, `keyword ${JSON.stringify(v)} has no letters or digits to search for`);
        phrases.push(words);
      }
      return { field, op, phrases };
    }
    case 'hashtag_name':
    case 'username': {
      const terms: string[] = [];
      for (const [i, v] of values.entries()) {
        const term = normalizeTerm(v);
        if (term.length === 0) return bad(i, `${field} must not be empty`);
        if (/\s/.test(term)) return bad(i, `${field} ${JSON.stringify(v)} must be a single word without spaces`);
        terms.push(term);
      }
      return { field, op, terms };
    }
    case 'region_code': {
      const codes: string[] = [];
      for (const [i, v] of values.entries()) {
        if (!/^[A-Za-z]{2}$/.test(v.trim())) return bad(i, `region_code must be a two-letter country code such as US or GB, got ${JSON.stringify(v)}`);
        codes.push(v.trim().toUpperCase());
      }
      return { field, op, codes };
    }
    case 'music_id':
    case 'effect_id': {
      for (const [i, v] of values.entries()) {
        if (!/^\d{1,20}$/.test(v)) return bad(i, `${field} must be a numeric id (digits only), got ${JSON.stringify(v)}`);
      }
      return { field, op, codes: [...values] };
    }
    case 'video_id': {
      const spans: { min: bigint; max: bigint }[] = [];
      for (const [i, v] of values.entries()) {
        if (!/^\d{1,20}$/.test(v) || BigInt(v) > MAX_VIDEO_ID) return bad(i, `video_id must be a numeric id (up to 20 digits), got ${JSON.stringify(v)}`);
        const id = BigInt(v);
        spans.push(
          op === 'EQ' || op === 'IN' ? { min: id, max: id }
            : op === 'GT' ? { min: id + 1n, max: MAX_VIDEO_ID }
              : op === 'GTE' ? { min: id, max: MAX_VIDEO_ID }
                : op === 'LT' ? { min: 0n, max: id - 1n }
                  : { min: 0n, max: id },
        );
      }
      return { field, op, spans };
    }
    case 'create_date': {
      const spans: TimeSpan[] = [];
      for (const [i, v] of values.entries()) {
        const day = parseYyyymmdd(v);
        if (day === undefined) return bad(i, `create_date must be a date in YYYYMMDD form (UTC), got ${JSON.stringify(v)}`);
        const next = day + 86_400;
        spans.push(
          op === 'EQ' || op === 'IN' ? { from: day, to: next }
            : op === 'GT' ? { from: next, to: Number.MAX_SAFE_INTEGER }
              : op === 'GTE' ? { from: day, to: Number.MAX_SAFE_INTEGER }
                : op === 'LT' ? { from: 0, to: day }
                  : { from: 0, to: next },
        );
      }
      return { field, op, spans };
    }
    case 'video_length': {
      const spans: { min: number; max: number }[] = [];
      for (const [i, v] of values.entries()) {
        const name = v.trim().toUpperCase();
        let interval: { min: number; max: number };
        if (Object.hasOwn(LENGTH_BUCKETS, name)) interval = LENGTH_BUCKETS[name as keyof typeof LENGTH_BUCKETS];
        else if (/^\d{1,6}$/.test(v.trim())) interval = { min: Number(v.trim()), max: Number(v.trim()) };
        else return bad(i, `video_length must be one of ${list(Object.keys(LENGTH_BUCKETS))} or a whole number of seconds, got ${JSON.stringify(v)}`);
        spans.push(
          op === 'EQ' || op === 'IN' ? interval
            : op === 'GT' ? { min: interval.max + 1, max: Number.MAX_SAFE_INTEGER }
              : op === 'GTE' ? { min: interval.min, max: Number.MAX_SAFE_INTEGER }
                : op === 'LT' ? { min: 0, max: interval.min - 1 }
                  : { min: 0, max: interval.max },
        );
      }
      return { field, op, spans };
    }
  }
});

const conditionList = z.array(conditionSchema, { error: 'must be a list of conditions' });

const querySchema = z
  .strictObject(
    { and: conditionList.optional(), or: conditionList.optional(), not: conditionList.optional(), AND: conditionList.optional(), OR: conditionList.optional(), NOT: conditionList.optional() },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? `unknown key(s) ${list(iss.keys)}: a query has only and, or and not (lower or upper case)` : 'must be an object with and, or and/or not lists of conditions') },
  )
  .transform((q, ctx) => {
    for (const key of ['and', 'or', 'not'] as const) {
      if (q[key] !== undefined && q[key.toUpperCase() as 'AND' | 'OR' | 'NOT'] !== undefined) {
        fail(ctx, [], `has both ${key} and ${key.toUpperCase()}: use one spelling`);
        return z.NEVER;
      }
    }
    const and = q.and ?? q.AND ?? [];
    const or = q.or ?? q.OR ?? [];
    const not = q.not ?? q.NOT ?? [];
    const total = and.length + or.length + not.length;
    if (total === 0) {
      fail(ctx, [], 'needs at least one condition in and, or or not');
      return z.NEVER;
    }
    if (total > MAX_CONDITIONS) {
      fail(ctx, [], `has ${total} conditions; at most ${MAX_CONDITIONS} are allowed`);
      return z.NEVER;
    }
    return { and, or, not };
  });

const dateString = z.string({ error: 'must be a string in YYYYMMDD form (UTC)' });

const videoQueryBody = z.object(
  {
    query: querySchema.optional(),
    start_date: dateString.optional(),
    end_date: dateString.optional(),
    max_count: z
      .number({ error: 'must be a number' })
      .int({ error: `must be a whole number from 1 to ${MAX_COUNT_LIMIT}` })
      .min(1, { error: `must be at least 1` })
      .max(MAX_COUNT_LIMIT, { error: `must be at most ${MAX_COUNT_LIMIT}` })
      .optional(),
    cursor: z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must not be negative' }).optional(),
    search_id: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }).optional(),
    is_random: z.boolean({ error: 'must be true or false' }).optional(),
  },
  { error: 'the request body must be a JSON object' },
).transform((body, ctx): VideoQuery => {
  const paging = body.search_id !== undefined;
  // A follow-up page may repeat the query and dates or leave them out; a new search needs them.
  if (!paging || body.query !== undefined || body.start_date !== undefined || body.end_date !== undefined) {
    if (body.query === undefined) fail(ctx, ['query'], 'is required: an object with and, or and/or not lists of conditions');
    if (body.start_date === undefined) fail(ctx, ['start_date'], 'is required: a date in YYYYMMDD form (UTC)');
    if (body.end_date === undefined) fail(ctx, ['end_date'], 'is required: a date in YYYYMMDD form (UTC)');
  }
  let window: TimeSpan | undefined;
  if (body.start_date !== undefined && body.end_date !== undefined) {
    const start = parseYyyymmdd(body.start_date);
    const end = parseYyyymmdd(body.end_date);
    if (start === undefined) fail(ctx, ['start_date'], `must be a date in YYYYMMDD form (UTC), got ${JSON.stringify(body.start_date)}`);
    if (end === undefined) fail(ctx, ['end_date'], `must be a date in YYYYMMDD form (UTC), got ${JSON.stringify(body.end_date)}`);
    if (start !== undefined && end !== undefined) {
      const days = (end - start) / 86_400;
      if (days < 0) fail(ctx, ['end_date'], `must not be before start_date (${body.end_date} < ${body.start_date})`);
      else if (days > MAX_WINDOW_DAYS) fail(ctx, ['end_date'], `must be at most ${MAX_WINDOW_DAYS} days after start_date, got ${days} days (${body.start_date} to ${body.end_date})`);
      else window = { from: start, to: end + 86_400 };
    }
  } else {
    if (body.start_date !== undefined && parseYyyymmdd(body.start_date) === undefined) fail(ctx, ['start_date'], `must be a date in YYYYMMDD form (UTC), got ${JSON.stringify(body.start_date)}`);
    if (body.end_date !== undefined && parseYyyymmdd(body.end_date) === undefined) fail(ctx, ['end_date'], `must be a date in YYYYMMDD form (UTC), got ${JSON.stringify(body.end_date)}`);
  }
  if (ctx.issues.length > 0) return z.NEVER;
  return {
    and: body.query?.and ?? [],
    or: body.query?.or ?? [],
    not: body.query?.not ?? [],
    window,
    maxCount: body.max_count ?? MAX_COUNT_DEFAULT,
    cursor: body.cursor ?? 0,
    searchId: body.search_id,
    isRandom: body.is_random ?? false,
  };
});

const userInfoBody = z.object(
  { username: z.string({ error: (iss) => (iss.input === undefined ? 'is required: the account username' : 'must be a string') }).trim().min(1, { error: 'must not be empty' }) },
  { error: 'the request body must be a JSON object with a username' },
);

// ---------------------------------------------------------------- entry points

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), '');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export function parseVideoQuery(body: unknown): Result<VideoQuery> {
  const parsed = videoQueryBody.safeParse(body);
  return parsed.success ? ok(parsed.data) : invalidParams(describe(parsed.error));
}

export function parseUserInfo(body: unknown): Result<{ username: string }> {
  const parsed = userInfoBody.safeParse(body);
  return parsed.success ? ok(parsed.data) : invalidParams(describe(parsed.error));
}

function fieldsSchema<F extends string>(allowed: readonly F[], what: string) {
  const set: ReadonlySet<string> = new Set(allowed);
  return z
    .string({ error: `fields is required: a comma-separated list of ${what} fields (${list(allowed)})` })
    .transform((raw, ctx): F[] => {
      const names = raw.split(',').map((s) => s.trim());
      if (names.every((name) => name.length === 0)) {
        fail(ctx, [], `fields is empty: give a comma-separated list of ${what} fields (${list(allowed)})`);
        return z.NEVER;
      }
      // Like any other malformed list: `id,,title` or `id,id` is a mistake to point out, not to guess at.
      if (names.some((name) => name.length === 0)) {
        fail(ctx, [], `fields has an empty name (two commas in a row, or one at an end): ${JSON.stringify(raw)}`);
        return z.NEVER;
      }
      const repeated = names.filter((name, i) => names.indexOf(name) !== i);
      if (repeated.length > 0) {
        fail(ctx, [], `fields names ${list([...new Set(repeated)])} more than once; name each field once`);
        return z.NEVER;
      }
      const unknown = names.filter((name) => !set.has(name));
      if (unknown.length > 0) {
        fail(ctx, [], `unknown ${what} field(s) ${list(unknown)} in fields; allowed: ${list(allowed)}`);
        return z.NEVER;
      }
      return names as F[];
    });
}

const videoFields = fieldsSchema(VIDEO_FIELDS, 'video');
const accountFields = fieldsSchema(ACCOUNT_FIELDS, 'account');

/** `fields` as it arrives in the query string: comma-separated names. */
export function parseVideoFields(raw: string | undefined): Result<VideoField[]> {
  const parsed = videoFields.safeParse(raw);
  return parsed.success ? ok(parsed.data) : invalidParams(describe(parsed.error));
}

export function parseAccountFields(raw: string | undefined): Result<AccountField[]> {
  const parsed = accountFields.safeParse(raw);
  return parsed.success ? ok(parsed.data) : invalidParams(describe(parsed.error));
}
