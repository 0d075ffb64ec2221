/**
 * What the queue shows: one account or all, one state or all (each with its count), grouped by
 * account or not; the list or the day plan, and clearing the finished drafts of what is shown
 * (beside the selection, so the filters keep to one row).
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { DraftState } from '../../api/contract';
import { Button } from '../../components/Button';
import { useDrafts } from '../../state/drafts';
import { clearFinished, setFilter, useDraftCounts, useQueueView } from '../../state/queue-view';
import { useAccountName } from './account-name';
import { DRAFT_STATES, stateCount, stateLabel } from './draft-words';

export function QueueFilters() {
  const id = useId();
  const intl = useIntl();
  const summary = useDrafts((state) => state.summary);
  const name = useAccountName();
  const { account, state, grouped } = useQueueView();
  const counts = useDraftCounts();
  const stateCounts = account === null ? summary : (counts.get(account) ?? { total: 0 });

  // One row above the list: the labels are for screen readers only, since each select's own text
  // ("All accounts (3)", "Waiting (2)") already says what it filters.
  return (
    <div className="queue-filters" role="group" aria-label={intl.formatMessage({ id: 'queue.filters.label' })}>
      <div className="queue-filters__field">
        <label className="visually-hidden" htmlFor={`${id}-account`}>
          {intl.formatMessage({ id: 'queue.filters.account' })}
        </label>
        <select id={`${id}-account`} className="select" value={account ?? ''} onChange={(event) => setFilter({ account: event.target.value || null })}>
          <option value="">{intl.formatMessage({ id: 'queue.filters.allAccounts' }, { count: summary.total })}</option>
          {[...counts.keys()].map((openId) => (
            <option key={openId} value={openId}>
              {intl.formatMessage({ id: 'queue.filters.option' }, { name: name(openId), count: counts.get(openId)!.total })}
            </option>
          ))}
        </select>
      </div>
      <div className="queue-filters__field">
        <label className="visually-hidden" htmlFor={`${id}-state`}>
          {intl.formatMessage({ id: 'queue.filters.state' })}
        </label>
        <select id={`${id}-state`} className="select select--narrow" value={state ?? ''} onChange={(event) => setFilter({ state: (event.target.value || null) as DraftState | null })}>
          <option value="">{intl.formatMessage({ id: 'queue.filters.allStates' })}</option>
          {DRAFT_STATES.map((candidate) => (
            <option key={candidate} value={candidate}>
              {intl.formatMessage({ id: 'queue.filters.option' }, { name: stateLabel(intl, candidate), count: stateCounts[candidate] ?? 0 })}
            </option>
          ))}
        </select>
      </div>
      <label className="queue-filters__check">
        <input type="checkbox" checked={grouped} onChange={(event) => setFilter({ grouped: event.target.checked })} />
        {intl.formatMessage({ id: 'queue.filters.group' })}
      </label>
    </div>
  );
}

/**
 * The list or the day plan: in the selection's row, beside clearing the finished, so the filters
 * keep to one row in an 800 px window (on a row of its own it cost the list its third row at 800×600).
 */
export function PlanToggle() {
  const intl = useIntl();
  const mode = useQueueView((state) => state.mode);
  return (
    <Button variant="ghost" className="queue-selection__plan" aria-pressed={mode === 'plan'} onClick={() => setFilter({ mode: mode === 'plan' ? 'list' : 'plan' })}>
      {intl.formatMessage({ id: mode === 'plan' ? 'queue.filters.list' : 'queue.filters.plan' })}
    </Button>
  );
}

/** Removes the finished drafts (in the inbox or posted) of the account shown, or of all. */
export function ClearFinished() {
  const intl = useIntl();
  const summary = useDrafts((state) => state.summary);
  const account = useQueueView((state) => state.account);
  const counts = useDraftCounts();
  const finished = account === null ? summary.inbox + summary.posted : (counts.get(account)?.inbox ?? 0) + (counts.get(account)?.posted ?? 0);
  return (
    <Button className="queue-selection__clear" unavailable={finished === 0} onClick={() => finished > 0 && void clearFinished(account)}>
      {intl.formatMessage({ id: 'queue.filters.clearFinished' }, { count: finished })}
    </Button>
  );
}

/** Counts per account and state, one line per account (with one account, the queue's summary says it all). */
export function AccountCounts() {
  const intl = useIntl();
  const name = useAccountName();
  const counts = useDraftCounts();
  if (counts.size < 2) return null;
  return (
    <ul className="account-counts" aria-label={intl.formatMessage({ id: 'queue.filters.countsPerAccount' })}>
      {[...counts].map(([openId, entry]) => {
        const parts = DRAFT_STATES.filter((candidate) => (entry[candidate] ?? 0) > 0).map((candidate) => stateCount(intl, candidate, entry[candidate] ?? 0));
        return (
          <li key={openId} className="account-counts__item">
            <span className="account-counts__name">{name(openId)}</span> {parts.join(' · ')}
          </li>
        );
      })}
    </ul>
  );
}
