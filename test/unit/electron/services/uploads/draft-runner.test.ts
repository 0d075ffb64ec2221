/** How long a failed run waits before its next try: AppHost.timing's uploadRetryMs reaches the backoff. */
import { describe, expect, it } from 'vitest';
import { words } from '../../../../../electron/core/contract/index.js';
import { DEFAULT_RETRY_MS, failureEvent } from '../../../../../electron/services/uploads/draft-runner.js';
import type { Failure } from '../../../../../electron/services/uploads/failure.js';

const NOW = 1_000_000;
// random 0.5: a first retry waits three quarters of its ceiling, the ceiling doubling per attempt.
const half = () => 0.5;
const dropped: Failure = { kind: 'retry', words: words('wait.retry.connection_dropped'), offline: false };
const offline: Failure = { kind: 'retry', words: words('wait.offline'), offline: true };
const limited: Failure = { kind: 'rate_limited' };
const waitOf = (event: ReturnType<typeof failureEvent>) => (event.type === 'wait' ? event.until - NOW : null);

describe('failureEvent', () => {
  it('waits from 500 ms by default (1 s offline), doubling per attempt', () => {
    expect(DEFAULT_RETRY_MS).toBe(500);
    expect(waitOf(failureEvent(dropped, 1, NOW, half))).toBe(375);
    expect(waitOf(failureEvent(dropped, 3, NOW, half))).toBe(1500);
    expect(waitOf(failureEvent(offline, 1, NOW, half))).toBe(750);
    expect(waitOf(failureEvent(limited, 2, NOW, half))).toBe(750);
  });

  it('starts from the retry wait it is given, for a reset, offline and a 429 alike', () => {
    expect(waitOf(failureEvent(dropped, 1, NOW, half, 100))).toBe(75);
    expect(waitOf(failureEvent(dropped, 3, NOW, half, 100))).toBe(300);
    expect(waitOf(failureEvent(offline, 1, NOW, half, 100))).toBe(150);
    expect(waitOf(failureEvent(limited, 2, NOW, half, 100))).toBe(150);
  });

  it('still waits at least what the platform asked (Retry-After), and no longer than the ceilings', () => {
    expect(waitOf(failureEvent({ kind: 'rate_limited', retryAfterMs: 30_000 }, 1, NOW, half, 100))).toBe(30_000);
    expect(waitOf(failureEvent(dropped, 30, NOW, () => 1, 100))).toBe(60_000);
    expect(waitOf(failureEvent(offline, 30, NOW, () => 1, 100))).toBe(15_000);
  });
});
