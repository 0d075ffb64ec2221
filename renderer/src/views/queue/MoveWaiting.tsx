/**
 * "Send the drafts waiting for this account's inbox to another account", in one action: a choice
 * of the other accounts that can receive drafts and a button. Used in a waiting draft's details
 * and in the day plan.
 */
import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { accountLabel, canReceiveDrafts, useAccounts } from '../../state/accounts';
import { moveDrafts } from '../../state/queue-view';
import { plural } from '../../format';

export function MoveWaiting({ from, ids, onMoved }: { from: string; ids: readonly string[]; onMoved?: () => void }) {
  const id = useId();
  const accounts = useAccounts((state) => state.accounts);
  const others = (accounts ?? []).filter((account) => canReceiveDrafts(account) && account.openId !== from);
  const [target, setTarget] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const chosen = others.find((account) => account.openId === target) ?? others[0];
  const source = accounts?.find((account) => account.openId === from);
  if (ids.length === 0) return null;
  if (!chosen) return <p className="move-waiting__none">No other account can receive drafts: add one on the Accounts page to send these elsewhere.</p>;
  const what = `${plural(ids.length, 'waiting draft')} of ${source ? accountLabel(source) : from}`;
  return (
    <div className="move-waiting">
      <label className="move-waiting__label" htmlFor={id}>
        Send {what} to
      </label>
      <select id={id} className="select" value={chosen.openId} onChange={(event) => setTarget(event.target.value)}>
        {others.map((account) => (
          <option key={account.openId} value={account.openId}>
            {accountLabel(account)}
          </option>
        ))}
      </select>
      <Button
        variant="primary"
        busy={busy}
        aria-label={`Send ${what} to ${accountLabel(chosen)}`}
        onClick={async () => {
          setBusy(true);
          await moveDrafts(ids, chosen.openId);
          setBusy(false);
          onMoved?.();
        }}
      >
        Send
      </Button>
    </div>
  );
}
