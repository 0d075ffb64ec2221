import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import { countsFromPage, visibleRows } from '../../../../../renderer/src/state/queue-rows.js';

const draft = (id: string, state: DraftView['state'], openId = 'ava') => ({ id, openId, state }) as DraftView;

describe('the queue rows', () => {
  it('puts drafts under way, waiting or needing the person before delivered and cancelled ones, each part in queue order', () => {
    const drafts = [draft('d1', 'inbox'), draft('d2', 'posted'), draft('q1', 'queued'), draft('c1', 'cancelled'), draft('u1', 'uploading'), draft('f1', 'failed'), draft('w1', 'waiting'), draft('p1', 'paused'), draft('r1', 'processing')];
    const byId = new Map(drafts.map((d) => [d.id, d]));
    const { ids, rows } = visibleRows(drafts.map((d) => d.id), byId, null, null, false);
    expect(ids).toEqual(['q1', 'u1', 'f1', 'w1', 'p1', 'r1', 'd1', 'd2', 'c1']);
    expect(rows.map((row) => (row.kind === 'draft' ? row.id : null))).toEqual(ids);
  });

  it('says the whole queue\'s size and each account\'s count while only the first page is here, filtered as the rows are', () => {
    // The first page: two of Ava's drafts and one of Ben's; the whole queue (drafts.firstPage's counts) holds 1,000.
    const drafts = [draft('a1', 'queued'), draft('a2', 'paused'), draft('b1', 'queued', 'ben')];
    const byId = new Map(drafts.map((d) => [d.id, d]));
    const order = drafts.map((d) => d.id);
    const whole = countsFromPage([
      { openId: 'ava', state: 'queued', count: 600 },
      { openId: 'ava', state: 'paused', count: 100 },
      { openId: 'ben', state: 'queued', count: 300 },
    ]);
    expect(visibleRows(order, byId, null, null, false, whole)).toMatchObject({ ids: ['a1', 'a2', 'b1'], size: 1000 });
    expect(visibleRows(order, byId, 'ava', null, false, whole).size).toBe(700);
    expect(visibleRows(order, byId, null, 'queued', false, whole).size).toBe(900);
    expect(visibleRows(order, byId, 'ben', 'paused', false, whole).size).toBe(0);
    const grouped = visibleRows(order, byId, null, 'queued', true, whole);
    expect(grouped.rows.filter((row) => row.kind === 'group')).toEqual([
      { kind: 'group', openId: 'ava', count: 600 },
      { kind: 'group', openId: 'ben', count: 300 },
    ]);
    expect(grouped.size).toBe(900);
    // Once the whole queue is here, the drafts themselves are counted.
    expect(visibleRows(order, byId, null, null, true)).toMatchObject({ size: 3, rows: [{ kind: 'group', openId: 'ava', count: 2 }, {}, {}, { kind: 'group', openId: 'ben', count: 1 }, {}] });
  });
});
