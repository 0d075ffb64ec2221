/**
 * "Add account" end to end against the real sandbox: the app's loopback listener, the sandbox's
 * consent page and token endpoint, and a browser played over HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPkce } from '../../../../../electron/services/auth/pkce.js';
import { fetchUserToken } from '../../../../../platform-api/oauth.js';
import { buildAuthorizeUrl } from '../../../../../electron/services/auth/sign-in-flow.js';
import { SANDBOX_CLIENT_KEY } from '../../../../../electron/services/builtin-platform/builtin-platform.js';
import { appsOf, consent, deliver, probe, signIn, startHarness, startTestSandbox, type Harness } from '../../../../support/auth-harness.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import type { SandboxHandle } from '../../../../../sandbox/index.js';

let sandbox: SandboxHandle;
// One app for the tests that need no option of their own (its backend program starts once, not
// per test); each of them starts with no account signed in.
let shared: Harness;
beforeAll(async () => {
  sandbox = await startTestSandbox(memoryLogger().log);
  shared = await startHarness({ sandbox });
});
afterAll(async () => {
  await shared?.close();
  await sandbox.close();
});
beforeEach(async () => {
  for (const account of shared.accounts.list()) await shared.accounts.remove(account.openId);
});

function withShared(run: (h: Harness) => Promise<void>) {
  return run(shared);
}

async function withHarness(run: (h: Harness) => Promise<void>, options: { signInTimeoutMs?: number }) {
  const harness = await startHarness({ sandbox, ...options });
  try {
    await run(harness);
  } finally {
    await harness.close();
  }
}

describe('sign-in against the sandbox', () => {
  it('signs in with PKCE over a one-shot loopback listener; the account appears with its name and scopes', () =>
    withShared(async (h) => {
      const { started, location, page, outcome } = await signIn(h, { openId: 'sbx-user-ava' });
      const authorize = new URL(started.authorizeUrl);
      expect(authorize.origin + authorize.pathname).toBe(`${sandbox.baseUrl}/v2/auth/authorize/`);
      const params = Object.fromEntries(authorize.searchParams);
      expect(params).toMatchObject({ client_key: SANDBOX_CLIENT_KEY, response_type: 'code', scope: 'user.info.basic,video.upload,video.list', code_challenge_method: 'S256' });
      expect(params.code_challenge).toMatch(/^[0-9a-f]{64}$/);
      expect(params.redirect_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\/$/);
      expect(params.state!.length).toBeGreaterThanOrEqual(32);
      expect(started.openedExternally).toBe(false); // web mode: the renderer opens authorizeUrl

      expect(location.startsWith(params.redirect_uri!)).toBe(true);
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/return to Draftdeck/);

      expect(outcome).toMatchObject({ flowId: started.flowId, ok: true, account: { openId: 'sbx-user-ava', displayName: 'Ava Makes', username: 'ava.makes', status: 'ok', missingScopes: [] } });
      expect(h.accounts.list()).toEqual([expect.objectContaining({ openId: 'sbx-user-ava', scopes: ['user.info.basic', 'video.list', 'video.upload'] })]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(h.events.map((e) => e.name)).toEqual(expect.arrayContaining(['accounts.changed', 'signIn.finished']));

      // The tokens work, and the platform lists the app among the user's permitted apps.
      const token = await h.accounts.tokens.getAccessToken(await h.accounts.runtime(), 'sbx-user-ava');
      expect(token.ok && (await probe(h)(token.value))).toMatchObject({ ok: false, error: { code: 'invalid_publish_id' } });
      expect((await appsOf(sandbox, 'sbx-user-ava')).map((a) => a.client_key)).toContain(SANDBOX_CLIENT_KEY);

      // The listener closed after the first valid callback: a replayed redirect finds nothing.
      await expect(deliver(location)).rejects.toThrow();
    }));

  it('ignores a callback whose state is not the flow’s, and still completes with the real one', () =>
    withShared(async (h) => {
      const started = await h.accounts.startSignIn();
      const location = await consent(started.authorizeUrl, { openId: 'sbx-user-ben' });
      const forged = new URL(location);
      forged.searchParams.set('state', 'forged-state-from-another-tab');
      const refused = await deliver(forged.toString());
      expect(refused.status).toBe(400);
      expect(await Promise.race([started.outcome, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 100))])).toBe('still waiting');
      expect((await deliver(location)).status).toBe(200);
      await expect(started.outcome).resolves.toMatchObject({ ok: true, account: { openId: 'sbx-user-ben', displayName: 'Ben Builds' } });
    }));

  it('ends a denied consent with a clear message and adds no account', () =>
    withShared(async (h) => {
      const { outcome, page } = await signIn(h, { decision: 'deny' });
      expect(page.body).toMatch(/return to Draftdeck/);
      expect(outcome).toEqual({ flowId: expect.any(String), ok: false, error: { code: 'access_denied', message: 'You did not allow Draftdeck on the consent page, so no account was added.' } });
      expect(h.accounts.list()).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(h.events).toContainEqual({ name: 'signIn.finished', payload: outcome });
    }));

  it('gives up after its timeout with a clear message and stops listening', () =>
    withHarness(
      async (h) => {
        const started = await h.accounts.startSignIn();
        const outcome = await started.outcome;
        expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout', message: expect.stringMatching(/^Sign-in timed out/) } });
        const redirectUri = new URL(started.authorizeUrl).searchParams.get('redirect_uri')!;
        await expect(deliver(`${redirectUri}?code=x&state=y`)).rejects.toThrow();
      },
      { signInTimeoutMs: 300 },
    ));

  it('can be cancelled from the app', () =>
    withShared(async (h) => {
      const started = await h.accounts.startSignIn();
      expect(h.accounts.cancelSignIn(started.flowId)).toBe(true);
      await expect(started.outcome).resolves.toMatchObject({ ok: false, error: { code: 'cancelled' } });
      expect(h.accounts.cancelSignIn(started.flowId)).toBe(false);
    }));

  it('a code works once: reusing it is refused with invalid_grant and kills the tokens it gave', () =>
    withShared(async (h) => {
      const pkce = createPkce();
      const redirectUri = 'http://127.0.0.1:49999/callback/';
      const url = buildAuthorizeUrl({ authorizeUrl: `${sandbox.baseUrl}/v2/auth/authorize/`, clientKey: SANDBOX_CLIENT_KEY, scopes: ['video.upload'], redirectUri, state: 'st', codeChallenge: pkce.challenge });
      const code = new URL(await consent(url, { openId: 'sbx-user-chen' })).searchParams.get('code')!;
      const client = { baseUrl: sandbox.baseUrl, clientKey: SANDBOX_CLIENT_KEY, clientSecret: sandbox.config.apps[0]!.client_secret };
      const wrongVerifier = await fetchUserToken(h.http, client, { code, redirectUri, codeVerifier: createPkce().verifier });
      expect(wrongVerifier).toMatchObject({ ok: false, error: { kind: 'platform', code: 'invalid_grant', message: expect.stringMatching(/code_verifier/) } });
      const first = await fetchUserToken(h.http, client, { code, redirectUri, codeVerifier: pkce.verifier });
      expect(first.ok).toBe(true);
      const again = await fetchUserToken(h.http, client, { code, redirectUri, codeVerifier: pkce.verifier });
      expect(again).toMatchObject({ ok: false, error: { code: 'invalid_grant', message: expect.stringMatching(/already been used/) } });
      if (first.ok) expect(await probe(h)(first.value.access_token)).toMatchObject({ ok: false, error: { code: 'access_token_invalid' } });
    }));

  it('keeps several accounts side by side, each with its own status', () =>
    withShared(async (h) => {
      await signIn(h, { openId: 'sbx-user-ava' });
      await signIn(h, { openId: 'sbx-user-chen' });
      expect(h.accounts.list().map((a) => [a.openId, a.displayName, a.status])).toEqual([
        ['sbx-user-ava', 'Ava Makes', 'ok'],
        ['sbx-user-chen', 'Chen Cooks', 'ok'],
      ]);
      expect(h.accounts.account('sbx-user-chen')).toMatchObject({ displayName: 'Chen Cooks', status: 'ok' });
      expect(h.accounts.account('nobody')).toBeUndefined();
      // Signing in again as the same user updates the account instead of duplicating it.
      await signIn(h, { openId: 'sbx-user-ava' });
      expect(h.accounts.list()).toHaveLength(2);
    }));
});
