/**
 * The day plan: per account, what goes today (sending now, queued, or waiting for inbox space that
 * frees before midnight) and what waits past today (each with when it will most likely go), with
 * the way out for the waiting ones: send them to another account.
 */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { DraftView } from '../../api/contract';
import { useDrafts } from '../../state/drafts';
import { useAccountName } from './account-name';
import { planByAccount } from './day-plan';
import { MoveWaiting } from './MoveWaiting';
import { whenWords } from './when-words';

const SHOWN = 50;

export function QueuePlan() {
  const order = useDrafts((state) => state.order);
  const byId = useDrafts((state) => state.byId);
  const intl = useIntl();
  const name = useAccountName();
  const plans = useMemo(() => planByAccount(order, byId, Date.now()), [order, byId]);
  if (plans.length === 0) return <p className="queue-plan__empty">{intl.formatMessage({ id: 'queue.plan.empty' })}</p>;
  const soon = (draft: DraftView) => {
    if (draft.state === 'waiting' && draft.expectedAt !== null) return whenWords(intl, draft.expectedAt);
    return intl.formatMessage({ id: draft.state === 'queued' || draft.state === 'waiting' ? 'queue.plan.next' : 'queue.plan.now' });
  };
  return (
    <div className="queue-plan">
      {plans.map((plan) => (
        <section key={plan.openId} className="queue-plan__account" aria-labelledby={`plan-${plan.openId}`}>
          <h2 className="queue-plan__title" id={`plan-${plan.openId}`}>
            {name(plan.openId)}
          </h2>
          <div className="queue-plan__columns">
            <PlanList title={intl.formatMessage({ id: 'queue.plan.today' }, { count: plan.today.length })} drafts={plan.today} when={soon} />
            <PlanList title={intl.formatMessage({ id: 'queue.plan.later' }, { count: plan.later.length })} drafts={plan.later} when={(draft) => whenWords(intl, draft.expectedAt!)} />
          </div>
          {plan.paused > 0 ? <p className="queue-plan__note">{intl.formatMessage({ id: 'queue.plan.paused' }, { count: plan.paused })}</p> : null}
          <MoveWaiting from={plan.openId} ids={plan.inboxWaiting} />
        </section>
      ))}
    </div>
  );
}

function PlanList({ title, drafts, when }: { title: string; drafts: readonly DraftView[]; when: (draft: DraftView) => string }) {
  const intl = useIntl();
  return (
    <div className="queue-plan__list">
      <h3 className="queue-plan__subtitle">{title}</h3>
      {drafts.length === 0 ? (
        <p className="queue-plan__none">{intl.formatMessage({ id: 'queue.plan.none' })}</p>
      ) : (
        <ul aria-label={title}>
          {drafts.slice(0, SHOWN).map((draft) => (
            <li key={draft.id} className="queue-plan__item">
              <span className="queue-plan__name">{draft.fileName}</span>
              <span className="queue-plan__when">{when(draft)}</span>
            </li>
          ))}
          {drafts.length > SHOWN ? <li className="queue-plan__more">{intl.formatMessage({ id: 'queue.plan.more' }, { count: drafts.length - SHOWN })}</li> : null}
        </ul>
      )}
    </div>
  );
}
