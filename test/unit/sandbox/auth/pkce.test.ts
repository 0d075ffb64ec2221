import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { challengeFor, challengeProblem, isValidVerifier, verifierMatches } from '../../../../sandbox/auth/pkce.js';

const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

describe('PKCE with hex S256', () => {
  it('the challenge is the hex SHA-256 of the verifier, not base64url', () => {
    expect(challengeFor(verifier)).toBe(createHash('sha256').update(verifier).digest('hex'));
    expect(challengeFor(verifier)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches the right verifier, in either hex case, and nothing else', () => {
    const challenge = challengeFor(verifier);
    expect(verifierMatches(verifier, challenge)).toBe(true);
    expect(verifierMatches(verifier, challenge.toUpperCase())).toBe(true);
    expect(verifierMatches(verifier.replace(/.$/, 'Y'), challenge)).toBe(false);
    // RFC 7636's base64url challenge for the same verifier is not accepted.
    expect(verifierMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
  });

  it('verifiers are 43-128 unreserved characters', () => {
    expect(isValidVerifier('a'.repeat(43))).toBe(true);
    expect(isValidVerifier('a'.repeat(128))).toBe(true);
    expect(isValidVerifier('a'.repeat(42))).toBe(false);
    expect(isValidVerifier('a'.repeat(129))).toBe(false);
    expect(isValidVerifier(`${'a'.repeat(42)}~._-`)).toBe(true);
    expect(isValidVerifier(`${'a'.repeat(42)}+`)).toBe(false);
    expect(verifierMatches('short', challengeFor('short'))).toBe(false);
  });

  it('explains a base64url challenge', () => {
    expect(challengeProblem('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toContain('base64url');
    expect(challengeProblem('abc')).toContain('64 hex');
    expect(challengeProblem(challengeFor(verifier))).toBeUndefined();
  });
});
