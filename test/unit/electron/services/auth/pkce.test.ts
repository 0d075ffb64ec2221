import { describe, expect, it } from 'vitest';
import { challengeFor, createPkce, createState, isValidVerifier } from '../../../../../electron/services/auth/pkce.js';
import { buildAuthorizeUrl, describeCallbackEnd, describeExchangeFailure } from '../../../../../electron/services/auth/sign-in-flow.js';
import { sayWords } from '../../../../../electron/services/main-words.js';
import { platformError } from '../../../../../platform-api/errors.js';

describe('pkce', () => {
  it('makes a fresh 43-128 character verifier of unreserved characters each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { verifier, method } = createPkce();
      expect(verifier.length).toBeGreaterThanOrEqual(43);
      expect(verifier.length).toBeLessThanOrEqual(128);
      expect(verifier).toMatch(/^[A-Za-z0-9\-._~]+$/);
      expect(method).toBe('S256');
      seen.add(verifier);
    }
    expect(seen.size).toBe(200);
  });

  it('challenges with the HEX of SHA-256 (the platform rule), not base64url', () => {
    // RFC 7636 appendix B's verifier; its base64url challenge is E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM.
    const hex = challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(hex).toBe('13d31e961a1ad8ec2f16b10c4c982e0876a878ad6df144566ee1894acb70f9c3');
    expect(Buffer.from(hex, 'hex').toString('base64url')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const { verifier, challenge } = createPkce();
    expect(challenge).toBe(challengeFor(verifier));
    expect(challenge).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses verifiers outside the rule', () => {
    expect(isValidVerifier('a'.repeat(42))).toBe(false);
    expect(isValidVerifier('a'.repeat(129))).toBe(false);
    expect(isValidVerifier(`${'a'.repeat(42)}+`)).toBe(false);
    expect(() => challengeFor('short')).toThrow(RangeError);
  });

  it('makes an unguessable state per flow', () => {
    const a = createState();
    expect(a).not.toBe(createState());
    expect(Buffer.from(a, 'base64url').length).toBeGreaterThanOrEqual(16);
  });
});

describe('authorize request', () => {
  it('carries every parameter of the platform consent request', () => {
    const url = new URL(buildAuthorizeUrl({ authorizeUrl: 'https://www.example.test/v2/auth/authorize/', clientKey: 'ck', scopes: ['user.info.basic', 'video.upload'], redirectUri: 'http://127.0.0.1:5555/callback/', state: 'st', codeChallenge: 'ab'.repeat(32) }));
    expect(url.origin + url.pathname).toBe('https://www.example.test/v2/auth/authorize/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: 'ck',
      response_type: 'code',
      scope: 'user.info.basic,video.upload',
      redirect_uri: 'http://127.0.0.1:5555/callback/',
      state: 'st',
      code_challenge: 'ab'.repeat(32),
      code_challenge_method: 'S256',
    });
  });

  it('turns every ending into a message a person can act on', () => {
    expect(describeCallbackEnd({ kind: 'refused', error: 'access_denied', description: 'user denied' }, 300_000)).toEqual({ code: 'access_denied', message: expect.stringMatching(/did not allow Draftdeck/) });
    expect(describeCallbackEnd({ kind: 'timeout' }, 300_000).message).toMatch(/within 5 minutes/);
    expect(describeCallbackEnd({ kind: 'cancelled' }, 300_000).code).toBe('cancelled');
    expect(describeCallbackEnd({ kind: 'refused', error: 'server_error', description: 'x'.repeat(500) }, 1).message.length).toBeLessThan(260);
    expect(describeExchangeFailure(platformError({ kind: 'platform', httpStatus: 400, code: 'invalid_grant', message: 'authorization code has expired' })).message).toMatch(/invalid_grant: authorization code has expired/);
    expect(describeExchangeFailure(platformError({ kind: 'network', code: 'network_error', message: 'Could not reach x (ECONNREFUSED)' })).message).toMatch(/Could not reach the platform/);
    expect(describeExchangeFailure(platformError({ kind: 'platform', httpStatus: 401, code: 'invalid_client', message: 'wrong' })).message).toMatch(/Check the profile/);
    // The same as words, which the window says in its language.
    const refused = describeExchangeFailure(platformError({ kind: 'platform', httpStatus: 400, code: 'invalid_grant', message: 'authorization code has expired' }));
    expect(refused.words).toEqual({ code: 'signIn.platformRefused', params: { code: 'invalid_grant', detail: 'authorization code has expired' } });
    expect(sayWords(refused.words!, 'ja')).toBe('プラットフォームがログインを拒否しました（invalid_grant：authorization code has expired）。もう一度お試しください。');
    expect(describeCallbackEnd({ kind: 'refused', error: 'server_error', description: 'down' }, 1).words).toEqual({ code: 'signIn.refused', params: { detail: 'down' } });
  });
});
