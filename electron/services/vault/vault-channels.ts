/** The vault and platform-profile channels of the contract, answered by the accounts service (it owns both). */
import type { vaultChannels } from '../../core/contract/index.js';
import type { HandlersFor } from '../../core/dispatcher.js';
import type { AccountsService } from '../accounts/accounts-service.js';

export function vaultHandlers(accounts: AccountsService): HandlersFor<typeof vaultChannels> {
  return {
    'vault.status': () => accounts.vaultStatus(),
    'vault.allowPlaintext': ({ allow }) => accounts.allowPlaintext(allow),
    'profile.status': () => accounts.profileStatus(),
    'profile.setClientSecret': ({ secret }) => accounts.setClientSecret(secret),
  };
}
