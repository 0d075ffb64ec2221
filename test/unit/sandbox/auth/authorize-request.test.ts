import { describe, expect, it } from 'vitest';
import { callbackUrl, checkAuthorizeRequest } from '../../../../sandbox/auth/authorize-request.js';
import { DEFAULT_SANDBOX_CONFIG } from '../../../../sandbox/config.js';

const apps = DEFAULT_SANDBOX_CONFIG.apps;
const valid = {
  client_key: 'sbx_draftdeck_desktop',
  response_type: 'code',
  scope: 'user.info.basic,video.upload,video.upload',
  redirect_uri: 'http://127.0.0.1:5123/callback/',
  state: 'xyz',
  code_challenge: 'A'.repeat(64),
  code_challenge_method: 'S256',
};

describe('checkAuthorizeRequest', () => {
  it('accepts a valid request, de-duplicating scopes and lower-casing the challenge', () => {
    const check = checkAuthorizeRequest(valid, apps);
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.request.scopes).toEqual(['user.info.basic', 'video.upload']);
      expect(check.request.code_challenge).toBe('a'.repeat(64));
    }
  });

  it.each([
    ['client_key', undefined, 'Missing client_key'],
    ['client_key', 'other', 'Unknown app'],
    ['redirect_uri', undefined, 'Missing redirect_uri'],
    ['redirect_uri', 'http://127.0.0.1:5123/elsewhere/', 'redirect_uri not registered'],
    ['response_type', 'token', 'Unsupported response_type'],
    ['scope', ' , ', 'Missing scope'],
    ['scope', 'video.upload,research.data.basic', 'Scope not allowed'],
    ['state', undefined, 'Missing state'],
    ['state', 's'.repeat(1025), 'state too long'],
    ['code_challenge', undefined, 'Missing code_challenge'],
    ['code_challenge', 'g'.repeat(64), 'Invalid code_challenge'],
    ['code_challenge_method', undefined, 'Unsupported code_challenge_method'],
  ])('refuses %s=%s', (field, value, title) => {
    const check = checkAuthorizeRequest({ ...valid, [field]: value }, apps);
    expect(check).toMatchObject({ ok: false, title });
  });

  it('builds the callback URLs', () => {
    const allow = new URL(callbackUrl('http://127.0.0.1:5123/callback/', { code: 'code.abc', scopes: ['a', 'b'], state: 's&t' }));
    expect(Object.fromEntries(allow.searchParams)).toEqual({ code: 'code.abc', scopes: 'a,b', state: 's&t' });
    const deny = new URL(callbackUrl('http://127.0.0.1:5123/callback/', { denied: true, state: 's' }));
    expect(deny.searchParams.get('error')).toBe('access_denied');
    expect(deny.searchParams.get('state')).toBe('s');
  });
});
