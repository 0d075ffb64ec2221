/**
 * The day plan: per account, what goes today (sending now, queued, or waiting for inbox space that
 * frees before midnight) and what waits past today (each with when it will most likely go), with
 * the way out for the waiting ones: send them to another account.
 */
import { useMemo } from 'react';
import type { DraftView } from '../../api/contract';
import { accountLabel, useAccounts } from '../../state/accounts';
import { useDrafts } from '../../state/drafts';
import { plural } from '../../format';
import { planByAccount } from './day-plan';
import { MoveWaiting } from './MoveWaiting';
import { whenWords } from './when-words';

const SHOWN = 50;

export function QueuePlan() {
  const order = useDrafts((state) => state.order);
  const byId = useDrafts((state) => state.byId);
  const accounts = useAccounts((state) => state.accounts);
  const plans = useMemo(() => planByAccount(order, byId, Date.now()), [order, byId]);
  const name = (openId: string) => {
    const found = accounts?.find((candidate) => candidate.openId === openId);
    return found ? accountLabel(found) : openId;
  };
  if (plans.length === 0) return <p className="queue-plan__empty">Nothing is waiting to go: every draft is in an inbox, posted, failed or cancelled.</p>;
  return (
    <div className="queue-plan">
      {plans.map((plan) => (
        <section key={plan.openId} className="queue-plan__account" aria-labelledby={`plan-${plan.openId}`}>
          <h2 className="queue-plan__title" id={`plan-${plan.openId}`}>
            {name(plan.openId)}
          </h2>
          <div className="queue-plan__columns">
            <PlanList title={`Goes today (${plan.today.length.toLocaleString()})`} drafts={plan.today} when={(draft) => (draft.state === 'waiting' && draft.expectedAt !== null ? whenWords(draft.expectedAt) : draft.state === 'queued' || draft.state === 'waiting' ? 'next' : 'now')} />
            <PlanList title={`Waits (${plan.later.length.toLocaleString()})`} drafts={plan.later} when={(draft) => whenWords(draft.expectedAt!)} />
          </div>
          {plan.paused > 0 ? <p className="queue-plan__note">{plural(plan.paused, 'paused draft')}: they go once resumed.</p> : null}
          <MoveWaiting from={plan.openId} ids={plan.inboxWaiting} />
        </section>
      ))}
    </div>
  );
}

function PlanList({ title, drafts, when }: { title: string; drafts: readonly DraftView[]; when: (draft: DraftView) => string }) {
  return (
    <div className="queue-plan__list">
      <h3 className="queue-plan__subtitle">{title}</h3>
      {drafts.length === 0 ? (
        <p className="queue-plan__none">None</p>
      ) : (
        <ul aria-label={title}>
          {drafts.slice(0, SHOWN).map((draft) => (
            <li key={draft.id} className="queue-plan__item">
              <span className="queue-plan__name">{draft.fileName}</span>
              <span className="queue-plan__when">{when(draft)}</span>
            </li>
          ))}
          {drafts.length > SHOWN ? <li className="queue-plan__more">and {plural(drafts.length - SHOWN, 'more draft')}</li> : null}
        </ul>
      )}
    </div>
  );
}
