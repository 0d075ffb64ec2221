/**
 * PKCE for the desktop flow, with the platform's rule (docs/PLATFORM.md "PKCE encoding"): the challenge is the HEX of
 * SHA-256(verifier), not base64url as in RFC 7636; the method is S256 only. The verifier is
 * 43–128 unreserved characters; base64url of CSPRNG bytes is a subset of those.
 */
import { createHash, randomBytes } from 'node:crypto';

export const VERIFIER_BYTES = 48; // → 64 base64url characters, 288 bits
const UNRESERVED = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface Pkce {
  verifier: string;
  challenge: string;
  method: 'S256';
}

export function createPkce(): Pkce {
  const verifier = randomBytes(VERIFIER_BYTES).toString('base64url');
  return { verifier, challenge: challengeFor(verifier), method: 'S256' };
}

export function isValidVerifier(verifier: string): boolean {
  return UNRESERVED.test(verifier);
}

export function challengeFor(verifier: string): string {
  if (!isValidVerifier(verifier)) throw new RangeError('a PKCE verifier is 43-128 unreserved characters');
  return createHash('sha256').update(verifier, 'ascii').digest('hex');
}

/** The `state` that binds a callback to the flow that asked for it (CSRF). */
export function createState(): string {
  return randomBytes(24).toString('base64url');
}
