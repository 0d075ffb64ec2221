/**
 * Access tokens for calls on an account's behalf. A token is refreshed shortly before it expires
 * (by the profile's clock) and when the platform answers access_token_invalid — once per account
 * however many calls are waiting (one refresh in flight per account; the others await it). The
 * platform rotates the refresh token and kills the old one at once, so the new token set is in
 * the vault before anyone gets the new access token: a crash after the refresh cannot strand the
 * account with a dead refresh token. A refresh refused with invalid_grant means the person must
 * sign in again; the account says so, and callers get a `sign_in_again` error naming it.
 */
import { z } from 'zod';
import type { Logger } from '../../../common/log.js';
import { platformError, type ApiResult, type PlatformError } from '../../../platform-api/errors.js';
import { parseScopes, type TokenSet } from '../../../platform-api/oauth.js';
import type { PlatformRuntime } from '../auth/runtime.js';
import { accountLabel, signInAgainWords, type AccountStore, type SignInAgainReason } from './account-store.js';
import { words, type Words } from '../../core/contract/index.js';
import { sayWords } from '../main-words.js';

/** The vault as the token manager uses it (Vault implements it). */
export interface SecretStore {
  get(name: string): string | undefined;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

const StoredTokens = z.object({
  accessToken: z.string().min(1),
  accessExpiresAt: z.number(),
  accessLifetimeMs: z.number().positive(),
  refreshToken: z.string().min(1),
  refreshExpiresAt: z.number(),
  scope: z.string(),
});
export type StoredTokens = z.infer<typeof StoredTokens>;

export const tokenEntry = (profileKey: string, openId: string) => `tokens:${profileKey}:${openId}`;

/** Expiry times from expires_in, measured on the profile's clock at the moment the set arrived. */
export function storedTokens(set: TokenSet, now: number): StoredTokens {
  return {
    accessToken: set.access_token,
    accessExpiresAt: now + set.expires_in * 1000,
    accessLifetimeMs: set.expires_in * 1000,
    refreshToken: set.refresh_token,
    refreshExpiresAt: now + set.refresh_expires_in * 1000,
    scope: set.scope,
  };
}

/**
 * How long before expiry to refresh: 10 % of the lifetime, at least a minute and at most five
 * (a 24-hour token is refreshed in its last 5 minutes; a short-lived one with time to spare).
 */
export function refreshMarginMs(lifetimeMs: number): number {
  return Math.min(Math.max(lifetimeMs * 0.1, 60_000), 5 * 60_000, lifetimeMs / 2);
}

export function refreshDue(tokens: StoredTokens, now: number): boolean {
  return now >= tokens.accessExpiresAt - refreshMarginMs(tokens.accessLifetimeMs);
}

export interface TokenManagerDeps {
  vault: SecretStore;
  accounts: AccountStore;
  log: Logger;
}

export class TokenManager {
  private readonly refreshing = new Map<string, Promise<ApiResult<StoredTokens>>>();
  /** Accounts being removed: a refresh that finishes afterwards must not store their tokens again. */
  private readonly forgotten = new Set<string>();

  constructor(private readonly deps: TokenManagerDeps) {}

  /** Stores a fresh token set (sign-in). Resolves once it is in the vault. */
  async save(runtime: PlatformRuntime, set: TokenSet): Promise<StoredTokens> {
    this.forgotten.delete(tokenEntry(runtime.key, set.open_id)); // a new sign-in brings it back
    return this.store(runtime, set);
  }

  private async store(runtime: PlatformRuntime, set: TokenSet): Promise<StoredTokens> {
    const tokens = storedTokens(set, runtime.clock.now());
    await this.deps.vault.set(tokenEntry(runtime.key, set.open_id), JSON.stringify(tokens));
    return tokens;
  }

  /** A valid access token, refreshed first when it is about to expire. */
  async getAccessToken(runtime: PlatformRuntime, openId: string): Promise<ApiResult<string>> {
    const usable = this.usable(runtime, openId);
    if (!usable.ok) return usable;
    const tokens = usable.value;
    await runtime.syncClock?.();
    if (!refreshDue(tokens, runtime.clock.now())) return { ok: true, value: tokens.accessToken };
    const refreshed = await this.refresh(runtime, openId, tokens.accessToken);
    return refreshed.ok ? { ok: true, value: refreshed.value.accessToken } : refreshed;
  }

  /**
   * Runs `call` with a valid access token; when the platform answers access_token_invalid,
   * refreshes (once for all waiting calls) and runs it once more with the new token.
   */
  async withAccessToken<T>(runtime: PlatformRuntime, openId: string, call: (accessToken: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    const token = await this.getAccessToken(runtime, openId);
    if (!token.ok) return token;
    const first = await call(token.value);
    if (first.ok || first.error.code !== 'access_token_invalid') return first;
    const refreshed = await this.refresh(runtime, openId, token.value);
    if (!refreshed.ok) return refreshed;
    return call(refreshed.value.accessToken);
  }

  /**
   * Revokes the app's access (op 3, with a valid access token: the platform refuses an expired
   * one) and forgets the tokens whatever the answer. The result says whether the platform agreed.
   */
  async revokeAndForget(runtime: PlatformRuntime, openId: string): Promise<ApiResult<void>> {
    const key = tokenEntry(runtime.key, openId);
    // A refresh under way would rotate the tokens after we revoke and delete them: let it land first.
    await this.refreshing.get(key)?.catch(() => undefined);
    let result: ApiResult<void>;
    const token = this.load(runtime, openId) ? await this.getAccessToken(runtime, openId) : null;
    // From here on no refresh may store this account's tokens again.
    this.forgotten.add(key);
    if (token === null) result = { ok: false, error: platformError({ kind: 'auth', code: 'no_tokens', message: 'This computer holds no sign-in for the account, so there was nothing to revoke.' }) };
    else if (!token.ok) result = token;
    else result = await runtime.tokens.revoke(token.value);
    await this.deps.vault.delete(tokenEntry(runtime.key, openId));
    return result;
  }

  /**
   * The one refresh in flight for an account. `staleAccessToken` is the token the caller found
   * wanting: when the stored one differs, another caller has refreshed already and its result is
   * used instead of refreshing again (the old refresh token would be dead anyway).
   */
  private refresh(runtime: PlatformRuntime, openId: string, staleAccessToken: string): Promise<ApiResult<StoredTokens>> {
    const key = tokenEntry(runtime.key, openId);
    const inFlight = this.refreshing.get(key);
    if (inFlight) return inFlight;
    const run = this.runRefresh(runtime, openId, staleAccessToken).finally(() => this.refreshing.delete(key));
    this.refreshing.set(key, run);
    return run;
  }

  private async runRefresh(runtime: PlatformRuntime, openId: string, staleAccessToken: string): Promise<ApiResult<StoredTokens>> {
    const usable = this.usable(runtime, openId);
    if (!usable.ok) return usable;
    const current = usable.value;
    if (current.accessToken !== staleAccessToken && !refreshDue(current, runtime.clock.now())) return { ok: true, value: current };
    if (runtime.clock.now() >= current.refreshExpiresAt) return this.signInAgain(runtime, openId, 'expired');

    const answer = await runtime.tokens.refresh(current.refreshToken);
    if (!answer.ok) {
      if (answer.error.code === 'invalid_grant') {
        this.deps.log.warn({ openId, message: answer.error.message }, 'the platform refused the refresh token');
        return this.signInAgain(runtime, openId, 'refused');
      }
      this.deps.log.warn({ openId, kind: answer.error.kind, code: answer.error.code, logId: answer.error.logId }, 'token refresh failed');
      return answer;
    }
    if (answer.value.open_id !== openId) {
      return { ok: false, error: platformError({ kind: 'http', code: 'unexpected_response', message: 'The platform answered the refresh with another account’s tokens' }) };
    }
    if (this.forgotten.has(tokenEntry(runtime.key, openId))) {
      return { ok: false, error: authError('no_account', words('account.gone')) };
    }
    // Stored before anyone can use the new access token: the old refresh token is already dead.
    const next = await this.store(runtime, answer.value);
    const scopes = parseScopes(answer.value.scope);
    this.deps.accounts.patch(runtime.key, openId, { scopes });
    this.deps.log.info({ openId }, 'access token refreshed');
    return { ok: true, value: next };
  }

  /** The stored tokens, or why the account cannot be called on. */
  private usable(runtime: PlatformRuntime, openId: string): ApiResult<StoredTokens> {
    const account = this.deps.accounts.get(runtime.key, openId);
    if (!account) return { ok: false, error: authError('no_account', words('account.gone')) };
    if (account.signInAgain !== null) return { ok: false, error: signInAgainError(accountLabel(account), account.signInAgain) };
    const tokens = this.load(runtime, openId);
    if (!tokens) {
      // Tokens kept in memory only (no secure storage) do not survive a restart.
      const reason = 'memory_only';
      this.deps.accounts.patch(runtime.key, openId, { signInAgain: reason });
      return { ok: false, error: signInAgainError(accountLabel(account), reason) };
    }
    return { ok: true, value: tokens };
  }

  private load(runtime: PlatformRuntime, openId: string): StoredTokens | null {
    const raw = this.deps.vault.get(tokenEntry(runtime.key, openId));
    if (raw === undefined) return null;
    try {
      return StoredTokens.parse(JSON.parse(raw));
    } catch {
      return null;
    }
  }

  private async signInAgain(runtime: PlatformRuntime, openId: string, reason: SignInAgainReason): Promise<{ ok: false; error: PlatformError }> {
    const account = this.deps.accounts.get(runtime.key, openId);
    const label = account ? accountLabel(account) : openId;
    this.deps.log.warn({ openId }, 'sign-in no longer usable; the account must sign in again');
    // The dead refresh token is worth nothing; the account record stays so the UI can say why.
    await this.deps.vault.delete(tokenEntry(runtime.key, openId));
    this.deps.accounts.patch(runtime.key, openId, { signInAgain: reason });
    return { ok: false, error: signInAgainError(label, reason) };
  }
}

/** `reason` as stored on the account (account-store.ts SIGN_IN_AGAIN_REASONS, or an earlier version's sentence). */
export function signInAgainError(label: string, reason: string): PlatformError {
  return authError('sign_in_again', words('account.sign_in_again', { name: label, reason: signInAgainWords(reason) }));
}

/** An account the app cannot call on, in words (the window's) and in English (the message). */
function authError(code: string, said: Words): PlatformError {
  return platformError({ kind: 'auth', code, message: sayWords(said), words: said });
}
