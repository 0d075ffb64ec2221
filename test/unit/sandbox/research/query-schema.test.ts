import { describe, expect, it } from 'vitest';
import type { Condition } from '../../../../sandbox/research/query-schema.js';
import { parseAccountFields, parseVideoFields, parseVideoQuery, parseYyyymmdd } from '../../../../sandbox/research/query-schema.js';
import type { Body } from '../../../support/research-engine.js';
import { expectError, expectOk } from '../../../support/research-engine.js';

const DATES = { start_date: '20250501', end_date: '20250530' };
const REGION_US = { field_name: 'region_code', operation: 'EQ', field_values: ['US'] };
const day = (yyyymmdd: string): number => parseYyyymmdd(yyyymmdd)!;

function parse(b: Body) {
  return expectOk(parseVideoQuery(b));
}
function reject(b: unknown): string {
  const error = expectError(parseVideoQuery(b));
  expect(error.code).toBe('invalid_params');
  expect(error.httpStatus).toBe(400);
  return error.message;
}
function condition(field_name: string, operation: string, field_values: string[]): Condition {
  const q = parse({ query: { and: [{ field_name, operation, field_values }] }, ...DATES });
  return q.and[0]!;
}

describe('parseVideoQuery: body', () => {
  it('applies the defaults and turns the dates into a UTC window', () => {
    const q = parse({ query: { and: [REGION_US] }, ...DATES });
    expect(q.maxCount).toBe(10);
    expect(q.cursor).toBe(0);
    expect(q.isRandom).toBe(false);
    expect(q.searchId).toBeUndefined();
    expect(q.window).toEqual({ from: Date.UTC(2025, 4, 1) / 1000, to: Date.UTC(2025, 4, 31) / 1000 });
  });

  it('accepts and/or/not in lower and upper case', () => {
    const lower = parse({ query: { and: [REGION_US], or: [REGION_US], not: [REGION_US] }, ...DATES });
    const upper = parse({ query: { AND: [REGION_US], OR: [REGION_US], NOT: [REGION_US] }, ...DATES });
    expect(upper).toEqual(lower);
    expect(lower.and).toHaveLength(1);
    expect(lower.or).toHaveLength(1);
    expect(lower.not).toHaveLength(1);
  });

  it('rejects ambiguous, unknown and empty groupings', () => {
    expect(reject({ query: { and: [REGION_US], AND: [REGION_US] }, ...DATES })).toMatch(/both and and AND/);
    expect(reject({ query: { xor: [REGION_US] }, ...DATES })).toMatch(/unknown key\(s\) xor/);
    expect(reject({ query: { And: [REGION_US] }, ...DATES })).toMatch(/And/);
    expect(reject({ query: {}, ...DATES })).toMatch(/at least one condition/);
    expect(reject({ query: { and: [] }, ...DATES })).toMatch(/at least one condition/);
    expect(reject({ query: { and: REGION_US }, ...DATES })).toMatch(/query\.and: must be a list of conditions/);
    expect(reject({ query: 'region_code=US', ...DATES })).toMatch(/^query: must be an object/);
    expect(reject({ ...DATES })).toMatch(/query: is required/);
    expect(reject(null)).toMatch(/JSON object/);
    expect(reject('{}')).toMatch(/JSON object/);
  });

  it('requires both dates in YYYYMMDD form', () => {
    expect(reject({ query: { and: [REGION_US] }, end_date: '20250530' })).toMatch(/start_date: is required/);
    expect(reject({ query: { and: [REGION_US] }, start_date: '20250501' })).toMatch(/end_date: is required/);
    expect(reject({ query: { and: [REGION_US] } })).toMatch(/start_date: is required.*end_date: is required/);
    expect(reject({ query: { and: [REGION_US] }, start_date: '2025-05-01', end_date: '20250530' })).toMatch(/start_date: must be a date in YYYYMMDD form .*"2025-05-01"/);
    expect(reject({ query: { and: [REGION_US] }, start_date: '20250230', end_date: '20250301' })).toMatch(/start_date: must be a date/);
    expect(reject({ query: { and: [REGION_US] }, start_date: 20250501, end_date: '20250530' })).toMatch(/start_date: must be a string/);
  });

  it('requires end_date on or after start_date and at most 30 days later', () => {
    expect(reject({ query: { and: [REGION_US] }, start_date: '20250510', end_date: '20250509' })).toMatch(/end_date: must not be before start_date/);
    expect(reject({ query: { and: [REGION_US] }, start_date: '20250101', end_date: '20250201' })).toMatch(/at most 30 days after start_date, got 31 days/);
    expect(parse({ query: { and: [REGION_US] }, start_date: '20250101', end_date: '20250131' }).window).toEqual({ from: day('20250101'), to: day('20250201') });
    expect(parse({ query: { and: [REGION_US] }, start_date: '20250510', end_date: '20250510' }).window).toEqual({ from: day('20250510'), to: day('20250511') });
  });

  it('bounds max_count to whole numbers from 1 to 100 and cursor to whole numbers from 0', () => {
    const base = { query: { and: [REGION_US] }, ...DATES };
    expect(parse({ ...base, max_count: 100 }).maxCount).toBe(100);
    expect(parse({ ...base, max_count: 1 }).maxCount).toBe(1);
    expect(reject({ ...base, max_count: 101 })).toMatch(/max_count: must be at most 100/);
    expect(reject({ ...base, max_count: 0 })).toMatch(/max_count: must be at least 1/);
    expect(reject({ ...base, max_count: -5 })).toMatch(/max_count: must be at least 1/);
    expect(reject({ ...base, max_count: 2.5 })).toMatch(/max_count: must be a whole number/);
    expect(reject({ ...base, max_count: '10' })).toMatch(/max_count: must be a number/);
    expect(parse({ ...base, cursor: 40 }).cursor).toBe(40);
    expect(reject({ ...base, cursor: -1 })).toMatch(/cursor: must not be negative/);
    expect(reject({ ...base, cursor: 1.5 })).toMatch(/cursor: must be a whole number/);
    expect(reject({ ...base, is_random: 'no' })).toMatch(/is_random: must be true or false/);
    expect(reject({ ...base, search_id: '' })).toMatch(/search_id: must not be empty/);
  });

  it('lets a follow-up page leave the query and dates out, but checks them when given', () => {
    const q = parse({ search_id: '123', cursor: 10 });
    expect(q.searchId).toBe('123');
    expect(q.window).toBeUndefined();
    expect(reject({ search_id: '123', start_date: '20250501' })).toMatch(/query: is required.*end_date: is required/);
  });
});

describe('parseVideoQuery: conditions', () => {
  it('rejects unknown fields and operations, and wrong value lists', () => {
    expect(reject({ query: { and: [{ ...REGION_US, field_name: 'country' }] }, ...DATES })).toMatch(/query\.and\[0\]\.field_name: must be one of keyword, .* got "country"/);
    expect(reject({ query: { and: [{ ...REGION_US, operation: 'NE' }] }, ...DATES })).toMatch(/query\.and\[0\]\.operation: must be one of EQ, IN, GT, GTE, LT, LTE, got "NE"/);
    expect(reject({ query: { or: [{ ...REGION_US, field_values: [] }] }, ...DATES })).toMatch(/query\.or\[0\]\.field_values: must contain at least one value/);
    expect(reject({ query: { and: [{ ...REGION_US, field_values: 'US' }] }, ...DATES })).toMatch(/field_values: must be a list of strings/);
    expect(reject({ query: { and: [{ ...REGION_US, field_values: [1] }] }, ...DATES })).toMatch(/field_values\[0\]: must be a string/);
    expect(reject({ query: { and: [{ ...REGION_US, field_values: ['US', 'GB'] }] }, ...DATES })).toMatch(/EQ takes exactly one value, got 2; use IN/);
    expect(reject({ query: { not: [{ field_name: 'region_code' }] }, ...DATES })).toMatch(/query\.not\[0\]\.operation/);
  });

  it('refuses comparisons on text and identifier fields with a clear message', () => {
    for (const field of ['keyword', 'username', 'region_code', 'hashtag_name', 'music_id', 'effect_id']) {
      for (const op of ['GT', 'GTE', 'LT', 'LTE']) {
        expect(reject({ query: { and: [{ field_name: field, operation: op, field_values: ['1'] }] }, ...DATES })).toContain(`${op} cannot be used with ${field}`);
      }
    }
  });

  it('validates the form of each field value', () => {
    const bad = (field: string, value: string): string => reject({ query: { and: [{ field_name: field, operation: 'EQ', field_values: [value] }] }, ...DATES });
    expect(bad('region_code', 'USA')).toMatch(/two-letter country code/);
    expect(bad('music_id', '12ab')).toMatch(/music_id must be a numeric id/);
    expect(bad('effect_id', '')).toMatch(/effect_id must be a numeric id/);
    expect(bad('video_id', '-5')).toMatch(/video_id must be a numeric id/);
    expect(bad('video_id', '99999999999999999999')).toMatch(/video_id must be a numeric id/); // beyond 64 bits
    expect(bad('create_date', '2025-05-01')).toMatch(/create_date must be a date in YYYYMMDD form/);
    expect(bad('video_length', 'MEDIUM')).toMatch(/video_length must be one of SHORT, MID, LONG, EXTRA_LONG or a whole number of seconds/);
    expect(bad('keyword', '!!!')).toMatch(/has no letters or digits/);
    expect(bad('hashtag_name', '#')).toMatch(/hashtag_name must not be empty/);
    expect(bad('username', 'two words')).toMatch(/single word/);
  });

  it('normalizes text values and codes', () => {
    expect(condition('hashtag_name', 'EQ', ['#FoodTok'])).toMatchObject({ terms: ['foodtok'] });
    expect(condition('username', 'IN', ['@Emma', 'LIAM'])).toMatchObject({ terms: ['emma', 'liam'] });
    expect(condition('region_code', 'IN', ['us', ' Gb '])).toMatchObject({ codes: ['US', 'GB'] });
    expect(condition('keyword', 'IN', ['Pasta Recipe!', '#fyp'])).toMatchObject({ phrases: [['pasta', 'recipe'], ['fyp']] });
  });

  it('resolves create_date operations to UTC day boundaries', () => {
    const d = day('20250510');
    const next = d + 86_400;
    expect(condition('create_date', 'EQ', ['20250510'])).toMatchObject({ spans: [{ from: d, to: next }] });
    expect(condition('create_date', 'IN', ['20250510', '20250512'])).toMatchObject({ spans: [{ from: d, to: next }, { from: day('20250512'), to: day('20250513') }] });
    expect(condition('create_date', 'GT', ['20250510'])).toMatchObject({ spans: [{ from: next }] });
    expect(condition('create_date', 'GTE', ['20250510'])).toMatchObject({ spans: [{ from: d }] });
    expect(condition('create_date', 'LT', ['20250510'])).toMatchObject({ spans: [{ from: 0, to: d }] });
    expect(condition('create_date', 'LTE', ['20250510'])).toMatchObject({ spans: [{ from: 0, to: next }] });
  });

  it('resolves video_length buckets and seconds', () => {
    expect(condition('video_length', 'EQ', ['short'])).toMatchObject({ spans: [{ min: 0, max: 14 }] });
    expect(condition('video_length', 'IN', ['MID', 'EXTRA_LONG'])).toMatchObject({ spans: [{ min: 15, max: 60 }, { min: 301 }] });
    expect(condition('video_length', 'GT', ['MID'])).toMatchObject({ spans: [{ min: 61 }] });
    expect(condition('video_length', 'GTE', ['MID'])).toMatchObject({ spans: [{ min: 15 }] });
    expect(condition('video_length', 'LT', ['MID'])).toMatchObject({ spans: [{ min: 0, max: 14 }] });
    expect(condition('video_length', 'LTE', ['LONG'])).toMatchObject({ spans: [{ min: 0, max: 300 }] });
    expect(condition('video_length', 'EQ', ['30'])).toMatchObject({ spans: [{ min: 30, max: 30 }] });
    expect(condition('video_length', 'GT', ['30'])).toMatchObject({ spans: [{ min: 31 }] });
    expect(condition('video_length', 'LT', ['30'])).toMatchObject({ spans: [{ min: 0, max: 29 }] });
  });

  it('resolves video_id comparisons numerically', () => {
    const id = 7_500_000_000_000_000_000n;
    expect(condition('video_id', 'EQ', [String(id)])).toMatchObject({ spans: [{ min: id, max: id }] });
    expect(condition('video_id', 'GT', [String(id)])).toMatchObject({ spans: [{ min: id + 1n }] });
    expect(condition('video_id', 'LTE', [String(id)])).toMatchObject({ spans: [{ min: 0n, max: id }] });
  });
});

describe('fields', () => {
  it('parses a comma-separated list, ignoring spaces around names', () => {
    expect(expectOk(parseVideoFields('id, like_count ,username'))).toEqual(['id', 'like_count', 'username']);
    expect(expectOk(parseAccountFields('display_name,follower_count'))).toEqual(['display_name', 'follower_count']);
  });

  it('rejects missing, empty and unknown field names, naming them', () => {
    expect(expectError(parseVideoFields(undefined)).message).toMatch(/fields is required: a comma-separated list of video fields \(id, video_description/);
    expect(expectError(parseVideoFields(' , ')).message).toMatch(/fields is empty/);
    const unknown = expectError(parseVideoFields('id,likes,views'));
    expect(unknown.code).toBe('invalid_params');
    expect(unknown.message).toMatch(/unknown video field\(s\) likes, views in fields/);
    expect(expectError(parseAccountFields('username,follower')).message).toMatch(/unknown account field\(s\) follower/);
  });

  it('rejects empty and repeated names like any other malformed list', () => {
    for (const raw of ['id,,like_count', 'id,', ',id', 'id, ,username']) {
      const error = expectError(parseVideoFields(raw));
      expect(error.code, raw).toBe('invalid_params');
      expect(error.message, raw).toMatch(/fields has an empty name/);
    }
    const repeated = expectError(parseVideoFields('id,like_count, id,like_count'));
    expect(repeated.code).toBe('invalid_params');
    expect(repeated.message).toMatch(/fields names id, like_count more than once/);
    expect(expectError(parseAccountFields('username,username')).message).toMatch(/names username more than once/);
  });
});
