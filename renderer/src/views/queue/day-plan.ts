/** The day plan's rule, per account: what goes today and what waits past midnight. Pure but for the clock it is given. */
import type { DraftView } from '../../api/contract';
import { endOfToday } from './when-words';

export interface AccountPlan {
  openId: string;
  today: DraftView[];
  later: DraftView[];
  paused: number;
  /** Drafts waiting for inbox space (today's and later), for "send them elsewhere". */
  inboxWaiting: string[];
}

/** What each account sends today and what waits, in queue order. */
export function planByAccount(order: readonly string[], byId: ReadonlyMap<string, DraftView>, now: number): AccountPlan[] {
  const midnight = endOfToday(now);
  const plans = new Map<string, AccountPlan>();
  for (const id of order) {
    const draft = byId.get(id);
    if (!draft || !['queued', 'waiting', 'uploading', 'processing', 'paused'].includes(draft.state)) continue;
    let plan = plans.get(draft.openId);
    if (!plan) plans.set(draft.openId, (plan = { openId: draft.openId, today: [], later: [], paused: 0, inboxWaiting: [] }));
    if (draft.state === 'paused') plan.paused++;
    else if (draft.expectedAt !== null && draft.expectedAt >= midnight) plan.later.push(draft);
    else plan.today.push(draft);
    if (draft.state === 'waiting' && draft.expectedAt !== null) plan.inboxWaiting.push(draft.id);
  }
  return [...plans.values()];
}

