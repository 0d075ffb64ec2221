import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { accountLabel, useAccounts } from '../../state/accounts';

/**
 * An account's name as the queue shows it; a draft of an account no longer in Draftdeck says so
 * in words rather than showing the platform's account id (issue 28: no Open ID in the window).
 */
export function useAccountName(): (openId: string) => string {
  const intl = useIntl();
  const accounts = useAccounts((state) => state.accounts);
  return useCallback(
    (openId: string) => {
      const account = accounts?.find((candidate) => candidate.openId === openId);
      return account ? accountLabel(account) : intl.formatMessage({ id: 'queue.account.unknown' });
    },
    [accounts, intl],
  );
}
