import type { IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { currentIntl } from '../../i18n/current';
import type { Account } from '../../api/contract';
import { accountLabel, canReceiveDrafts, useAccounts } from '../../state/accounts';
import { useSettings } from '../../state/settings';

export interface UploadTarget {
  /** Accounts drafts can go to now. */
  eligible: Account[];
  /** The chosen accounts that still can (settings `queue.sendTo`), else the first that can; empty when none can. */
  accounts: Account[];
  openIds: string[];
  /** The first of them (null when none can). */
  openId: string | null;
  account: Account | null;
  /** Accounts are known (loaded). */
  known: boolean;
  /** Any account signed in at all, able to receive drafts or not. */
  anyAccount: boolean;
}

export function useUploadTarget(): UploadTarget {
  const accounts = useAccounts((state) => state.accounts);
  const chosen = useSettings(useShallow((state) => state.settings?.queue.sendTo ?? []));
  const eligible = useAccounts(useShallow((state) => (state.accounts ?? []).filter(canReceiveDrafts)));
  const picked = eligible.filter((candidate) => chosen.includes(candidate.openId));
  const targets = picked.length > 0 ? picked : eligible.slice(0, 1);
  return {
    eligible,
    accounts: targets,
    openIds: targets.map((account) => account.openId),
    openId: targets[0]?.openId ?? null,
    account: targets[0] ?? null,
    known: accounts !== null,
    anyAccount: (accounts?.length ?? 0) > 0,
  };
}

/**
 * "Ava Makes", "Ava Makes and Ben Builds", "Ava Makes, Ben Builds, and Chen Cooks", as the window's
 * language lists them (a component passes its own intl; without one, the window's current one).
 */
export function targetWords(target: Pick<UploadTarget, 'accounts'>, intl: IntlShape = currentIntl()): string | null {
  const names = target.accounts.map(accountLabel);
  if (names.length === 0) return null;
  return intl.formatList(names, { type: 'conjunction' });
}
