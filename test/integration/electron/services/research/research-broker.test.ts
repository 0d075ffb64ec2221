/**
 * Research through the token broker (the partner backend), for a profile whose client secret only
 * the backend holds: the app asks the broker for the client access token with a signed-in account's
 * user access token as the bearer, and the search pages as with a secret of its own. Without a
 * signed-in account the app says what to do instead of calling. The built-in profile does the
 * same through its embedded backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { CLIENT_KEY, startStack, type Stack } from '../../../../support/backend-harness.js';

let stack: Stack;
let app: AppHarness;

beforeAll(async () => {
  stack = await startStack('pglite', {}, { research: { seed: 3, videos: 5000, accounts: 100 } });
  app = await startAppHarness();
  const base = stack.sandbox.baseUrl;
  await app.call('settings.set', {
    profile: { kind: 'custom', name: 'Brokered sandbox', baseUrl: base, uploadHost: stack.sandbox.uploadBaseUrl, authorizeUrl: `${base}/v2/auth/authorize/`, clientKey: CLIENT_KEY, secret: { store: 'broker', brokerUrl: stack.backend.baseUrl } },
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await stack?.close();
});

const request = () => {
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  return { query: { not: [{ field_name: 'region_code' as const, operation: 'EQ' as const, field_values: ['ZZ'] }] }, start_date: day(31), end_date: day(1), fields: ['id' as const, 'like_count' as const] };
};

describe('research through the token broker', () => {
  it('says to sign in first when no account can vouch for the app', async () => {
    await expect(app.call('research.search.start', { request: request() })).rejects.toMatchObject({ code: 'sign_in_first', message: expect.stringMatching(/signed-in account.*Accounts page/) });
  });

  it('gets the client token from the broker with a signed-in account’s token, and pages a search', async () => {
    await app.signIn('sbx-user-ava');
    const first = await app.call('research.search.start', { request: request() });
    expect(first).toMatchObject({ state: 'idle', loaded: 100 });
    expect(app.logLines.some((line) => line.includes('client token obtained') && line.includes('"viaBroker":true'))).toBe(true);
    expect(app.logLines.join('\n')).not.toMatch(/clt\.|act\./);
  }, 120_000);
});

describe('research on the built-in profile', () => {
  let builtIn: AppHarness;
  beforeAll(async () => {
    builtIn = await startAppHarness();
  }, 120_000);
  afterAll(async () => {
    await builtIn?.close();
  });

  it('gets the client token through the embedded backend, like a broker profile: no account, no token', async () => {
    const started = () => builtIn.call('research.search.start', { request: request() });
    await expect(started()).rejects.toMatchObject({ code: 'sign_in_first' });
    expect(builtIn.logLines.some((line) => line.includes('client token obtained'))).toBe(false);

    await builtIn.signIn('sbx-user-ava');
    expect(await started()).toMatchObject({ state: 'idle', loaded: 100 });
    expect(builtIn.logLines.some((line) => line.includes('client token obtained') && line.includes('"viaBroker":true'))).toBe(true);
    expect(builtIn.logLines.join('\n')).not.toMatch(/clt\.|act\./);
  }, 120_000);
});
