import { describe, expect, it } from 'vitest';
import { isRegisteredRedirectUri, redirectUriMatches } from '../../../../sandbox/auth/redirect-uri.js';

describe('redirect URI matching', () => {
  const wild = 'http://127.0.0.1:*/callback/';

  it('a wildcard port matches any port, and only the port', () => {
    expect(redirectUriMatches(wild, 'http://127.0.0.1:1/callback/')).toBe(true);
    expect(redirectUriMatches(wild, 'http://127.0.0.1:65535/callback/')).toBe(true);
    expect(redirectUriMatches(wild, 'http://127.0.0.1:65536/callback/')).toBe(false);
    expect(redirectUriMatches(wild, 'http://127.0.0.1:0/callback/')).toBe(false);
    expect(redirectUriMatches(wild, 'http://127.0.0.1:080/callback/')).toBe(false);
    expect(redirectUriMatches(wild, 'http://127.0.0.1/callback/')).toBe(false);
    expect(redirectUriMatches(wild, 'http://localhost:5000/callback/')).toBe(false);
    expect(redirectUriMatches(wild, 'https://127.0.0.1:5000/callback/')).toBe(false);
    expect(redirectUriMatches(wild, 'http://127.0.0.1:5000/callback')).toBe(false);
    expect(redirectUriMatches(wild, 'http://127.0.0.1:5000/callback/x')).toBe(false);
    expect(redirectUriMatches(wild, 'http://127.0.0.1:5000/callback/?a=1')).toBe(false);
    expect(redirectUriMatches(wild, 'http://127.0.0.1:5000/callback/#f')).toBe(false);
    expect(redirectUriMatches(wild, 'http://127.0.0.1:5000@evil.example/callback/')).toBe(false);
  });

  it('other URIs must match exactly', () => {
    expect(redirectUriMatches('https://app.example/cb', 'https://app.example/cb')).toBe(true);
    expect(redirectUriMatches('https://app.example/cb', 'https://app.example/cb/')).toBe(false);
    expect(redirectUriMatches('https://app.example/cb', 'https://APP.example/cb')).toBe(false);
    expect(isRegisteredRedirectUri(['https://a.example/cb', wild], 'http://127.0.0.1:4242/callback/')).toBe(true);
    expect(isRegisteredRedirectUri([], 'http://127.0.0.1:4242/callback/')).toBe(false);
  });
});
