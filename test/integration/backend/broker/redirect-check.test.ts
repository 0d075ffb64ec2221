/**
 * The broker's own redirect check (backend/broker/routes.ts): a code is relayed only for a
 * redirect URI in the backend's redirect_uris, even one the platform itself would accept. Here
 * the platform accepts any loopback /callback/ while the backend accepts only /partner/, so a
 * refusal can only come from the broker, and the code, single-use at the platform, still works
 * afterwards: it was never sent on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obtainCode, tokenRequest } from '../../../support/sandbox-client.js';
import { brokerPost, CLIENT_KEY, CLIENT_SECRET, startStack, withDatabase, type Stack } from '../../../support/backend-harness.js';

describe('the token broker’s redirect check', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack('pglite', { redirect_uris: ['http://127.0.0.1:*/partner/'] });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('refuses a code for a redirect URI the platform accepts but the backend does not, without relaying it', async () => {
    const { code, verifier, params } = await obtainCode(stack.sandbox);
    expect(new URL(params.redirect_uri).pathname).toBe('/callback/');
    const form = { client_key: CLIENT_KEY, grant_type: 'authorization_code', code, redirect_uri: params.redirect_uri, code_verifier: verifier };
    const refused = await brokerPost(stack.backend.baseUrl, '/v1/oauth/token', form);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(/redirect_uris/) });
    // A look-alike of the accepted one (same host and port rule, another path) is refused too.
    const lookAlike = await brokerPost(stack.backend.baseUrl, '/v1/oauth/token', { ...form, redirect_uri: params.redirect_uri.replace('/callback/', '/partner/../callback/') });
    expect(lookAlike.status).toBe(400);
    expect(JSON.parse(lookAlike.text)).toMatchObject({ error: 'invalid_request' });
    expect(await withDatabase(stack, (db) => db.selectFrom('token_owners').selectAll().execute())).toEqual([]);
    // The platform never saw the code: it is still unused there.
    const direct = await tokenRequest(stack.sandbox, { ...form, client_secret: CLIENT_SECRET });
    expect(direct.status, direct.text).toBe(200);
  });
});
