/**
 * The life of a sign-in against the real sandbox: expiry on the sandbox's virtual clock,
 * refresh with rotation, one refresh for a hundred waiting calls, refusal, revoke, restart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../../../platform-api/http.js';
import { refreshUserToken } from '../../../../../platform-api/oauth.js';
import { SANDBOX_CLIENT_KEY } from '../../../../../electron/services/builtin-platform/builtin-platform.js';
import { Vault } from '../../../../../electron/services/vault/vault.js';
import { openKeyFileCipher } from '../../../../../electron/services/vault/key-file-cipher.js';
import { parseSandboxConfig, startSandbox } from '../../../../../sandbox/index.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import { advanceSandboxClock, appsOf, probe, signIn, startHarness, type Harness } from '../../../../support/auth-harness.js';

const DAY = 86_400;
const open: Harness[] = [];
async function harness(options: Parameters<typeof startHarness>[0] = {}) {
  const h = await startHarness(options);
  open.push(h);
  return h;
}
afterEach(async () => {
  for (const h of open.splice(0).reverse()) await h.close();
});

/** Calls the test makes as someone else (another device), outside the app's counted client. */
const elsewhere = createHttpClient();
const client = (h: Harness) => ({ baseUrl: h.sandbox.baseUrl, clientKey: SANDBOX_CLIENT_KEY, clientSecret: h.sandbox.config.apps[0]!.client_secret });

describe('tokens against the sandbox', () => {
  it('refreshes before expiry on the sandbox clock; the refresh rotates and the old refresh token dies at once', async () => {
    const h = await harness();
    await signIn(h, { openId: 'sbx-user-ava' });
    const first = h.tokensOf('sbx-user-ava')!;
    const call = probe(h);

    // 23 h 57 min later the token still works, but is inside the refresh margin (5 minutes).
    await advanceSandboxClock(h.sandbox, DAY - 180);
    const result = await h.accounts.withAccessToken('sbx-user-ava', call);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_publish_id' } }); // i.e. authenticated
    expect(h.refreshes()).toBe(1);
    const second = h.tokensOf('sbx-user-ava')!;
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    // Measured from expires_in on the sandbox's clock (which is ~24 h ahead of the wall clock now).
    expect(second.accessExpiresAt).toBeGreaterThan(h.sandbox.clock.now() + DAY * 1000 - 5_000);

    // Rotation: the old refresh token is refused now, the stored new one is the only way forward.
    await expect(refreshUserToken(elsewhere, client(h), first.refreshToken)).resolves.toMatchObject({ ok: false, error: { code: 'invalid_grant' } });
    // Past the first token's lifetime the platform refuses it; the app's current one works.
    await advanceSandboxClock(h.sandbox, 600);
    await expect(call(first.accessToken)).resolves.toMatchObject({ ok: false, error: { code: 'access_token_invalid' } });
    await expect(call(second.accessToken)).resolves.toMatchObject({ ok: false, error: { code: 'invalid_publish_id' } });
    expect(h.refreshes()).toBe(1);
  });

  it('100 concurrent calls on an expired token cause exactly one refresh (expiry seen on the clock)', async () => {
    const h = await harness();
    await signIn(h, { openId: 'sbx-user-ava' });
    await advanceSandboxClock(h.sandbox, DAY + 60);
    const results = await Promise.all(Array.from({ length: 100 }, () => h.accounts.withAccessToken('sbx-user-ava', probe(h))));
    expect(h.refreshes()).toBe(1);
    for (const result of results) expect(result).toMatchObject({ ok: false, error: { code: 'invalid_publish_id' } });
  });

  it('100 concurrent calls refused with access_token_invalid cause exactly one refresh, and each call is retried once', async () => {
    // The app's clock does not see the expiry coming: only the platform's answers tell it.
    const h = await harness({ separateClock: true });
    await signIn(h, { openId: 'sbx-user-ben' });
    await advanceSandboxClock(h.sandbox, DAY + 60);
    const call = probe(h);
    let attempts = 0;
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        h.accounts.withAccessToken('sbx-user-ben', (token) => {
          attempts++;
          return call(token);
        }),
      ),
    );
    expect(h.refreshes()).toBe(1);
    expect(attempts).toBe(200);
    for (const result of results) expect(result).toMatchObject({ ok: false, error: { code: 'invalid_publish_id' } });
  });

  it('a refresh refused with invalid_grant marks the account "sign in again" and pauses its work with that reason', async () => {
    const h = await harness();
    await signIn(h, { openId: 'sbx-user-chen' });
    // Someone else uses the refresh token first (another device with a copy): the app's copy dies.
    await expect(refreshUserToken(elsewhere, client(h), h.tokensOf('sbx-user-chen')!.refreshToken)).resolves.toMatchObject({ ok: true });
    await advanceSandboxClock(h.sandbox, DAY + 60);

    const tokens = h.accounts.tokenSource();
    const failure = await tokens.withAccessToken('sbx-user-chen', probe(h));
    expect(failure.ok).toBe(false);
    expect(failure.ok ? null : failure.error).toMatchObject({ kind: 'auth', code: 'sign_in_again', message: 'Sign in to Chen Cooks again: the platform no longer accepts this sign-in' });
    expect(h.refreshes()).toBe(1);
    const [account] = h.accounts.list();
    expect(account).toMatchObject({ openId: 'sbx-user-chen', status: 'sign_in_again', statusReason: 'Sign in again: the platform no longer accepts this sign-in', statusWords: { code: 'account.status.sign_in_again', params: { reason: { code: 'account.reason.refused', params: {} } } } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.events.filter((e) => e.name === 'accounts.changed').at(-1)?.payload).toEqual([account]);
    // Later calls fail fast without asking the platform again; signing in again restores the account.
    await expect(tokens.withAccessToken('sbx-user-chen', probe(h))).resolves.toMatchObject({ ok: false, error: { code: 'sign_in_again' } });
    expect(h.refreshes()).toBe(1);
    await signIn(h, { openId: 'sbx-user-chen' });
    expect(h.accounts.list()[0]).toMatchObject({ status: 'ok', statusReason: null });
    await expect(tokens.withAccessToken('sbx-user-chen', probe(h))).resolves.toMatchObject({ ok: false, error: { code: 'invalid_publish_id' } });
  });

  it('removing an account revokes the app on the platform and deletes its vault entry', async () => {
    const h = await harness();
    await signIn(h, { openId: 'sbx-user-ava' });
    await signIn(h, { openId: 'sbx-user-ben' });
    const tokens = h.tokensOf('sbx-user-ava')!;
    expect((await appsOf(h.sandbox, 'sbx-user-ava')).map((a) => a.client_key)).toContain(SANDBOX_CLIENT_KEY);

    // Expired first: the app refreshes to get a token the platform accepts for revoking.
    await advanceSandboxClock(h.sandbox, DAY + 60);
    await expect(h.accounts.remove('sbx-user-ava')).resolves.toEqual({ removed: true, revoked: true, message: null, messageWords: null });
    expect(await appsOf(h.sandbox, 'sbx-user-ava')).toEqual([]);
    expect(h.accounts.list().map((a) => a.openId)).toEqual(['sbx-user-ben']);
    expect(h.tokensOf('sbx-user-ava')).toBeNull();
    // On disk too: a fresh read of the vault file has only Ben's entry.
    const reread = await Vault.open({ dataDir: h.dataDir, cipher: openKeyFileCipher(h.dataDir), storage: h.storage, log: h.log });
    expect(reread.names()).toEqual(['tokens:sandbox:sbx-user-ben']);
    await expect(refreshUserToken(elsewhere, client(h), tokens.refreshToken)).resolves.toMatchObject({ ok: false, error: { code: 'invalid_grant' } });
    await expect(h.accounts.remove('sbx-user-ava')).rejects.toMatchObject({ code: 'no_account' });
  });

  it('keeps signed-in accounts across a restart (vault and sandbox state on disk)', async () => {
    const first = await harness();
    await signIn(first, { openId: 'sbx-user-ava' });
    await first.stop();
    const restarted = await harness({ sandbox: first.sandbox, dataDir: first.dataDir, storage: first.storage });
    expect(restarted.accounts.list()).toEqual([expect.objectContaining({ openId: 'sbx-user-ava', status: 'ok' })]);
    await expect(restarted.accounts.withAccessToken('sbx-user-ava', probe(restarted))).resolves.toMatchObject({ ok: false, error: { code: 'invalid_publish_id' } });
  });

  it('shows missing upload scopes up front when the platform app lacks video.upload', async () => {
    const { log } = memoryLogger();
    const sandbox = await startSandbox({ port: 0, uploadPort: 0, logger: log, config: parseSandboxConfig({ apps: [{ client_key: SANDBOX_CLIENT_KEY, client_secret: 'sbx_secret_local_only_not_confidential', name: 'Draftdeck (read only)', redirect_uris: ['http://127.0.0.1:*/callback/'], scopes: ['user.info.basic'] }] }) });
    try {
      const h = await harness({ sandbox });
      const { outcome } = await signIn(h, { openId: 'sbx-user-ava' });
      expect(outcome).toMatchObject({ ok: true, account: { status: 'missing_scopes', missingScopes: ['video.upload'], scopes: ['user.info.basic'], statusReason: 'Ava Makes did not allow Draftdeck to send drafts to it. Sign in again and allow it.' } });
    } finally {
      for (const h of open.splice(0)) await h.close();
      await sandbox.close();
    }
  });
});
