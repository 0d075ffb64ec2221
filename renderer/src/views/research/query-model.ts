/**
 * The query builder's model, pure: the builder's draft (groups of conditions, dates, fields), the
 * request it sends (op 10's body without paging, plus fields), and the JSON view of that request.
 * The draft and the JSON stay in sync through these functions: the builder shows a draft, the JSON
 * view shows requestJson(draft), and an edit of the JSON becomes a draft again through
 * parseRequestJson, which says where the text or the query is wrong (line and column for JSON
 * syntax, the path for a rule the platform would refuse) using the same rules as the contract.
 * Problems are codes with parameters (problem-words.ts words them in the window's language).
 */
import {
  CONDITION_FIELDS, GROUPS, OPERATIONS, VIDEO_FIELDS, conditionIssue, parseYyyymmdd, windowIssue,
  type ConditionField, type ConditionIssue, type Group, type Operation, type VideoField, type WindowIssue,
} from '../../../../common/research-rules';
import type { VideoSearchRequest } from '../../api/contract';
import { jsonErrorOffset } from './json-position';

export interface ConditionDraft {
  key: string;
  field: ConditionField;
  operation: Operation;
  /** One per value; IN may hold several. */
  values: string[];
}

export interface QueryDraft {
  groups: Record<Group, ConditionDraft[]>;
  /** YYYY-MM-DD, as a date input holds it. */
  startDate: string;
  endDate: string;
  fields: VideoField[];
}

/** Where the JSON's shape is not a research query's: what was expected at that path. */
export type JsonShape =
  | 'top_object' | 'unknown_key' | 'query_object' | 'not_a_group' | 'condition_list' | 'condition_object'
  | 'field_name' | 'operation' | 'value_strings' | 'date' | 'fields_list' | 'unknown_field';

export type QueryIssue =
  | ConditionIssue
  | WindowIssue
  | { code: 'no_conditions' }
  | { code: 'no_fields' }
  /** line and column of the first character that breaks the JSON grammar, when the scanner finds it. */
  | { code: 'json_syntax'; line: number | null; column: number | null }
  | { code: 'json_shape'; shape: JsonShape; value?: string };

export interface Problem {
  /** Where: "and[0]", "start_date", "fields", "json", or a JSON path ("query.and[1].operation"). */
  where: string;
  issue: QueryIssue;
}

let nextKey = 0;
export const newKey = (): string => `c${++nextKey}`;

export const DEFAULT_FIELDS: VideoField[] = ['id', 'create_time', 'username', 'region_code', 'view_count', 'like_count', 'comment_count', 'share_count', 'hashtag_names', 'video_description'];

/** A fresh draft: the last 7 full UTC days before `now`, one keyword condition. */
export function emptyDraft(now: number): QueryDraft {
  const today = Math.floor(now / 86_400_000) * 86_400_000;
  return {
    groups: { and: [{ key: newKey(), field: 'keyword', operation: 'EQ', values: [''] }], or: [], not: [] },
    startDate: isoDay(today - 7 * 86_400_000),
    endDate: isoDay(today - 86_400_000),
    fields: [...DEFAULT_FIELDS],
  };
}

export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const toYyyymmdd = (iso: string): string => iso.replaceAll('-', '');
const fromYyyymmdd = (value: string): string | null => {
  const ms = parseYyyymmdd(value);
  return ms === undefined ? null : isoDay(ms);
};

/** Everything that keeps the draft from being sent, each with where it is. */
export function draftProblems(draft: QueryDraft): Problem[] {
  const problems: Problem[] = [];
  let total = 0;
  for (const group of GROUPS) {
    draft.groups[group].forEach((condition, i) => {
      total++;
      const values = condition.operation === 'IN' ? condition.values.filter((v) => v.trim() !== '') : condition.values;
      const issue = conditionIssue(condition.field, condition.operation, values.map((v) => v.trim()));
      if (issue) problems.push({ where: `${group}[${i}]`, issue });
    });
  }
  if (total === 0) problems.push({ where: 'query', issue: { code: 'no_conditions' } });
  const window = windowIssue(toYyyymmdd(draft.startDate), toYyyymmdd(draft.endDate));
  if (window) problems.push({ where: window.where, issue: window });
  if (draft.fields.length === 0) problems.push({ where: 'fields', issue: { code: 'no_fields' } });
  return problems;
}

/** The request the draft sends (call only when draftProblems is empty). */
export function toRequest(draft: QueryDraft): VideoSearchRequest {
  const query: VideoSearchRequest['query'] = {};
  for (const group of GROUPS) {
    const conditions = draft.groups[group];
    if (conditions.length === 0) continue;
    query[group] = conditions.map((condition) => ({
      field_name: condition.field,
      operation: condition.operation,
      field_values: condition.values.map((v) => v.trim()).filter((v) => v !== ''),
    }));
  }
  // The platform lists fields in its own order; keep that order whatever order they were ticked in.
  const fields = VIDEO_FIELDS.filter((field) => draft.fields.includes(field));
  return { query, start_date: toYyyymmdd(draft.startDate), end_date: toYyyymmdd(draft.endDate), fields };
}

/** The JSON view of a draft: the request as it would be sent (values as typed, even if not valid yet). */
export function requestJson(draft: QueryDraft): string {
  const query: Record<string, unknown> = {};
  for (const group of GROUPS) {
    if (draft.groups[group].length > 0) query[group] = draft.groups[group].map((c) => ({ field_name: c.field, operation: c.operation, field_values: c.values }));
  }
  const fields = VIDEO_FIELDS.filter((field) => draft.fields.includes(field));
  return JSON.stringify({ query, start_date: toYyyymmdd(draft.startDate), end_date: toYyyymmdd(draft.endDate), fields }, null, 2);
}

export function draftFromRequest(request: VideoSearchRequest): QueryDraft {
  const groups: Record<Group, ConditionDraft[]> = { and: [], or: [], not: [] };
  for (const group of GROUPS) {
    groups[group] = (request.query[group] ?? []).map((c) => ({ key: newKey(), field: c.field_name, operation: c.operation, values: [...c.field_values] }));
  }
  return { groups, startDate: fromYyyymmdd(request.start_date) ?? '', endDate: fromYyyymmdd(request.end_date) ?? '', fields: [...request.fields] };
}

export type JsonParse = { ok: true; draft: QueryDraft } | { ok: false; problem: Problem };

/**
 * The JSON view's text as a draft, or the first thing wrong with it: a syntax error with its line
 * and column, or a shape or rule problem with its path (e.g. `query.and[1].operation`).
 */
export function parseRequestJson(text: string): JsonParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: { where: 'json', issue: syntaxIssue(text) } };
  }
  const fail = (where: string, shape: JsonShape, badValue?: string): JsonParse => ({ ok: false, problem: { where, issue: { code: 'json_shape', shape, ...(badValue === undefined ? {} : { value: badValue }) } } });
  if (!isObject(value)) return fail('', 'top_object');
  const unknownKeys = Object.keys(value).filter((key) => !['query', 'start_date', 'end_date', 'fields', 'is_random'].includes(key));
  if (unknownKeys.length > 0) return fail(unknownKeys[0]!, 'unknown_key');
  const { query, start_date: start, end_date: end, fields } = value;
  if (!isObject(query)) return fail('query', 'query_object');
  const groups: Record<Group, ConditionDraft[]> = { and: [], or: [], not: [] };
  for (const key of Object.keys(query)) {
    const group = key.toLowerCase() as Group;
    if (!(GROUPS as readonly string[]).includes(group)) return fail(`query.${key}`, 'not_a_group');
    const list = query[key];
    if (!Array.isArray(list)) return fail(`query.${key}`, 'condition_list');
    for (const [i, raw] of list.entries()) {
      const at = `query.${key}[${i}]`;
      if (!isObject(raw)) return fail(at, 'condition_object');
      if (!(CONDITION_FIELDS as readonly unknown[]).includes(raw.field_name)) return fail(`${at}.field_name`, 'field_name');
      if (!(OPERATIONS as readonly unknown[]).includes(raw.operation)) return fail(`${at}.operation`, 'operation');
      if (!Array.isArray(raw.field_values) || !raw.field_values.every((v) => typeof v === 'string')) return fail(`${at}.field_values`, 'value_strings');
      const condition: ConditionDraft = { key: newKey(), field: raw.field_name as ConditionField, operation: raw.operation as Operation, values: raw.field_values as string[] };
      const issue = conditionIssue(condition.field, condition.operation, condition.values);
      if (issue) return { ok: false, problem: { where: at, issue } };
      groups[group].push(condition);
    }
  }
  if (typeof start !== 'string') return fail('start_date', 'date');
  if (typeof end !== 'string') return fail('end_date', 'date');
  const window = windowIssue(start, end);
  if (window) return { ok: false, problem: { where: window.where, issue: window } };
  if (!Array.isArray(fields) || fields.length === 0) return fail('fields', 'fields_list');
  const badField = fields.find((field) => !(VIDEO_FIELDS as readonly unknown[]).includes(field));
  if (badField !== undefined) return fail('fields', 'unknown_field', JSON.stringify(badField));
  return { ok: true, draft: { groups, startDate: fromYyyymmdd(start)!, endDate: fromYyyymmdd(end)!, fields: fields as VideoField[] } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where the text first breaks the JSON grammar, as a line and a column (the engine's own reason is English and differs between engines). */
export function syntaxIssue(text: string): QueryIssue {
  const offset = jsonErrorOffset(text);
  if (offset === null) return { code: 'json_syntax', line: null, column: null };
  const before = text.slice(0, offset);
  return { code: 'json_syntax', line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}
