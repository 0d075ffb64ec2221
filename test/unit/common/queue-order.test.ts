import { describe, expect, it } from 'vitest';
import { firstInDisplayOrder, isFinishedState } from '../../../common/queue-order.js';
import { visibleRows } from '../../../renderer/src/state/queue-rows.js';
import type { DraftView } from '../../../electron/core/contract/index.js';

const STATES: DraftView['state'][] = ['queued', 'waiting', 'uploading', 'processing', 'inbox', 'posted', 'failed', 'paused', 'cancelled'];
const drafts = Array.from({ length: 60 }, (_, index) => ({ id: `d${index}`, openId: 'ava', state: STATES[(index * 7) % STATES.length]! }) as DraftView);

describe('the queue’s display order', () => {
  it('counts delivered and cancelled drafts as finished, and nothing else', () => {
    expect(STATES.filter(isFinishedState)).toEqual(['inbox', 'posted', 'cancelled']);
  });

  it('gives the first drafts of the list the window shows, unfinished first, each part in queue order, for any page size', () => {
    const byId = new Map(drafts.map((draft) => [draft.id, draft]));
    const { ids } = visibleRows(drafts.map((draft) => draft.id), byId, null, null, false);
    for (const size of [1, 10, 39, 40, 41, 60, 100]) {
      expect(firstInDisplayOrder(drafts, (draft) => draft.state, size).map((draft) => draft.id)).toEqual(ids.slice(0, size));
    }
  });
});
