/**
 * The signed-in accounts and the "Add account" flow. The list is loaded once and then follows
 * `accounts.changed`. A sign-in is started here, opened in the browser, and ends with
 * `signIn.finished` (approved, declined, timed out, cancelled), which this store turns into an
 * outcome the Accounts view shows. No token ever reaches this window: accounts are display data.
 */
import { create } from 'zustand';
import { ApiError, on, onResync, openExternal } from '../api/client';
import type { Account, SignInFinished, Words } from '../api/contract';
import { onPlatformRunning } from './builtin-platform';
import { request } from './connection';
import { asApiError } from './settings';

/** The scope uploads need (the contract's missingScopes names it when it was not allowed). */
export const UPLOAD_SCOPE = 'video.upload';

export type SignInFlow =
  | { phase: 'idle' }
  | { phase: 'starting'; again: boolean }
  | { phase: 'waiting'; flowId: string; authorizeUrl: string; expiresAt: number; cancelling: boolean; again: boolean };

export type SignInOutcome =
  | { kind: 'signed_in'; account: Account; again: boolean }
  | { kind: 'declined' }
  | { kind: 'timeout' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: ApiError };

interface AccountsState {
  accounts: Account[] | null;
  loadError: ApiError | null;
  flow: SignInFlow;
  outcome: SignInOutcome | null;
}

export const useAccounts = create<AccountsState>()(() => ({ accounts: null, loadError: null, flow: { phase: 'idle' }, outcome: null }));

/** Accounts drafts can go to now: signed in, not waiting for a new sign-in, upload allowed. */
export function canReceiveDrafts(account: Account): boolean {
  return account.status === 'ok' && !account.missingScopes.includes(UPLOAD_SCOPE);
}

export function accountLabel(account: Pick<Account, 'displayName' | 'username' | 'openId'>): string {
  return account.displayName ?? (account.username ? `@${account.username}` : account.openId);
}

export async function loadAccounts(): Promise<void> {
  try {
    useAccounts.setState({ accounts: await request('accounts.list'), loadError: null });
  } catch (error) {
    useAccounts.setState({ loadError: asApiError(error) });
  }
}

// signIn.finished can overtake the answer to accounts.signIn.start on a fast machine.
const finishedEarly = new Map<string, SignInFinished>();

/** "Add account" and "Sign in again": the platform's page decides which account it is. */
export async function startSignIn(again = false): Promise<void> {
  if (useAccounts.getState().flow.phase !== 'idle') return;
  useAccounts.setState({ flow: { phase: 'starting', again }, outcome: null });
  let started;
  try {
    started = await request('accounts.signIn.start');
  } catch (error) {
    useAccounts.setState({ flow: { phase: 'idle' }, outcome: { kind: 'failed', error: asApiError(error) } });
    return;
  }
  const { flowId, authorizeUrl, expiresAt, openedExternally } = started;
  useAccounts.setState({ flow: { phase: 'waiting', flowId, authorizeUrl, expiresAt, cancelling: false, again } });
  const early = finishedEarly.get(flowId);
  if (early) return finish(early);
  if (!openedExternally) {
    // Web mode: a new tab. Still inside the click's user activation, so popup blockers allow it;
    // if one does not, the waiting panel links to the page.
    await openExternal(authorizeUrl).catch(() => undefined);
  }
}

export async function cancelSignIn(): Promise<void> {
  const { flow } = useAccounts.getState();
  if (flow.phase !== 'waiting' || flow.cancelling) return;
  useAccounts.setState({ flow: { ...flow, cancelling: true } });
  try {
    const { cancelled } = await request('accounts.signIn.cancel', { flowId: flow.flowId });
    // Not cancelled: it had already finished; signIn.finished says how.
    if (!cancelled) return;
  } catch (error) {
    const current = useAccounts.getState().flow;
    if (current.phase === 'waiting' && current.flowId === flow.flowId) useAccounts.setState({ flow: { ...current, cancelling: false }, outcome: { kind: 'failed', error: asApiError(error) } });
  }
}

function finish(event: SignInFinished): void {
  const { flow } = useAccounts.getState();
  if (flow.phase === 'starting') {
    finishedEarly.set(event.flowId, event);
    return;
  }
  if (flow.phase !== 'waiting' || flow.flowId !== event.flowId) return;
  finishedEarly.delete(event.flowId);
  useAccounts.setState({ flow: { phase: 'idle' }, outcome: outcomeOf(event, flow.again) });
  if (event.ok) void loadAccounts();
}

function outcomeOf(event: SignInFinished, again: boolean): SignInOutcome {
  if (event.ok) return { kind: 'signed_in', account: event.account, again };
  switch (event.error.code) {
    case 'access_denied':
      return { kind: 'declined' };
    case 'timeout':
      return { kind: 'timeout' };
    case 'cancelled':
      return { kind: 'cancelled' };
    default:
      return { kind: 'failed', error: new ApiError(event.error) };
  }
}

export function dismissOutcome(): void {
  useAccounts.setState({ outcome: null });
}

export interface RemovalResult {
  account: Account;
  revoked: boolean;
  /** Why access could not be revoked, as words the window says in its language. */
  message: Words | null;
}

/** Revokes the app's access on the platform, then forgets the account. Throws ApiError. */
export async function removeAccount(account: Account): Promise<RemovalResult> {
  try {
    const result = await request('accounts.remove', { openId: account.openId });
    useAccounts.setState((state) => ({ accounts: state.accounts?.filter((candidate) => candidate.openId !== account.openId) ?? null }));
    return { account, revoked: result.revoked, message: result.messageWords };
  } catch (error) {
    throw asApiError(error);
  }
}

let started = false;

/** Answers once the first load is over (loaded or refused). */
export function startAccounts(): Promise<void> {
  if (started) return Promise.resolve();
  started = true;
  on('accounts.changed', (accounts) => useAccounts.setState({ accounts, loadError: null }));
  on('signIn.finished', finish);
  onResync(() => void loadAccounts());
  // The accounts' names come from the platform: ask again once it runs.
  onPlatformRunning(() => void loadAccounts());
  return loadAccounts();
}
