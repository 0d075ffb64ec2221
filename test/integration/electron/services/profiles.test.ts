/**
 * Custom platform profiles against the real sandbox: the client secret kept in the vault, or held
 * by a token broker so the app holds none. The broker here is a minimal double of OUR partner
 * backend (its API is ours, see backend/README.md "Token broker"): it adds the secret and relays to the
 * sandbox verbatim. The platform itself is never mocked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_KEY } from '../../../../electron/services/builtin-platform/builtin-platform.js';
import { clientSecretEntry, customProfileKey } from '../../../../electron/services/platform-profile.js';
import type { SettingsService } from '../../../../electron/services/settings.js';
import type { SandboxHandle } from '../../../../sandbox/index.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { probe, signIn, startHarness, startTestSandbox, type Harness } from '../../../support/auth-harness.js';

let sandbox: SandboxHandle;
let broker: { url: string; server: Server; forwarded: Array<Record<string, string>> };

beforeAll(async () => {
  sandbox = await startTestSandbox(memoryLogger().log);
  const forwarded: Array<Record<string, string>> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', async () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      forwarded.push(form);
      const target = req.url === '/v1/oauth/token' ? '/v2/oauth/token/' : req.url === '/v1/oauth/revoke' ? '/v2/oauth/revoke/' : null;
      if (!target) return res.writeHead(404).end();
      const answer = await fetch(`${sandbox.baseUrl}${target}`, { method: 'POST', body: new URLSearchParams({ ...form, client_secret: sandbox.config.apps[0]!.client_secret }) });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  broker = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, forwarded };
});
afterAll(async () => {
  broker.server.close();
  await sandbox.close();
});

function customProfile(secret: { store: 'vault' } | { store: 'broker'; brokerUrl: string }) {
  return { kind: 'custom' as const, name: 'Partner platform', baseUrl: sandbox.baseUrl, uploadHost: sandbox.uploadBaseUrl, authorizeUrl: `${sandbox.baseUrl}/v2/auth/authorize/`, clientKey: SANDBOX_CLIENT_KEY, secret };
}

async function withProfileHarness(run: (h: Harness, settings: SettingsService) => Promise<void>) {
  const h = await startHarness({ sandbox });
  try {
    await run(h, h.settings);
  } finally {
    await h.close();
  }
}

describe('custom profiles', () => {
  it('with the secret in the vault: says it is missing, refuses to sign in without it, then works once it is stored', () =>
    withProfileHarness(async (h, settings) => {
      await signIn(h, { openId: 'sbx-user-ava' }); // an account of the built-in profile
      settings.set({ profile: customProfile({ store: 'vault' }) });
      expect(h.accounts.profileStatus()).toEqual({ kind: 'custom', name: 'Partner platform', clientSecret: 'missing', problem: 'Enter the client secret to sign in.', problemWords: { code: 'account.secret_needed', params: {} } });
      expect(h.accounts.list()).toEqual([]); // each profile keeps its own accounts

      const refused = await signIn(h, { openId: 'sbx-user-ben' });
      expect(refused.outcome).toMatchObject({ ok: false, error: { code: 'client_secret_missing', message: expect.stringMatching(/client secret of “Partner platform”/) } });

      await expect(h.accounts.setClientSecret(sandbox.config.apps[0]!.client_secret)).resolves.toEqual({ stored: true });
      expect(h.vault.has(clientSecretEntry(customProfileKey(customProfile({ store: 'vault' }))))).toBe(true);
      expect(h.accounts.profileStatus().clientSecret).toBe('stored');
      const { outcome } = await signIn(h, { openId: 'sbx-user-ben' });
      // No display name: a custom platform offers no user-info call for user tokens.
      expect(outcome).toMatchObject({ ok: true, account: { openId: 'sbx-user-ben', displayName: null, status: 'ok' } });
      await expect(h.accounts.withAccessToken('sbx-user-ben', probe(h))).resolves.toMatchObject({ ok: false, error: { code: 'invalid_publish_id' } });

      settings.set({ profile: { kind: 'sandbox' } });
      expect(h.accounts.list().map((a) => a.openId)).toEqual(['sbx-user-ava']);
      await expect(h.accounts.setClientSecret('x')).rejects.toMatchObject({ code: 'no_secret_needed' });
    }));

  it('with a token broker: signs in, refreshes and revokes through the broker, and the app never sends a client secret', () =>
    withProfileHarness(async (h, settings) => {
      settings.set({ profile: customProfile({ store: 'broker', brokerUrl: broker.url }) });
      expect(h.accounts.profileStatus()).toMatchObject({ clientSecret: 'broker', problem: null });
      const before = h.refreshes();
      const { outcome } = await signIn(h, { openId: 'sbx-user-chen' });
      expect(outcome).toMatchObject({ ok: true, account: { openId: 'sbx-user-chen' } });

      // Force a refresh: the platform stops accepting the access token (sandbox clock jump).
      await fetch(`${sandbox.baseUrl}/sandbox/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds: 86_400 + 60 }) });
      await expect(h.accounts.withAccessToken('sbx-user-chen', probe(h))).resolves.toMatchObject({ ok: false, error: { code: 'invalid_publish_id' } });
      expect(h.refreshes() - before).toBe(1);
      await expect(h.accounts.remove('sbx-user-chen')).resolves.toMatchObject({ revoked: true });

      expect(broker.forwarded.map((f) => f.grant_type ?? 'revoke')).toEqual(['authorization_code', 'refresh_token', 'revoke']);
      for (const form of broker.forwarded) {
        expect(form).not.toHaveProperty('client_secret');
        expect(form.client_key).toBe(SANDBOX_CLIENT_KEY);
      }
      await expect(h.accounts.setClientSecret('x')).rejects.toMatchObject({ code: 'no_secret_needed' });
    }));
});
