import { describe, expect, it } from 'vitest';
import { RateWindow } from '../../../../../electron/services/uploads/rate-window.js';

describe('rate window', () => {
  it('allows `limit` uses per window, then says how long to wait', () => {
    const window = new RateWindow(6, 60_000);
    for (let i = 0; i < 6; i++) expect(window.tryTake(1000 + i)).toBe(true);
    expect(window.tryTake(2000)).toBe(false);
    expect(window.waitMs(2000)).toBe(1000 + 60_000 - 2000);
    expect(window.tryTake(61_000)).toBe(true);
  });

  it('never holds more than `limit` uses, also at the instant the oldest ones leave the window', () => {
    const window = new RateWindow(2, 60_000);
    expect(window.tryTake(0)).toBe(true);
    expect(window.tryTake(0)).toBe(true);
    // At 60 000 both have left the window: two more fit, a third does not (6 inits a minute means 6).
    const taken = Array.from({ length: 5 }, () => window.tryTake(60_000));
    expect(taken).toEqual([true, true, false, false, false]);
    expect(window.waitMs(60_000)).toBe(60_000);
  });

  it('saturates for a Retry-After after a server refusal', () => {
    const window = new RateWindow(30, 60_000);
    window.tryTake(0);
    window.saturate(10_000, 5_000);
    expect(window.waitMs(10_000)).toBe(5_000);
    expect(window.tryTake(15_000)).toBe(true);
  });

  it('honours a Retry-After longer than the rest of a full window', () => {
    const window = new RateWindow(2, 60_000);
    window.tryTake(0);
    window.tryTake(1000);
    window.saturate(2000, 120_000);
    expect(window.waitMs(2000)).toBe(120_000);
    expect(window.tryTake(61_000)).toBe(false);
    expect(window.tryTake(122_000)).toBe(true);
  });
});
