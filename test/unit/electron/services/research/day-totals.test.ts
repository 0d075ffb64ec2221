/** The chart's per-day sums, kept current as rows arrive: each row counted once, a new search starting over. */
import { describe, expect, it } from 'vitest';
import type { VideoRow } from '../../../../../electron/core/contract/research.js';
import { DayTotals } from '../../../../../electron/services/research/day-totals.js';

const DAY = 86_400;
const row = (id: number, create_time: number | undefined, view_count?: number, like_count?: number): VideoRow => ({ id: String(id), create_time, view_count, like_count });

describe('day totals', () => {
  it('sums videos, views and likes per UTC day, days ascending, rows without a time left out', () => {
    const totals = new DayTotals();
    expect(totals.update([row(1, 3 * DAY + 5, 10, 1), row(2, DAY + 7, 4), row(3, 3 * DAY + 86_399, 1, 2), row(4, undefined, 100, 100)])).toEqual([
      [DAY, 3 * DAY],
      [1, 2],
      [4, 11],
      [0, 3],
    ]);
  });

  it('adds only the rows appended since the last update, and gives the same answer as summing them all at once', () => {
    const all = Array.from({ length: 1000 }, (_, i) => row(i, (i % 7) * DAY + i, i, i % 3));
    const growing: VideoRow[] = [];
    let reads = 0;
    const watched = new Proxy(growing, { get: (target, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && reads++, Reflect.get(target, key, receiver)) });
    const incremental = new DayTotals();
    for (let start = 0; start < all.length; start += 137) {
      growing.push(...all.slice(start, start + 137));
      incremental.update(watched);
    }
    expect(reads).toBe(1000);
    expect(incremental.update(watched)).toEqual(new DayTotals().update(all));
    expect(incremental.update(watched)[1].reduce((sum, videos) => sum + videos, 0)).toBe(1000);
  });

  it('starts over for a new search (another rows array)', () => {
    const totals = new DayTotals();
    totals.update([row(1, DAY, 5, 5)]);
    expect(totals.update([row(2, 2 * DAY, 1, 1)])).toEqual([[2 * DAY], [1], [1], [1]]);
  });
});
