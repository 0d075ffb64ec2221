/**
 * PKCE as the platform does it for desktop apps (docs/PLATFORM.md "PKCE encoding"): the verifier is 43-128 unreserved
 * characters and the challenge is the HEX SHA-256 of it, not base64url as in RFC 7636. S256 only.
 * Pure functions.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const HEX_CHALLENGE = /^[0-9a-fA-F]{64}$/;

export function isValidVerifier(verifier: string): boolean {
  return VERIFIER.test(verifier);
}

export function isValidChallenge(challenge: string): boolean {
  return HEX_CHALLENGE.test(challenge);
}

/** Why a challenge is refused, phrased for the developer who sent it (the commonest mistake is base64url). */
export function challengeProblem(challenge: string): string | undefined {
  if (isValidChallenge(challenge)) return undefined;
  if (/^[A-Za-z0-9_-]{43}$/.test(challenge)) return 'code_challenge looks like base64url; this platform expects hex(SHA-256(code_verifier)), 64 hex characters';
  return 'code_challenge must be hex(SHA-256(code_verifier)): 64 hex characters';
}

export function challengeFor(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('hex');
}

/** Does `verifier` hash to `challenge`? Compared in constant time; case of the hex is ignored. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!isValidVerifier(verifier) || !isValidChallenge(challenge)) return false;
  return timingSafeEqual(Buffer.from(challengeFor(verifier)), Buffer.from(challenge.toLowerCase()));
}
