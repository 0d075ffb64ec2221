/** The query builder's model: draft ⇄ request ⇄ JSON, and where a problem is. */
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from '../../../../../../renderer/src/views/research/json-position.js';
import { draftFromRequest, draftProblems, emptyDraft, parseRequestJson, requestJson, syntaxIssue, toRequest } from '../../../../../../renderer/src/views/research/query-model.js';

const NOW = Date.UTC(2026, 10, 23, 12);

describe('query model', () => {
  it('starts with the last 7 full UTC days and says the empty keyword must be filled', () => {
    const draft = emptyDraft(NOW);
    expect(draft.startDate).toBe('2026-11-16');
    expect(draft.endDate).toBe('2026-11-22');
    expect(draftProblems(draft)).toEqual([{ where: 'and[0]', issue: { code: 'value', issue: 'empty', value: '', index: null } }]);
  });

  it('turns a draft into the request and back, through the JSON the person sees', () => {
    const draft = emptyDraft(NOW);
    draft.groups.and[0]!.values = ['street food'];
    draft.groups.or.push({ key: 'x', field: 'region_code', operation: 'IN', values: ['US', ' GB', ''] });
    draft.groups.not.push({ key: 'y', field: 'video_length', operation: 'LT', values: ['MID'] });
    expect(draftProblems(draft)).toEqual([]);
    const request = toRequest(draft);
    expect(request.query).toEqual({
      and: [{ field_name: 'keyword', operation: 'EQ', field_values: ['street food'] }],
      or: [{ field_name: 'region_code', operation: 'IN', field_values: ['US', 'GB'] }],
      not: [{ field_name: 'video_length', operation: 'LT', field_values: ['MID'] }],
    });
    expect(request).toMatchObject({ start_date: '20261116', end_date: '20261122' });
    const parsed = parseRequestJson(JSON.stringify(request));
    expect(parsed.ok && toRequest(parsed.draft)).toEqual(request);
    expect(toRequest(draftFromRequest(request))).toEqual(request);
    expect(JSON.parse(requestJson(draft)).query.or[0].field_values).toEqual(['US', ' GB', '']);
  });

  it('refuses dates more than 30 days apart or reversed, and a range operation on text', () => {
    const draft = { ...emptyDraft(NOW), startDate: '2026-10-01', endDate: '2026-11-02' };
    draft.groups.and[0] = { key: 'k', field: 'hashtag_name', operation: 'GT', values: ['x'] };
    expect(draftProblems(draft)).toEqual([
      { where: 'and[0]', issue: { code: 'operation_not_for_field', operation: 'GT', field: 'hashtag_name' } },
      { where: 'end_date', issue: { where: 'end_date', code: 'too_long', days: 32, max: 30 } },
    ]);
    expect(draftProblems({ ...emptyDraft(NOW), startDate: '2026-11-10', endDate: '2026-11-09' }).at(-1)).toEqual({ where: 'end_date', issue: { where: 'end_date', code: 'end_before_start', start: '20261110', end: '20261109' } });
  });

  it('says where JSON is wrong: line and column for syntax, the path for a rule', () => {
    const text = '{\n  "query": {\n    "and": [}\n}';
    const parsed = parseRequestJson(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toEqual({ where: 'json', issue: { code: 'json_syntax', line: 3, column: 13 } });
    const rule = parseRequestJson(JSON.stringify({ query: { AND: [{ field_name: 'keyword', operation: 'LTE', field_values: ['a'] }] }, start_date: '20261101', end_date: '20261102', fields: ['id'] }));
    expect(!rule.ok && rule.problem).toEqual({ where: 'query.AND[0]', issue: { code: 'operation_not_for_field', operation: 'LTE', field: 'keyword' } });
    const field = parseRequestJson(JSON.stringify({ query: { or: [] }, start_date: '20261101', end_date: '20261102', fields: ['id', 'likes'] }));
    expect(!field.ok && field.problem).toEqual({ where: 'fields', issue: { code: 'json_shape', shape: 'unknown_field', value: '"likes"' } });
    expect(syntaxIssue('{"a":')).toEqual({ code: 'json_syntax', line: 1, column: 6 });
    // The scanner agrees with JSON.parse on what is valid, and points at the first wrong character.
    for (const good of ['{}', '[1, -2.5e3, "x\\u00e9", true, null]', ' {"a": {"b": []}} ']) expect(jsonErrorOffset(good)).toBeNull();
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8);
    expect(jsonErrorOffset('{"a": tru}')).toBe(9);
    expect(jsonErrorOffset('[1 2]')).toBe(3);
    expect(jsonErrorOffset('{"a": 01}')).toBe(7);
    expect(jsonErrorOffset('{} x')).toBe(3);
  });
});
