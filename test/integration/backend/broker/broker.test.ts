/**
 * The token broker against a real sandbox, on PGlite and on PostgreSQL: the platform's answers
 * relayed verbatim, client_key and redirect URI checked, the client secret added (never accepted
 * from the caller), tokens recorded by hash only, revoke forgetting the account, the
 * client-credentials relay for a brokered user token, rate limits, origins, and no token in a log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretKey } from '../../../../server-kit/ids.js';
import { databaseTargets } from '../../../support/backend-db.js';
import { advanceClock, obtainCode } from '../../../support/sandbox-client.js';
import { api, brokerPost, buy, CLIENT_KEY, signInThroughBroker, startStack, withDatabase, type Stack } from '../../../support/backend-harness.js';

describe.each(databaseTargets('general'))('token broker on $target', ({ target, skip }) => {
  let stack: Stack;
  const base = () => stack.backend.baseUrl;

  beforeAll(async () => {
    if (skip) return;
    stack = await startStack(target, { rate_limits: { oauth_per_minute: 1000, client_token_per_minute: 2 }, allowed_origins: ['https://store.example.com'] });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.skipIf(skip)('exchanges a code for the platform’s token set and records its owner by hash only', async () => {
    const tokens = await signInThroughBroker(stack.sandbox, base(), 'sbx-user-ava');
    expect(tokens).toMatchObject({ open_id: 'sbx-user-ava', expires_in: 86400, token_type: 'Bearer' });
    expect(tokens.access_token).toMatch(/^act\./);
    const rows = await withDatabase(stack, (db) => db.selectFrom('token_owners').selectAll().where('open_id', '=', 'sbx-user-ava').execute());
    expect(rows.map((r) => r.token_hash).sort()).toEqual([secretKey(tokens.access_token), secretKey(tokens.refresh_token)].sort());
    expect(JSON.stringify(rows)).not.toContain(tokens.access_token);
    expect(JSON.stringify(rows)).not.toContain(tokens.refresh_token);
  });

  it.skipIf(skip)('relays the platform’s refusal verbatim, and refuses a wrong client_key, an unregistered redirect URI and a client_secret itself', async () => {
    const { code, verifier, params } = await obtainCode(stack.sandbox);
    const form = { client_key: CLIENT_KEY, grant_type: 'authorization_code', code, redirect_uri: params.redirect_uri, code_verifier: verifier };
    const wrongVerifier = await brokerPost(base(), '/v1/oauth/token', { ...form, code_verifier: 'x'.repeat(64) });
    expect(wrongVerifier.status).toBe(400);
    expect(JSON.parse(wrongVerifier.text)).toMatchObject({ error: 'invalid_grant' });
    expect(JSON.parse(wrongVerifier.text).log_id).toMatch(/^\d{14}/); // the sandbox's own log_id: relayed, not rewritten

    const wrongClient = await brokerPost(base(), '/v1/oauth/token', { ...form, client_key: 'someone_else' });
    expect(wrongClient.status).toBe(401);
    expect(JSON.parse(wrongClient.text)).toMatchObject({ error: 'invalid_client' });
    const wrongRedirect = await brokerPost(base(), '/v1/oauth/token', { ...form, redirect_uri: 'https://evil.example.com/callback/' });
    expect(wrongRedirect.status).toBe(400);
    expect(JSON.parse(wrongRedirect.text).error_description).toMatch(/redirect_uri/);
    expect((await brokerPost(base(), '/v1/oauth/token', { ...form, client_secret: 'guess' })).status).toBe(400);
    expect(JSON.parse((await brokerPost(base(), '/v1/oauth/token', { ...form, grant_type: 'password' })).text)).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it.skipIf(skip)('refreshes through the broker, and the new access token is recognised', async () => {
    const tokens = await signInThroughBroker(stack.sandbox, base(), 'sbx-user-ben');
    const refreshed = await brokerPost(base(), '/v1/oauth/token', { client_key: CLIENT_KEY, grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    const next = JSON.parse(refreshed.text) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await api(base(), '/v1/entitlements', { token: next.access_token })).status).toBe(200);
    const replay = await brokerPost(base(), '/v1/oauth/token', { client_key: CLIENT_KEY, grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(replay.status).toBe(400);
  });

  it.skipIf(skip)('revokes through the broker: the platform answers empty and the backend forgets the account’s tokens', async () => {
    const tokens = await signInThroughBroker(stack.sandbox, base(), 'sbx-user-chen');
    await buy(base(), tokens.access_token, 'gems_100');
    const revoked = await brokerPost(base(), '/v1/oauth/revoke', { client_key: CLIENT_KEY, token: tokens.access_token });
    expect(revoked.status).toBe(200);
    expect(revoked.text).toBe('');
    expect((await api(base(), '/v1/orders', { token: tokens.access_token })).status).toBe(401);
    const apps = (await (await fetch(`${stack.sandbox.baseUrl}/sandbox/users/sbx-user-chen/apps`)).json()) as { data: { apps: unknown[] } };
    expect(apps.data.apps).toEqual([]);
  });

  it.skipIf(skip)('relays client_credentials only for a brokered user token, rate-limited per account', async () => {
    const tokens = await signInThroughBroker(stack.sandbox, base(), 'sbx-user-ava');
    const form = { client_key: CLIENT_KEY, grant_type: 'client_credentials' };
    expect((await brokerPost(base(), '/v1/oauth/token', form)).status).toBe(401);
    expect((await brokerPost(base(), '/v1/oauth/token', form, { Authorization: 'Bearer act.made-up-token-value' })).status).toBe(401);
    const first = await brokerPost(base(), '/v1/oauth/token', form, { Authorization: `Bearer ${tokens.access_token}` });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toMatchObject({ token_type: 'Bearer', expires_in: 7200 });
    expect(JSON.parse(first.text).access_token).toMatch(/^clt\./);
    expect((await brokerPost(base(), '/v1/oauth/token', form, { Authorization: `Bearer ${tokens.access_token}` })).status).toBe(200);
    const limited = await brokerPost(base(), '/v1/oauth/token', form, { Authorization: `Bearer ${tokens.access_token}` });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.parse(limited.text)).toMatchObject({ error: 'rate_limit_exceeded' });
  });

  it.skipIf(skip)('answers allowed origins with CORS and refuses other origins', async () => {
    const allowed = await fetch(`${base()}/v1/catalog`, { headers: { Origin: 'https://store.example.com' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://store.example.com');
    const preflight = await fetch(`${base()}/v1/orders`, { method: 'OPTIONS', headers: { Origin: 'https://store.example.com', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
    const foreign = await fetch(`${base()}/v1/oauth/token`, { method: 'POST', headers: { Origin: 'https://evil.example.com', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'client_key=x' });
    expect(foreign.status).toBe(403);
  });

  it.skipIf(skip)('never writes a token or the client secret to its log', async () => {
    const tokens = await signInThroughBroker(stack.sandbox, base(), 'sbx-user-ben');
    await buy(base(), tokens.access_token, 'sticker_pack');
    await brokerPost(base(), '/v1/oauth/revoke', { client_key: CLIENT_KEY, token: tokens.access_token });
    const log = stack.logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [tokens.access_token, tokens.refresh_token, 'sbx_secret_local_only_not_confidential']) expect(log).not.toContain(secret);
  });

  // Last: the platform's clock jumps a day ahead, as the app's tests and a person trying the sandbox make it.
  it.skipIf(skip)('counts a token’s lifetime from the platform’s now, even right after its clock jumped', async () => {
    await advanceClock(stack.sandbox, 25 * 60 * 60);
    // At once, before the backend's own reading of the clock (every 5 s) has seen the jump.
    const tokens = await signInThroughBroker(stack.sandbox, base(), 'sbx-user-chen');
    const row = await withDatabase(stack, (db) => db.selectFrom('token_owners').select('expires_at').where('token_hash', '=', secretKey(tokens.access_token)).executeTakeFirstOrThrow());
    const expected = stack.sandbox.clock.now() + tokens.expires_in * 1000;
    // Recorded with the clock before the jump, it expired an hour ago: the broker then refused it as not one of its own.
    expect(Math.abs(new Date(row.expires_at).getTime() - expected)).toBeLessThan(60_000);
  });
});

describe.each(databaseTargets('general'))('broker rate limit per client address on $target', ({ target, skip }) => {
  it.skipIf(skip)('answers 429 with Retry-After past oauth_per_minute, counting each client address on its own', async () => {
    // The test's requests come from 127.0.0.1, here a trusted proxy: X-Forwarded-For names the client.
    const stack = await startStack(target, { rate_limits: { oauth_per_minute: 3, client_token_per_minute: 10 }, trusted_proxies: ['127.0.0.1'] });
    try {
      const form = { client_key: CLIENT_KEY, grant_type: 'refresh_token', refresh_token: 'rft.unknown-refresh-token' };
      const from = (address?: string) => brokerPost(stack.backend.baseUrl, '/v1/oauth/token', form, address ? { 'X-Forwarded-For': address } : {});
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await from('198.51.100.7')).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const limited = await from('198.51.100.7');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another client behind the same proxy, and the proxy itself, have their own budgets.
      expect((await from('203.0.113.20')).status).toBe(400);
      expect((await from()).status).toBe(400);
      const revoke = await brokerPost(stack.backend.baseUrl, '/v1/oauth/revoke', { client_key: CLIENT_KEY, token: 'act.unknown' }, { 'X-Forwarded-For': '198.51.100.7' });
      expect(revoke.status).toBe(429);
    } finally {
      await stack.close();
    }
  });
});
