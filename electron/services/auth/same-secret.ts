/**
 * Whether a secret someone presented (a session token, a sign-in `state`) is the expected one, in
 * time that does not depend on where they differ. Both sides are hashed first, so the comparison
 * also takes the same time whatever the length presented.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function sameSecret(presented: string | null | undefined, expected: string): boolean {
  if (typeof presented !== 'string' || presented === '' || expected === '') return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
