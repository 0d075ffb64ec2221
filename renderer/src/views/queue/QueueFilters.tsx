/**
 * What the queue shows: one account or all, one state or all (each with its count), grouped by
 * account or not, the list or the day plan; and clearing the finished drafts of what is shown
 * (beside the selection, so the filters keep to one row).
 */
import { useId, useMemo } from 'react';
import type { DraftState } from '../../api/contract';
import { Button } from '../../components/Button';
import { accountLabel, useAccounts } from '../../state/accounts';
import { useDrafts } from '../../state/drafts';
import { clearFinished, countByAccount, setFilter, useQueueView } from '../../state/queue-view';
import { STATE_LABELS } from './draft-words';

const STATES = Object.keys(STATE_LABELS) as DraftState[];

export function QueueFilters() {
  const id = useId();
  const byId = useDrafts((state) => state.byId);
  const summary = useDrafts((state) => state.summary);
  const accounts = useAccounts((state) => state.accounts);
  const { account, state, grouped, mode } = useQueueView();
  const counts = useMemo(() => countByAccount(byId), [byId]);
  const name = (openId: string) => {
    const found = accounts?.find((candidate) => candidate.openId === openId);
    return found ? accountLabel(found) : openId;
  };
  const stateCounts = account === null ? summary : (counts.get(account) ?? { total: 0 });

  // One row above the list: the labels are for screen readers only, since each select's own text
  // ("All accounts (3)", "Waiting (2)") already says what it filters.
  return (
    <div className="queue-filters" role="group" aria-label="Show">
      <div className="queue-filters__field">
        <label className="visually-hidden" htmlFor={`${id}-account`}>
          Account
        </label>
        <select id={`${id}-account`} className="select" value={account ?? ''} onChange={(event) => setFilter({ account: event.target.value || null })}>
          <option value="">All accounts ({summary.total.toLocaleString()})</option>
          {[...counts.keys()].map((openId) => (
            <option key={openId} value={openId}>
              {name(openId)} ({counts.get(openId)!.total.toLocaleString()})
            </option>
          ))}
        </select>
      </div>
      <div className="queue-filters__field">
        <label className="visually-hidden" htmlFor={`${id}-state`}>
          State
        </label>
        <select id={`${id}-state`} className="select select--narrow" value={state ?? ''} onChange={(event) => setFilter({ state: (event.target.value || null) as DraftState | null })}>
          <option value="">All states</option>
          {STATES.map((candidate) => (
            <option key={candidate} value={candidate}>
              {STATE_LABELS[candidate]} ({(stateCounts[candidate] ?? 0).toLocaleString()})
            </option>
          ))}
        </select>
      </div>
      <label className="queue-filters__check">
        <input type="checkbox" checked={grouped} onChange={(event) => setFilter({ grouped: event.target.checked })} />
        Group by account
      </label>
      <div className="queue-filters__actions">
        <Button variant="ghost" aria-pressed={mode === 'plan'} onClick={() => setFilter({ mode: mode === 'plan' ? 'list' : 'plan' })}>
          {mode === 'plan' ? 'Show the list' : 'Today’s plan'}
        </Button>
      </div>
    </div>
  );
}

/** Removes the finished drafts (in the inbox or posted) of the account shown, or of all. */
export function ClearFinished() {
  const byId = useDrafts((state) => state.byId);
  const summary = useDrafts((state) => state.summary);
  const account = useQueueView((state) => state.account);
  const counts = useMemo(() => countByAccount(byId), [byId]);
  const finished = account === null ? summary.inbox + summary.posted : (counts.get(account)?.inbox ?? 0) + (counts.get(account)?.posted ?? 0);
  return (
    <Button className="queue-selection__clear" unavailable={finished === 0} onClick={() => finished > 0 && void clearFinished(account)}>
      Clear finished ({finished.toLocaleString()})
    </Button>
  );
}

/** Counts per account and state, one line per account (with one account, the queue's summary says it all). */
export function AccountCounts() {
  const byId = useDrafts((state) => state.byId);
  const accounts = useAccounts((state) => state.accounts);
  const counts = useMemo(() => countByAccount(byId), [byId]);
  if (counts.size < 2) return null;
  return (
    <ul className="account-counts" aria-label="Counts per account">
      {[...counts].map(([openId, entry]) => {
        const found = accounts?.find((candidate) => candidate.openId === openId);
        const parts = STATES.filter((candidate) => (entry[candidate] ?? 0) > 0).map((candidate) => `${(entry[candidate] ?? 0).toLocaleString()} ${STATE_LABELS[candidate].toLowerCase()}`);
        return (
          <li key={openId} className="account-counts__item">
            <span className="account-counts__name">{found ? accountLabel(found) : openId}</span> {parts.join(' · ')}
          </li>
        );
      })}
    </ul>
  );
}
