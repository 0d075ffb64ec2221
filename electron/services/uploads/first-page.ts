/**
 * drafts.firstPage: the Queue's first screen out of the whole queue. Only the page's drafts get a
 * view (building, checking and sending 10,000 views was most of the wait before the Queue's first
 * paint; queue-render benchmark); every record is counted, by account and state, so the window's
 * counts and filters are the whole queue's.
 */
import { firstInDisplayOrder } from '../../../common/queue-order.js';
import type { DraftsFirstPage, DraftView } from '../../core/contract/index.js';
import type { DraftRecord } from './draft.js';

export function firstPage(records: readonly DraftRecord[], size: number, view: (draft: DraftRecord) => DraftView): DraftsFirstPage {
  const counts = new Map<string, Map<DraftRecord['state'], number>>();
  for (const draft of records) {
    let byState = counts.get(draft.openId);
    if (!byState) counts.set(draft.openId, (byState = new Map()));
    byState.set(draft.state, (byState.get(draft.state) ?? 0) + 1);
  }
  return {
    drafts: firstInDisplayOrder(records, (draft) => draft.state, size).map(view),
    total: records.length,
    counts: [...counts].flatMap(([openId, byState]) => [...byState].map(([state, count]) => ({ openId, state, count }))),
  };
}
