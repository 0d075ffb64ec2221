/**
 * "Send the drafts waiting for this account's inbox to another account", in one action: a choice
 * of the other accounts that can take them now (drafts.moveTargets: a free inbox place, none of
 * their content already there; the others are named with why not) and a button. Used in a
 * waiting draft's details and in the day plan.
 */
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MoveTarget } from '../../api/contract';
import { Button } from '../../components/Button';
import { accountLabel, canReceiveDrafts, useAccounts } from '../../state/accounts';
import { request } from '../../state/connection';
import { moveDrafts } from '../../state/queue-view';
import { useAccountName } from './account-name';

export function MoveWaiting({ from, ids, onMoved }: { from: string; ids: readonly string[]; onMoved?: () => void }) {
  const id = useId();
  const intl = useIntl();
  const accounts = useAccounts((state) => state.accounts);
  const others = (accounts ?? []).filter((account) => canReceiveDrafts(account) && account.openId !== from);
  const targets = useMoveTargets(ids, others.map((account) => account.openId));
  const [target, setTarget] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const accountName = useAccountName();
  if (ids.length === 0) return null;
  if (others.length === 0) return <p className="move-waiting__none">{intl.formatMessage({ id: 'queue.moveWaiting.noOther' })}</p>;
  // Until the main process has said which can take them, nothing is offered (an offer it then refuses is the trap).
  if (!targets) return null;
  const open = others.filter((account) => targets.get(account.openId)?.full === false && targets.get(account.openId)?.duplicates === 0);
  const chosen = open.find((account) => account.openId === target) ?? open[0];
  if (!chosen) {
    const why = intl.formatList(
      others.map((account) => intl.formatMessage({ id: targets.get(account.openId)?.full ? 'queue.moveWaiting.full' : 'queue.moveWaiting.duplicates' }, { name: accountLabel(account) })),
      { type: 'conjunction' },
    );
    return <p className="move-waiting__none">{intl.formatMessage({ id: 'queue.moveWaiting.noneNow' }, { why })}</p>;
  }
  const what = { count: ids.length, account: accountName(from) };
  return (
    <div className="move-waiting">
      <label className="move-waiting__label" htmlFor={id}>
        {intl.formatMessage({ id: 'queue.moveWaiting.label' }, what)}
      </label>
      <select id={id} className="select" value={chosen.openId} onChange={(event) => setTarget(event.target.value)}>
        {open.map((account) => (
          <option key={account.openId} value={account.openId}>
            {accountLabel(account)}
          </option>
        ))}
      </select>
      <Button
        variant="primary"
        busy={busy}
        aria-label={intl.formatMessage({ id: 'queue.moveWaiting.sendTo' }, { ...what, target: accountLabel(chosen) })}
        onClick={async () => {
          setBusy(true);
          await moveDrafts(ids, chosen.openId);
          setBusy(false);
          onMoved?.();
        }}
      >
        {intl.formatMessage({ id: 'queue.moveWaiting.send' })}
      </Button>
    </div>
  );
}

/** Which accounts could take these drafts now, asked again whenever the drafts or the accounts change; null until answered. */
function useMoveTargets(ids: readonly string[], openIds: readonly string[]): ReadonlyMap<string, MoveTarget> | null {
  const [answer, setAnswer] = useState<{ key: string; targets: ReadonlyMap<string, MoveTarget> } | null>(null);
  const key = `${ids.join(',')}|${openIds.join(',')}`;
  useEffect(() => {
    if (ids.length === 0 || openIds.length === 0) return;
    let current = true;
    request('drafts.moveTargets', { ids: [...ids], openIds: [...openIds] }).then(
      (targets) => current && setAnswer({ key, targets: new Map(targets.map((t) => [t.openId, t])) }),
      // Unanswered: offer every account, as before; a move it then refuses is reported.
      () => current && setAnswer({ key, targets: new Map(openIds.map((openId) => [openId, { openId, full: false, duplicates: 0 }])) }),
    );
    return () => {
      current = false;
    };
    // The key names the drafts and accounts: asked again only when they change.
  }, [key]);
  return answer?.key === key ? answer.targets : null;
}
