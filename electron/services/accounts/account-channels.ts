/** The accounts and sign-in channels of the contract, on top of the accounts service. */
import { words, type accountsChannels, type Words } from '../../core/contract/index.js';
import type { HandlersFor } from '../../core/dispatcher.js';
import type { AccountsService } from './accounts-service.js';

export interface AccountChannelHooks {
  /** After an account is forgotten: what else must let go of it (its drafts stop). */
  removed(openId: string): void;
}

export function accountHandlers(accounts: AccountsService, hooks: AccountChannelHooks): HandlersFor<typeof accountsChannels> {
  return {
    'accounts.list': () => accounts.list(),
    'accounts.signIn.start': async () => {
      // Only what the contract names: the flow object also holds the listener and the verifier.
      const { flowId, authorizeUrl, openedExternally, expiresAt } = await accounts.startSignIn();
      return { flowId, authorizeUrl, openedExternally, expiresAt };
    },
    'accounts.signIn.cancel': ({ flowId }) => ({ cancelled: accounts.cancelSignIn(flowId) }),
    'accounts.remove': async ({ openId }) => {
      const result = await accounts.remove(openId);
      hooks.removed(openId);
      return result;
    },
  };
}

/** Whether drafts can go to an account now; the reason in words when not (for drafts.add). */
export function draftRefusal(accounts: Pick<AccountsService, 'account'>): (openId: string) => Words | null {
  return (openId) => {
    const account = accounts.account(openId);
    if (!account) return words('account.gone');
    if (account.status !== 'ok') return account.statusWords ?? words('account.cannot_receive');
    return null;
  };
}
