/**
 * Selection and bulk actions: select every draft shown (or none), then pause, resume, cancel,
 * retry, remove or send to another account all of the selected at once. What could not be done,
 * draft by draft, is reported under it.
 */
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BulkAction } from '../../api/contract';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { TechnicalDetails } from '../../components/TechnicalDetails';
import { sayError } from '../../i18n/main-words';
import { accountLabel, canReceiveDrafts, useAccounts } from '../../state/accounts';
import { useDrafts } from '../../state/drafts';
import { dismissBulkReport, moveDrafts, runBulk, selectOnly, useQueueView } from '../../state/queue-view';

const ACTIONS: readonly BulkAction[] = ['pause', 'resume', 'cancel', 'retry', 'remove'];

export function BulkBar({ shown }: { shown: readonly string[] }) {
  const id = useId();
  const intl = useIntl();
  // Which drafts exist changes with the queue's shape, not with every progress figure.
  useDrafts((state) => state.shape);
  // While only the first page is here (for about a second at the start), "all" would be its drafts only.
  const wholeQueue = useDrafts((state) => state.firstPage === null);
  const byId = useDrafts.getState().byId;
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
    <div className="bulk-bar" role="group" aria-label={intl.formatMessage({ id: 'queue.bulk.label' })}>
      <label className="queue-filters__check">
        <input
          type="checkbox"
          checked={allShown}
          disabled={!wholeQueue}
          ref={(element) => {
            if (element) element.indeterminate = !allShown && selected.length > 0;
          }}
          onChange={(event) => selectOnly(event.target.checked ? shown : [])}
        />
        {intl.formatMessage({ id: 'queue.bulk.selectAll' }, { count: shown.length })}
      </label>
      {selected.length > 0 ? (
        <>
          <span className="bulk-bar__count" aria-live="polite">
            {intl.formatMessage({ id: 'queue.bulk.selected' }, { count: selected.length })}
          </span>
          {ACTIONS.map((action) => (
            <Button key={action} busy={busy} onClick={() => void run(() => runBulk(action, selected))}>
              {intl.formatMessage({ id: `queue.bulk.action.${action}` })}
            </Button>
          ))}
          {moveTo ? (
            <span className="bulk-bar__move">
              <label className="visually-hidden" htmlFor={`${id}-to`}>
                {intl.formatMessage({ id: 'queue.bulk.moveTo' })}
              </label>
              <select id={`${id}-to`} className="select" value={moveTo.openId} onChange={(event) => setTarget(event.target.value)}>
                {eligible.map((account) => (
                  <option key={account.openId} value={account.openId}>
                    {accountLabel(account)}
                  </option>
                ))}
              </select>
              <Button busy={busy} onClick={() => void run(() => moveDrafts(selected, moveTo.openId))}>
                {intl.formatMessage({ id: 'queue.bulk.send' }, { name: accountLabel(moveTo) })}
              </Button>
            </span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export function BulkReport() {
  const intl = useIntl();
  const report = useQueueView((state) => state.bulkReport);
  if (!report) return null;
  const title = report.error ? intl.formatMessage({ id: 'queue.bulkReport.nothing' }, { action: report.action }) : intl.formatMessage({ id: 'queue.bulkReport.refused' }, { action: report.action, count: report.refused.length });
  return (
    <Notice tone="warning" title={title} onDismiss={dismissBulkReport} dismissLabel={intl.formatMessage({ id: 'queue.bulkReport.dismiss' })}>
      {report.error ? (
        <>
          <p>{sayError(intl, report.error)}</p>
          <TechnicalDetails>{report.error.code}</TechnicalDetails>
        </>
      ) : (
        <ul className="duplicate__list" aria-label={intl.formatMessage({ id: 'queue.bulkReport.list' })}>
          {report.refused.map((refusal) => (
            <li key={refusal.id}>
              <FormattedMessage id="queue.bulkReport.item" values={{ name: refusal.fileName, reason: sayError(intl, refusal), strong: (chunks) => <strong>{chunks}</strong> }} />
            </li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
