/**
 * The vault and platform-profile channels of the contract. The accounts service answers them (it
 * holds the vault and the active profile); this port names only what the channels need.
 */
import type { ProfileStatus, VaultStatus, vaultChannels } from '../../core/contract/index.js';
import type { HandlersFor } from '../../core/dispatcher.js';

export interface VaultAndProfile {
  vaultStatus(): VaultStatus;
  allowPlaintext(allow: boolean): Promise<VaultStatus>;
  profileStatus(): ProfileStatus;
  setClientSecret(secret: string): Promise<{ stored: true }>;
}

export function vaultHandlers(source: VaultAndProfile): HandlersFor<typeof vaultChannels> {
  return {
    'vault.status': () => source.vaultStatus(),
    'vault.allowPlaintext': ({ allow }) => source.allowPlaintext(allow),
    'profile.status': () => source.profileStatus(),
    'profile.setClientSecret': ({ secret }) => source.setClientSecret(secret),
  };
}
