/**
 * A sliding-window rate limiter: at most `limit` calls per key in any `windowMs`. Time comes from
 * the caller (the virtual clock), so advancing the clock frees the window. Pure apart from its
 * own memory, which it prunes as it goes.
 */
export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
  private readonly calls = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
    if (!(windowMs > 0)) throw new RangeError('windowMs must be positive');
  }

  /** Count a call for `key` at `now` if the window has room; a refused call is not counted. */
  take(key: string, now: number): RateDecision {
    const since = now - this.windowMs;
    const recent = (this.calls.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= this.limit) {
      this.calls.set(key, recent);
      const oldest = recent[0]!;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.calls.set(key, recent);
    if (this.calls.size > 10_000) this.prune(since);
    return { allowed: true, remaining: this.limit - recent.length };
  }

  private prune(since: number): void {
    for (const [key, times] of this.calls) if (times.every((t) => t <= since)) this.calls.delete(key);
  }
}
