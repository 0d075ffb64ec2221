import { describe, expect, it } from 'vitest';
import { channels } from '../../../../../electron/core/contract/index.js';
import type { DraftRecord } from '../../../../../electron/services/uploads/draft.js';
import { firstPage } from '../../../../../electron/services/uploads/first-page.js';

const record = (id: string, openId: string, state: DraftRecord['state']) => ({ id, openId, state }) as DraftRecord;

describe('drafts.firstPage', () => {
  const records = [record('a', 'ava', 'inbox'), record('b', 'ava', 'waiting'), record('c', 'ben', 'uploading'), record('d', 'ben', 'waiting'), record('e', 'ava', 'cancelled'), record('f', 'ava', 'waiting')];

  it('views only the page’s drafts, in the order the Queue shows them, and counts the whole queue by account and state', () => {
    const viewed: string[] = [];
    const page = firstPage(records, 4, (draft) => {
      viewed.push(draft.id);
      return { id: draft.id } as never;
    });
    expect(viewed).toEqual(['b', 'c', 'd', 'f']);
    expect(page.total).toBe(6);
    expect(page.counts).toEqual(
      expect.arrayContaining([
        { openId: 'ava', state: 'inbox', count: 1 },
        { openId: 'ava', state: 'waiting', count: 2 },
        { openId: 'ava', state: 'cancelled', count: 1 },
        { openId: 'ben', state: 'uploading', count: 1 },
        { openId: 'ben', state: 'waiting', count: 1 },
      ]),
    );
    expect(page.counts).toHaveLength(5);
  });

  it('takes finished drafts when the unfinished ones do not fill the page, and answers an empty queue', () => {
    expect(firstPage(records, 5, (draft) => ({ id: draft.id }) as never).drafts.map((draft) => draft.id)).toEqual(['b', 'c', 'd', 'f', 'a']);
    expect(firstPage([], 100, () => ({}) as never)).toEqual({ drafts: [], total: 0, counts: [] });
  });

  it('is asked for 1 to 500 drafts, a whole number', () => {
    const input = (size: unknown) => channels['drafts.firstPage'].input.safeParse({ size }).success;
    expect([1, 100, 500].map(input)).toEqual([true, true, true]);
    expect([0, 501, 1.5, '10', null].map(input)).toEqual([false, false, false, false, false]);
  });
});
