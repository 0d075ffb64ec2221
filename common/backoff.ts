/**
 * When to try again after a transient failure: exponential backoff with full jitter (so many
 * uploads failing together do not retry together), never sooner than the server's Retry-After.
 */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 60_000 };

/** Delay before retry number `attempt` (1 = first retry). `random` is injectable for tests. */
export function backoffDelay(attempt: number, retryAfterMs: number | undefined, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2));
  return Math.max(jittered, retryAfterMs ?? 0);
}
