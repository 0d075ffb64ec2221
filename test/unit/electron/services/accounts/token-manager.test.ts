import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../../../../../common/clock.js';
import { platformError } from '../../../../../platform-api/errors.js';
import { asText, words } from '../../../../../electron/core/contract/index.js';
import { sayWords } from '../../../../../electron/services/main-words.js';
import { AccountStore, toAccountView } from '../../../../../electron/services/accounts/account-store.js';
import { refreshDue, refreshMarginMs, storedTokens, tokenEntry, TokenManager, type StoredTokens } from '../../../../../electron/services/accounts/token-manager.js';
import { createMemoryStorage } from '../../../../../electron/services/storage.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import { fakeRuntime, FakeTokenEndpoint, RecordingSecretStore } from '../../../../support/auth-fakes.js';

const HOUR = 3600;

async function setup(options: { expiresIn?: number; scope?: string } = {}) {
  const clock = new OffsetClock(0, { now: () => 1_800_000_000_000 });
  const endpoint = new FakeTokenEndpoint(clock);
  if (options.expiresIn) endpoint.expiresIn = options.expiresIn;
  const runtime = fakeRuntime(endpoint, clock);
  const vault = new RecordingSecretStore();
  const accounts = new AccountStore(createMemoryStorage());
  const { log, lines } = memoryLogger();
  const manager = new TokenManager({ vault, accounts, log });
  const set = endpoint.issue('user-1', options.scope);
  await manager.save(runtime, set);
  accounts.put({ profileKey: runtime.key, openId: 'user-1', displayName: 'User One', username: null, scopes: set.scope.split(','), signInAgain: null, addedAt: clock.now() });
  const stored = () => JSON.parse(vault.get(tokenEntry(runtime.key, 'user-1')) ?? 'null') as StoredTokens | null;
  return { clock, endpoint, runtime, vault, accounts, manager, set, stored, lines };
}

describe('refresh timing (pure)', () => {
  it('computes expiry from expires_in on the given clock, never a fixed lifetime', () => {
    const t = storedTokens({ open_id: 'u', scope: '', access_token: 'a', expires_in: 1234, refresh_token: 'r', refresh_expires_in: 99, token_type: 'Bearer' }, 1_000_000);
    expect(t).toMatchObject({ accessExpiresAt: 1_000_000 + 1_234_000, refreshExpiresAt: 1_000_000 + 99_000, accessLifetimeMs: 1_234_000 });
  });

  it('refreshes a 24-hour token in its last 5 minutes, a short one with a proportionate margin', () => {
    expect(refreshMarginMs(86_400_000)).toBe(300_000);
    expect(refreshMarginMs(600_000)).toBe(60_000);
    expect(refreshMarginMs(60_000)).toBe(30_000);
    const t = storedTokens({ open_id: 'u', scope: '', access_token: 'a', expires_in: 86_400, refresh_token: 'r', refresh_expires_in: 99_999, token_type: 'Bearer' }, 0);
    expect(refreshDue(t, 86_400_000 - 301_000)).toBe(false);
    expect(refreshDue(t, 86_400_000 - 299_000)).toBe(true);
  });
});

describe('token manager', () => {
  it('answers the stored token while it is fresh, without refreshing', async () => {
    const { manager, runtime, endpoint, set, clock } = await setup();
    clock.advance(20 * HOUR);
    await expect(manager.getAccessToken(runtime, 'user-1')).resolves.toEqual({ ok: true, value: set.access_token });
    expect(endpoint.refreshCalls).toBe(0);
  });

  it('refreshes ahead of expiry: 100 concurrent calls on an expired token cause exactly one refresh', async () => {
    const { manager, runtime, endpoint, set, clock, stored } = await setup();
    clock.advance(25 * HOUR);
    const results = await Promise.all(Array.from({ length: 100 }, () => manager.withAccessToken(runtime, 'user-1', (token) => endpoint.call(token))));
    expect(endpoint.refreshCalls).toBe(1);
    expect(results.every((r) => r.ok)).toBe(true);
    const now = stored()!;
    expect(now.accessToken).not.toBe(set.access_token);
    expect(now.refreshToken).not.toBe(set.refresh_token);
  });

  it('refreshes once on access_token_invalid for 100 waiting calls, and retries each call once', async () => {
    const { manager, runtime, endpoint, set } = await setup();
    // The platform stopped accepting the token before its expiry time (e.g. a clock skew).
    endpoint.liveAccess.delete(set.access_token);
    let calls = 0;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        // Staggered, so some calls fail after the refresh has already finished.
        new Promise((resolve) => setTimeout(resolve, i % 10 === 0 ? 40 : 0)).then(() =>
          manager.withAccessToken(runtime, 'user-1', (token) => {
            calls++;
            return endpoint.call(token);
          }),
        ),
      ),
    );
    expect(endpoint.refreshCalls).toBe(1);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(calls).toBeLessThanOrEqual(200);
  });

  it('stores the rotated refresh token before anyone uses the new access token', async () => {
    const { manager, runtime, endpoint, vault, clock, set } = await setup();
    clock.advance(25 * HOUR);
    const seen: Array<{ token: string; vaultHadIt: boolean }> = [];
    await manager.withAccessToken(runtime, 'user-1', async (token) => {
      const entry = JSON.parse(vault.get(tokenEntry(runtime.key, 'user-1'))!) as StoredTokens;
      seen.push({ token, vaultHadIt: entry.accessToken === token && entry.refreshToken === endpoint.liveRefresh.get('user-1') });
      return endpoint.call(token);
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.token).not.toBe(set.access_token);
    expect(seen[0]!.vaultHadIt).toBe(true);
    // The old refresh token is dead on the platform, so only the stored new one can refresh next time.
    expect(endpoint.liveRefresh.get('user-1')).not.toBe(set.refresh_token);
    expect(vault.writes.filter((w) => w.op === 'set')).toHaveLength(2);
  });

  it('marks the account "sign in again" when the refresh is refused with invalid_grant, and stops calling the platform', async () => {
    const { manager, runtime, endpoint, accounts, clock, stored } = await setup();
    endpoint.liveRefresh.clear(); // e.g. revoked on the platform's side
    clock.advance(25 * HOUR);
    const calls = await Promise.all(Array.from({ length: 10 }, () => manager.withAccessToken(runtime, 'user-1', (token) => endpoint.call(token))));
    expect(endpoint.refreshCalls).toBe(1);
    for (const result of calls) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error).toMatchObject({ kind: 'auth', code: 'sign_in_again' });
        expect(result.error.message).toBe('Sign in to User One again: the platform no longer accepts this sign-in');
        // The window's words: the account's name and why, worded in its language.
        expect(result.error.words).toEqual(words('account.sign_in_again', { name: 'User One', reason: words('account.reason.refused') }));
      }
    }
    const view = toAccountView(accounts.get(runtime.key, 'user-1')!);
    expect(view).toMatchObject({ status: 'sign_in_again', statusReason: 'Sign in again: the platform no longer accepts this sign-in' });
    expect(sayWords(view.statusWords!, 'pt-BR')).toBe('Entre de novo: a plataforma não aceita mais este login');
    expect(stored()).toBeNull();
    await manager.getAccessToken(runtime, 'user-1');
    expect(endpoint.refreshCalls).toBe(1);
  });

  it('keeps the account and retries later when a refresh fails for a transient reason', async () => {
    const { manager, runtime, endpoint, accounts, clock } = await setup();
    clock.advance(25 * HOUR);
    endpoint.failNextRefresh = { ok: false, error: platformError({ kind: 'network', code: 'network_error', message: 'Could not reach x (ECONNRESET)' }) };
    const first = await manager.getAccessToken(runtime, 'user-1');
    expect(first).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(accounts.get(runtime.key, 'user-1')!.signInAgain).toBeNull();
    await expect(manager.getAccessToken(runtime, 'user-1')).resolves.toMatchObject({ ok: true });
    expect(endpoint.refreshCalls).toBe(2);
  });

  it('asks for a new sign-in without calling the platform once the refresh token itself has expired', async () => {
    const { manager, runtime, endpoint, clock } = await setup();
    clock.advance(366 * 24 * HOUR);
    await expect(manager.getAccessToken(runtime, 'user-1')).resolves.toMatchObject({ ok: false, error: { code: 'sign_in_again' } });
    expect(endpoint.refreshCalls).toBe(0);
  });

  it('says "sign in again" for an account whose tokens this machine no longer holds, and "no_account" for a stranger', async () => {
    const { manager, runtime, vault, accounts } = await setup();
    await vault.delete(tokenEntry(runtime.key, 'user-1'));
    await expect(manager.getAccessToken(runtime, 'user-1')).resolves.toMatchObject({ ok: false, error: { code: 'sign_in_again' } });
    expect(accounts.get(runtime.key, 'user-1')!.signInAgain).toBe('memory_only');
    expect(toAccountView(accounts.get(runtime.key, 'user-1')!).statusReason).toMatch(/kept in memory only/);
    // A stranger is not named by its Open ID (issue 28, point 6).
    await expect(manager.getAccessToken(runtime, 'someone')).resolves.toMatchObject({ ok: false, error: { kind: 'auth', code: 'no_account', message: 'This account is no longer signed in to Draftdeck', words: words('account.gone') } });
  });

  it('passes any other failure of the call through untouched, without refreshing', async () => {
    const { manager, runtime, endpoint } = await setup();
    const refusal = { ok: false as const, error: platformError({ kind: 'platform', httpStatus: 429, code: 'rate_limit_exceeded', message: 'slow down' }) };
    await expect(manager.withAccessToken(runtime, 'user-1', async () => refusal)).resolves.toBe(refusal);
    expect(endpoint.refreshCalls).toBe(0);
  });

  it('revokes with a valid access token (refreshing an expired one first) and forgets the tokens', async () => {
    const { manager, runtime, endpoint, clock, stored } = await setup();
    clock.advance(25 * HOUR);
    await expect(manager.revokeAndForget(runtime, 'user-1')).resolves.toEqual({ ok: true, value: undefined });
    expect(endpoint.refreshCalls).toBe(1);
    expect(endpoint.liveAccess.size).toBe(1); // only the pre-refresh token, which the fake never expires
    expect(stored()).toBeNull();
  });

  it('never stores tokens again for an account removed while a refresh was under way', async () => {
    const { manager, runtime, endpoint, stored } = await setup();
    // A refresh (forced by access_token_invalid) that answers only after the removal has begun.
    const refresh = endpoint.refresh.bind(endpoint);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    endpoint.refresh = async (token: string) => {
      await gate;
      return refresh(token);
    };
    let calls = 0;
    const upload = manager.withAccessToken(runtime, 'user-1', async () =>
      ++calls === 1 ? { ok: false as const, error: platformError({ kind: 'platform', code: 'access_token_invalid', message: 'expired' }) } : { ok: true as const, value: 'sent' },
    );
    await new Promise((resolve) => setTimeout(resolve, 0)); // the refresh is now waiting on the gate
    const removal = manager.revokeAndForget(runtime, 'user-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await Promise.all([upload, removal]);
    expect(stored()).toBeNull();
  });

  it('never logs a token', async () => {
    const { manager, runtime, endpoint, clock, lines, set, stored } = await setup();
    clock.advance(25 * HOUR);
    await manager.withAccessToken(runtime, 'user-1', (token) => endpoint.call(token));
    const text = lines.join('');
    expect(text).toMatch(/access token refreshed/);
    for (const secret of [set.access_token, set.refresh_token, stored()!.accessToken, stored()!.refreshToken]) expect(text).not.toContain(secret.slice(4));
  });
});

describe('account view', () => {
  it('shows missing upload scopes up front, and sign-in-again above everything', async () => {
    const { accounts, runtime } = await setup({ scope: 'user.info.basic,video.list' });
    const view = toAccountView(accounts.get(runtime.key, 'user-1')!);
    // Said without the scope's name (issue 28, point 6): the person never chose it by name.
    expect(view).toMatchObject({ status: 'missing_scopes', missingScopes: ['video.upload'], statusReason: 'User One did not allow Draftdeck to send drafts to it. Sign in again and allow it.' });
    expect(view.statusReason).not.toContain('video.upload');
    accounts.patch(runtime.key, 'user-1', { signInAgain: 'expired' });
    expect(toAccountView(accounts.get(runtime.key, 'user-1')!)).toMatchObject({ status: 'sign_in_again', statusReason: 'Sign in again: the sign-in has expired', missingScopes: ['video.upload'] });
    // A reason an earlier version stored as a sentence is said as it is.
    accounts.patch(runtime.key, 'user-1', { signInAgain: 'Refused' });
    expect(toAccountView(accounts.get(runtime.key, 'user-1')!)).toMatchObject({ status: 'sign_in_again', statusReason: 'Sign in again: Refused', statusWords: words('account.status.sign_in_again', { reason: asText('Refused') }) });
  });

  it('keeps accounts of different profiles apart', () => {
    const accounts = new AccountStore(createMemoryStorage());
    const base = { displayName: null, username: null, scopes: [], signInAgain: null, addedAt: 1 };
    accounts.put({ ...base, profileKey: 'sandbox', openId: 'a' });
    accounts.put({ ...base, profileKey: 'custom-x', openId: 'a' });
    accounts.remove('sandbox', 'a');
    expect(accounts.list('sandbox')).toEqual([]);
    expect(accounts.list('custom-x')).toHaveLength(1);
  });
});
