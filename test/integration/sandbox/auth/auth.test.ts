/** Consent, codes, tokens, refresh, revoke and client credentials, over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../support/silent-log.js';
import {
  CLIENT_KEY, CLIENT_SECRET, REDIRECT_URI, advanceClock, api, authorizeParams, extras, getConsentPage, hiddenFields,
  newVerifier, obtainCode, postConsent, signIn, startTestSandbox, STATUS_FETCH, tokenRequest, type Sandbox,
} from '../../../support/sandbox-client.js';

let sandbox: Sandbox;
const logs = memoryLogger();

beforeAll(async () => {
  sandbox = await startTestSandbox({}, { logger: logs.log });
});
afterAll(async () => {
  await sandbox.close();
});

const exchange = (code: string, verifier: string, redirectUri = REDIRECT_URI) =>
  tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });

describe('consent page', () => {
  it('lists every user and the requested scopes, with the parameters carried as hidden fields', async () => {
    const params = authorizeParams(newVerifier(), { scope: 'user.info.basic,video.upload' });
    const page = await getConsentPage(sandbox, { ...params });
    expect(page.status).toBe(200);
    for (const user of sandbox.config.users) expect(page.html).toContain(`name="open_id" value="${user.open_id}"`);
    expect(page.html).toContain('video.upload');
    expect(page.html).toMatch(/<form method="post"/);
    expect(page.html).toContain('name="decision" value="allow"');
    expect(page.html).toContain('name="decision" value="deny"');
    expect(hiddenFields(page.html)).toEqual({ ...params });
  });

  it('accepts any port on a wildcard-port redirect URI and sends code, scopes and state back', async () => {
    const { callback, params } = await obtainCode(sandbox, { params: { redirect_uri: 'http://127.0.0.1:61234/callback/', state: 'st@te&x' } });
    expect(callback.origin + callback.pathname).toBe('http://127.0.0.1:61234/callback/');
    expect(callback.searchParams.get('code')).toMatch(/^code\./);
    expect(callback.searchParams.get('scopes')).toBe(params.scope);
    expect(callback.searchParams.get('state')).toBe('st@te&x');
  });

  it('redirects a denial with error=access_denied and the state', async () => {
    const page = await getConsentPage(sandbox, { ...authorizeParams(newVerifier(), { state: 'deny-me' }) });
    const answer = await postConsent(sandbox, { ...hiddenFields(page.html), decision: 'deny' });
    expect(answer.status).toBe(302);
    const callback = new URL(answer.location!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('deny-me');
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it.each([
    ['unknown client_key', { client_key: 'nope' }, 'Unknown app'],
    ['unregistered redirect_uri', { redirect_uri: 'http://evil.example/callback/' }, 'redirect_uri not registered'],
    ['redirect_uri on another path', { redirect_uri: 'http://127.0.0.1:5000/other/' }, 'redirect_uri not registered'],
    ['response_type other than code', { response_type: 'token' }, 'Unsupported response_type'],
    ['scope the app lacks', { scope: 'video.publish' }, 'Scope not allowed'],
    ['empty scope', { scope: '' }, 'Missing scope'],
    ['missing state', { state: '' }, 'Missing state'],
    ['base64url challenge', { code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' }, 'Invalid code_challenge'],
    ['plain method', { code_challenge_method: 'plain' }, 'Unsupported code_challenge_method'],
  ])('refuses %s with an error page, never a redirect', async (_name, override, title) => {
    const page = await getConsentPage(sandbox, { ...authorizeParams(newVerifier(), override) });
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain(title);
    expect(page.html).toContain('log_id');
  });

  it('checks everything again on POST: a forged redirect_uri or an unknown user gets an error page', async () => {
    const page = await getConsentPage(sandbox, { ...authorizeParams(newVerifier()) });
    const fields = hiddenFields(page.html);
    const forged = await postConsent(sandbox, { ...fields, redirect_uri: 'http://evil.example/cb', open_id: 'sbx-user-ava', decision: 'allow' });
    expect(forged.status).toBe(400);
    expect(forged.location).toBeNull();
    const nobody = await postConsent(sandbox, { ...fields, open_id: 'sbx-user-nobody', decision: 'allow' });
    expect(nobody.status).toBe(400);
    expect(nobody.location).toBeNull();
    const undecided = await postConsent(sandbox, { ...fields, open_id: 'sbx-user-ava', decision: 'maybe' });
    expect(undecided.status).toBe(400);
  });

  it('refuses a decision posted from another origin', async () => {
    const page = await getConsentPage(sandbox, { ...authorizeParams(newVerifier()) });
    const answer = await postConsent(sandbox, { ...hiddenFields(page.html), open_id: 'sbx-user-ava', decision: 'allow' }, { Origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.location).toBeNull();
  });
});

describe('authorization code exchange', () => {
  it('returns the token set for a valid code and hex S256 verifier', async () => {
    const { code, verifier } = await obtainCode(sandbox, { openId: 'sbx-user-ben' });
    const res = await exchange(code, verifier);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ open_id: 'sbx-user-ben', scope: 'user.info.basic,video.upload', expires_in: 86_400, refresh_expires_in: 31_536_000, token_type: 'Bearer' });
    expect(res.body.access_token).toMatch(/^act\./);
    expect(res.body.refresh_token).toMatch(/^rft\./);
  });

  it('refuses a wrong verifier, then still accepts the right one', async () => {
    const { code, verifier } = await obtainCode(sandbox);
    const wrong = await exchange(code, newVerifier());
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_grant' });
    expect(wrong.body.log_id).toEqual(expect.any(String));
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it('refuses a missing or malformed verifier as invalid_request', async () => {
    const { code } = await obtainCode(sandbox);
    const missing = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(missing.body).toMatchObject({ error: 'invalid_request' });
    const short = await exchange(code, 'too-short');
    expect(short.body).toMatchObject({ error: 'invalid_request' });
  });

  it('a code is single use: reuse fails and revokes the tokens it produced', async () => {
    const { code, verifier } = await obtainCode(sandbox);
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('already been used') });
    const status = await api(sandbox, STATUS_FETCH, first.body.access_token as string, { publish_id: 'x' });
    expect(status.status).toBe(401);
    expect(status.error.code).toBe('access_token_invalid');
  });

  it('a code is bound to its redirect_uri: a different one is invalid_request saying so', async () => {
    const { code, verifier } = await obtainCode(sandbox);
    const res = await exchange(code, verifier, 'http://127.0.0.1:9999/callback/');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('redirect_uri') });
  });

  it('a code is bound to its client: another app cannot redeem it', async () => {
    const other = await startTestSandbox({
      apps: [
        { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, name: 'A', redirect_uris: ['http://127.0.0.1:*/callback/'], scopes: ['video.upload', 'user.info.basic'] },
        { client_key: 'other_app', client_secret: 'other_secret', name: 'B', redirect_uris: ['http://127.0.0.1:*/callback/'], scopes: ['video.upload'] },
      ],
    });
    try {
      const { code, verifier } = await obtainCode(other);
      const res = await tokenRequest(other, { client_key: 'other_app', client_secret: 'other_secret', grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_grant' });
    } finally {
      await other.close();
    }
  });

  it('a code expires after 10 minutes of virtual time', async () => {
    const { code, verifier } = await obtainCode(sandbox);
    await advanceClock(sandbox, 601);
    const res = await exchange(code, verifier);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
  });
});

describe('client authentication and grant types', () => {
  it('answers invalid_client (401) for a wrong secret or unknown key, invalid_request without them', async () => {
    const wrong = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: 'wrong', grant_type: 'client_credentials' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_client', log_id: expect.any(String) });
    const unknown = await tokenRequest(sandbox, { client_key: 'nobody', client_secret: 'x', grant_type: 'client_credentials' });
    expect(unknown.status).toBe(401);
    const none = await tokenRequest(sandbox, { grant_type: 'client_credentials' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: 'invalid_request' });
  });

  it('answers unsupported_grant_type for an unknown grant and invalid_request for JSON bodies', async () => {
    const res = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'password' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'unsupported_grant_type' });
    const json = await fetch(`${sandbox.baseUrl}/v2/oauth/token/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_key: CLIENT_KEY }) });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('malformed') });
  });

  it('client_credentials gives a 7200 s clt. token', async () => {
    const res = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'client_credentials' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ expires_in: 7200, token_type: 'Bearer' });
    expect(res.body.access_token).toMatch(/^clt\./);
    // A client token is not a user token.
    const status = await api(sandbox, STATUS_FETCH, res.body.access_token as string, { publish_id: 'x' });
    expect(status.status).toBe(401);
  });
});

describe('refresh and revoke', () => {
  it('refresh rotates: new tokens work, the old refresh token is dead at once', async () => {
    const tokens = await signIn(sandbox, { openId: 'sbx-user-chen' });
    const refresh = (token: string) => tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'refresh_token', refresh_token: token });
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(first.body.access_token).not.toBe(tokens.access_token);
    expect(first.body).toMatchObject({ open_id: 'sbx-user-chen', scope: tokens.scope, expires_in: 86_400 });
    const old = await refresh(tokens.refresh_token);
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ error: 'invalid_grant' });
    const next = await refresh(first.body.refresh_token as string);
    expect(next.status).toBe(200);
  });

  it('the access token expires after 24 h of virtual time, and refresh still works', async () => {
    const tokens = await signIn(sandbox);
    expect((await api(sandbox, STATUS_FETCH, tokens.access_token, { publish_id: 'nope' })).status).toBe(404);
    await advanceClock(sandbox, 86_400);
    const expired = await api(sandbox, STATUS_FETCH, tokens.access_token, { publish_id: 'nope' });
    expect(expired.status).toBe(401);
    expect(expired.error.code).toBe('access_token_invalid');
    const refreshed = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    expect((await api(sandbox, STATUS_FETCH, refreshed.body.access_token as string, { publish_id: 'nope' })).status).toBe(404);
  });

  it('revoke answers an empty body, kills the tokens and removes the app from the user’s permitted apps', async () => {
    const tokens = await signIn(sandbox, { openId: 'sbx-user-ben' });
    const before = await extras<{ apps: Array<{ client_key: string }> }>(sandbox, '/sandbox/users/sbx-user-ben/apps');
    expect(before.data.apps.map((a) => a.client_key)).toContain(CLIENT_KEY);
    const res = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, token: tokens.access_token }, '/v2/oauth/revoke/');
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    const after = await extras<{ apps: unknown[] }>(sandbox, '/sandbox/users/sbx-user-ben/apps');
    expect(after.data.apps).toEqual([]);
    expect((await api(sandbox, STATUS_FETCH, tokens.access_token, { publish_id: 'x' })).status).toBe(401);
    const refresh = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.body).toMatchObject({ error: 'invalid_grant' });
    const again = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, token: tokens.access_token }, '/v2/oauth/revoke/');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_request', log_id: expect.any(String) });
  });

  it('never writes a token, code or secret to the log', async () => {
    const tokens = await signIn(sandbox);
    const all = logs.lines.join('\n');
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(all).not.toContain(tokens.access_token);
    expect(all).not.toContain(tokens.refresh_token);
    expect(all).not.toContain(CLIENT_SECRET);
    expect(all).not.toMatch(/(act|rft|code)\.[A-Za-z0-9_-]{20}/);
  });
});
