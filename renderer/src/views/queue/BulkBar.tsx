/**
 * Selection and bulk actions: select every draft shown (or none), then pause, resume, cancel,
 * retry, remove or send to another account all of the selected at once. What could not be done,
 * draft by draft, is reported under it.
 */
import { useId, useState } from 'react';
import type { BulkAction } from '../../api/contract';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { accountLabel, canReceiveDrafts, useAccounts } from '../../state/accounts';
import { useDrafts } from '../../state/drafts';
import { dismissBulkReport, moveDrafts, runBulk, selectOnly, useQueueView } from '../../state/queue-view';
import { plural } from '../../format';

const ACTIONS: [BulkAction, string][] = [
  ['pause', 'Pause'],
  ['resume', 'Resume'],
  ['cancel', 'Cancel'],
  ['retry', 'Retry'],
  ['remove', 'Remove'],
];

export function BulkBar({ shown }: { shown: readonly string[] }) {
  const id = useId();
  const byId = useDrafts((state) => state.byId);
  const selectedAll = useQueueView((state) => state.selected);
  const accounts = useAccounts((state) => state.accounts);
  const [busy, setBusy] = useState(false);
  const [target, setTarget] = useState('');
  // Drafts removed meanwhile are no longer selected.
  const selected = [...selectedAll].filter((draftId) => byId.has(draftId));
  const allShown = shown.length > 0 && shown.every((draftId) => selectedAll.has(draftId));
  const eligible = (accounts ?? []).filter(canReceiveDrafts);
  const moveTo = eligible.find((account) => account.openId === target) ?? eligible[0];
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    await work();
    setBusy(false);
  };

  return (
    <div className="bulk-bar" role="group" aria-label="Selected drafts">
      <label className="queue-filters__check">
        <input
          type="checkbox"
          checked={allShown}
          ref={(element) => {
            if (element) element.indeterminate = !allShown && selected.length > 0;
          }}
          onChange={(event) => selectOnly(event.target.checked ? shown : [])}
        />
        Select all shown ({shown.length.toLocaleString()})
      </label>
      {selected.length > 0 ? (
        <>
          <span className="bulk-bar__count" aria-live="polite">
            {plural(selected.length, 'draft')} selected
          </span>
          {ACTIONS.map(([action, verb]) => (
            <Button key={action} busy={busy} onClick={() => void run(() => runBulk(action, selected))}>
              {verb} selected
            </Button>
          ))}
          {moveTo ? (
            <span className="bulk-bar__move">
              <label className="visually-hidden" htmlFor={`${id}-to`}>
                Account to send the selected drafts to
              </label>
              <select id={`${id}-to`} className="select" value={moveTo.openId} onChange={(event) => setTarget(event.target.value)}>
                {eligible.map((account) => (
                  <option key={account.openId} value={account.openId}>
                    {accountLabel(account)}
                  </option>
                ))}
              </select>
              <Button busy={busy} onClick={() => void run(() => moveDrafts(selected, moveTo.openId))}>
                Send selected to {accountLabel(moveTo)}
              </Button>
            </span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export function BulkReport() {
  const report = useQueueView((state) => state.bulkReport);
  if (!report) return null;
  const what = { pause: 'paused', resume: 'resumed', cancel: 'cancelled', retry: 'retried', remove: 'removed', move: 'moved', clear: 'cleared' }[report.action];
  return (
    <Notice tone="warning" title={report.error ? `Nothing was ${what}` : `${plural(report.refused.length, 'draft')} could not be ${what}`} onDismiss={dismissBulkReport} dismissLabel="Dismiss the report">
      {report.error ? (
        <p>{report.error}</p>
      ) : (
        <ul className="duplicate__list" aria-label={`Not ${what}`}>
          {report.refused.map((refusal) => (
            <li key={refusal.id}>
              <strong>{refusal.fileName}</strong>: {refusal.message}
            </li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
