import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../../server-kit/rate-limiter.js';
import { pendingShareCount, PENDING_WINDOW_MS } from '../../../sandbox/limits/pending-shares.js';

describe('SlidingWindowLimiter', () => {
  it('allows `limit` calls in any window, per key, and says when to retry', () => {
    const limiter = new SlidingWindowLimiter(3, 60_000);
    expect(limiter.take('a', 0)).toEqual({ allowed: true, remaining: 2 });
    expect(limiter.take('a', 10_000).allowed).toBe(true);
    expect(limiter.take('a', 20_000).allowed).toBe(true);
    expect(limiter.take('a', 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.take('b', 30_000).allowed).toBe(true);
    // The window slides: at 60 s the first call has left it, and only that one.
    expect(limiter.take('a', 59_999).allowed).toBe(false);
    expect(limiter.take('a', 60_000).allowed).toBe(true);
    expect(limiter.take('a', 60_001).allowed).toBe(false);
  });

  it('does not count refused calls', () => {
    const limiter = new SlidingWindowLimiter(1, 1000);
    expect(limiter.take('k', 0).allowed).toBe(true);
    for (let t = 1; t < 1000; t += 100) expect(limiter.take('k', t).allowed).toBe(false);
    expect(limiter.take('k', 1001).allowed).toBe(true);
  });

  it('refuses nonsense limits', () => {
    expect(() => new SlidingWindowLimiter(0, 1000)).toThrow(RangeError);
    expect(() => new SlidingWindowLimiter(1, 0)).toThrow(RangeError);
  });
});

describe('pendingShareCount', () => {
  const share = (open_id: string, created_at: number, extra: { posted?: boolean; failed?: boolean } = {}) => ({ open_id, created_at, posted: false, failed: false, ...extra });

  it('counts the user’s unposted, unfailed shares of the last 24 hours', () => {
    const now = PENDING_WINDOW_MS + 1000;
    const shares = [
      share('u', now - 10),
      share('u', now - PENDING_WINDOW_MS + 1),
      share('u', now - PENDING_WINDOW_MS), // exactly 24 h old: no longer pending
      share('u', now - 5, { posted: true }),
      share('u', now - 5, { failed: true }),
      share('other', now - 5),
    ];
    expect(pendingShareCount(shares, 'u', now)).toBe(2);
    expect(pendingShareCount(shares, 'other', now)).toBe(1);
    expect(pendingShareCount([], 'u', now)).toBe(0);
  });
});
