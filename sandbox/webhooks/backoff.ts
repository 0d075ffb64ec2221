/**
 * When a failed webhook delivery is tried again: exponential backoff on the virtual clock (10 s,
 * 20 s, 40 s … capped at one hour between attempts), giving up once the next attempt would fall
 * more than 72 hours after the first one (docs/PLATFORM.md "Payment webhook": retried "for up to
 * 72 hours of platform time"). Pure, so the schedule is tested without a server.
 */
export const FIRST_RETRY_DELAY_MS = 10_000;
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 72 * 60 * 60 * 1000;

/** The wait after the `failedAttempts`-th consecutive failure (1 → 10 s, 2 → 20 s, …, ≤ 1 h). */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, Math.min(failedAttempts - 1, 30));
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** exponent, MAX_RETRY_DELAY_MS);
}

/** The virtual time of the next attempt after a failure, or null when the delivery gives up. */
export function nextAttemptAt(firstAttemptAt: number, failedAt: number, failedAttempts: number): number | null {
  const next = failedAt + retryDelayMs(failedAttempts);
  return next > firstAttemptAt + GIVE_UP_AFTER_MS ? null : next;
}
