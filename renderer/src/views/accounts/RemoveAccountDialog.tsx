import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import type { Account } from '../../api/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { accountLabel, removeAccount, type RemovalResult } from '../../state/accounts';
import { useDrafts } from '../../state/drafts';

const FINISHED = new Set(['inbox', 'posted', 'failed', 'cancelled']);

interface RemoveAccountDialogProps {
  account: Account;
  onDone: (result: RemovalResult | null) => void;
}

/** Asks before removing: removal revokes the app's access on the platform, which cannot be undone here. */
export function RemoveAccountDialog({ account, onDone }: RemoveAccountDialogProps) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const label = accountLabel(account);
  const unfinished = useDrafts((state) => {
    let count = 0;
    for (const draft of state.byId.values()) if (draft.openId === account.openId && !FINISHED.has(draft.state)) count++;
    return count;
  });

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      onDone(await removeAccount(account));
    } catch (failure) {
      setError(failure as ApiError);
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog title={intl.formatMessage({ id: 'accounts.remove.title' }, { name: label })} confirmLabel={intl.formatMessage({ id: busy ? 'accounts.remove.removing' : 'accounts.remove.confirm' })} tone="danger" busy={busy} onConfirm={() => void confirm()} onCancel={() => onDone(null)}>
      <p>
        <FormattedMessage id="accounts.remove.body" values={{ name: label, strong: (chunks) => <strong>{chunks}</strong> }} />
      </p>
      {unfinished > 0 ? <p>{intl.formatMessage({ id: 'accounts.remove.unfinished' }, { count: unfinished })}</p> : null}
      {error ? <ErrorBanner title={intl.formatMessage({ id: 'accounts.remove.failed' })} error={error} /> : null}
    </ConfirmDialog>
  );
}
