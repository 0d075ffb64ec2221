/**
 * Where sign-ins are kept (vault.status) and whether the active platform profile has the client
 * secret it needs (profile.status). Both are read when a view that shows them opens, and again
 * after the person changes them or the settings change (another profile has another secret).
 * The secret itself only ever goes one way: typed here, stored by the main process, never read back.
 */
import { create } from 'zustand';
import type { ApiError } from '../api/client';
import type { ProfileStatus, VaultStatus } from '../api/contract';
import { onPlatformRunning } from './builtin-platform';
import { request } from './connection';
import { asApiError, useSettings } from './settings';

interface SecretsState {
  vault: VaultStatus | null;
  profile: ProfileStatus | null;
  loadError: ApiError | null;
}

export const useSecrets = create<SecretsState>()(() => ({ vault: null, profile: null, loadError: null }));

export async function loadSecrets(): Promise<void> {
  try {
    const [vault, profile] = await Promise.all([request('vault.status'), request('profile.status')]);
    useSecrets.setState({ vault, profile, loadError: null });
  } catch (error) {
    useSecrets.setState({ loadError: asApiError(error) });
  }
}

/** The person's choice to store sign-ins where only a weak secret store exists. Throws ApiError. */
export async function allowPlaintext(allow: boolean): Promise<void> {
  try {
    useSecrets.setState({ vault: await request('vault.allowPlaintext', { allow }) });
  } catch (error) {
    throw asApiError(error);
  }
}

/** Stores the active custom profile's client secret. Throws ApiError. */
export async function setClientSecret(secret: string): Promise<void> {
  try {
    await request('profile.setClientSecret', { secret });
    useSecrets.setState({ profile: await request('profile.status') });
  } catch (error) {
    throw asApiError(error);
  }
}

let following = false;

/** Re-reads the profile's status when the profile changes (the secret belongs to a profile). */
export function followProfileChanges(): void {
  if (following) return;
  following = true;
  // The built-in profile's problem (it did not start) clears once it runs.
  onPlatformRunning(() => void loadSecrets());
  const key = (settings: ReturnType<typeof useSettings.getState>['settings']) => (settings ? JSON.stringify(settings.profile) : null);
  let profile = key(useSettings.getState().settings);
  useSettings.subscribe(({ settings }) => {
    const next = key(settings);
    if (next === null || next === profile) return;
    const first = profile === null;
    profile = next;
    if (!first) void loadSecrets();
  });
}
