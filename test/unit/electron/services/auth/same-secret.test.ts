import { describe, expect, it } from 'vitest';
import { sameSecret } from '../../../../../electron/services/auth/same-secret.js';

describe('sameSecret (the web session token, the sign-in state)', () => {
  it('is true only for the very same text', () => {
    const token = 'a'.repeat(43);
    expect(sameSecret(token, token)).toBe(true);
    expect(sameSecret(`${token}x`, token)).toBe(false);
    expect(sameSecret(token.slice(1), token)).toBe(false);
    expect(sameSecret('b'.repeat(43), token)).toBe(false);
    expect(sameSecret('é', 'é'.normalize('NFD'))).toBe(false);
  });

  it('refuses what is missing or empty, on either side', () => {
    expect(sameSecret(undefined, 'x')).toBe(false);
    expect(sameSecret(null, 'x')).toBe(false);
    expect(sameSecret('', '')).toBe(false);
    expect(sameSecret('x', '')).toBe(false);
  });
});
