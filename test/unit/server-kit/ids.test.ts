/** Log ids (server-kit/ids.ts): the clock's UTC second, then random hex; never the same twice. */
import { describe, expect, it } from 'vitest';
import { newLogId } from '../../../server-kit/ids.js';

describe('log ids', () => {
  it("start with the clock's second and never repeat, across many refills of their random pool", () => {
    let now = Date.UTC(2026, 10, 27, 3, 40, 5, 900);
    const clock = { now: () => now };
    const ids = new Set<string>();
    for (let i = 0; i < 5_000; i++) ids.add(newLogId(clock));
    expect(ids.size).toBe(5_000);
    for (const id of ids) expect(id).toMatch(/^20261127034005[0-9A-F]{20}$/);
    now += 100; // the next second
    expect(newLogId(clock)).toMatch(/^20261127034006/);
    now = Date.UTC(2025, 0, 1); // a virtual clock may go anywhere
    expect(newLogId(clock)).toMatch(/^20250101000000[0-9A-F]{20}$/);
  });
});
