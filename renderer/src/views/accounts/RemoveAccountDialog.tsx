import { useState } from 'react';
import type { ApiError } from '../../api/client';
import type { Account } from '../../api/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { accountLabel, removeAccount, type RemovalResult } from '../../state/accounts';
import { useDrafts } from '../../state/drafts';
import { plural } from '../../format';

const FINISHED = new Set(['inbox', 'posted', 'failed', 'cancelled']);

interface RemoveAccountDialogProps {
  account: Account;
  onDone: (result: RemovalResult | null) => void;
}

/** Asks before removing: removal revokes the app's access on the platform, which cannot be undone here. */
export function RemoveAccountDialog({ account, onDone }: RemoveAccountDialogProps) {
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
    <ConfirmDialog title={`Remove ${label}?`} confirmLabel={busy ? 'Removing…' : 'Remove account'} tone="danger" busy={busy} onConfirm={() => void confirm()} onCancel={() => onDone(null)}>
      <p>
        Draftdeck asks the platform to revoke its access to <strong>{label}</strong> and forgets the sign-in. Drafts already in its inbox stay there.
      </p>
      {unfinished > 0 ? <p>{plural(unfinished, 'unfinished draft')} for this account will stop and be marked failed.</p> : null}
      {error ? <ErrorBanner title="The account was not removed" error={error} /> : null}
    </ConfirmDialog>
  );
}
