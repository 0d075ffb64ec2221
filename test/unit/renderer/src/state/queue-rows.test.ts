import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import { visibleRows } from '../../../../../renderer/src/state/queue-rows.js';

const draft = (id: string, state: DraftView['state']) => ({ id, openId: 'ava', state }) as DraftView;

describe('the queue rows', () => {
  it('puts drafts under way, waiting or needing the person before delivered and cancelled ones, each part in queue order', () => {
    const drafts = [draft('d1', 'inbox'), draft('d2', 'posted'), draft('q1', 'queued'), draft('c1', 'cancelled'), draft('u1', 'uploading'), draft('f1', 'failed'), draft('w1', 'waiting'), draft('p1', 'paused'), draft('r1', 'processing')];
    const byId = new Map(drafts.map((d) => [d.id, d]));
    const { ids, rows } = visibleRows(drafts.map((d) => d.id), byId, null, null, false);
    expect(ids).toEqual(['q1', 'u1', 'f1', 'w1', 'p1', 'r1', 'd1', 'd2', 'c1']);
    expect(rows.map((row) => (row.kind === 'draft' ? row.id : null))).toEqual(ids);
  });
});
