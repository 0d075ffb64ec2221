import { useShallow } from 'zustand/react/shallow';
import type { Account } from '../../api/contract';
import { canReceiveDrafts, useAccounts } from '../../state/accounts';
import { useIntake } from '../../state/intake';

export interface UploadTarget {
  /** Accounts drafts can go to now. */
  eligible: Account[];
  /** The chosen one if it still can, else the first that can; null when none can. */
  openId: string | null;
  account: Account | null;
  /** Accounts are known (loaded). */
  known: boolean;
  /** Any account signed in at all, able to receive drafts or not. */
  anyAccount: boolean;
}

export function useUploadTarget(): UploadTarget {
  const accounts = useAccounts((state) => state.accounts);
  const chosen = useIntake((state) => state.chosenOpenId);
  const eligible = useAccounts(useShallow((state) => (state.accounts ?? []).filter(canReceiveDrafts)));
  const account = eligible.find((candidate) => candidate.openId === chosen) ?? eligible[0] ?? null;
  return { eligible, openId: account?.openId ?? null, account, known: accounts !== null, anyAccount: (accounts?.length ?? 0) > 0 };
}
