/**
 * A search's loaded results summed per UTC day (videos, views, likes) for the chart, kept current
 * as rows arrive: each row is added once, the first time the sums are asked for after it arrived,
 * instead of summing every loaded row again on each ask (10 a second while 100,000 rows load).
 */
import type { DaySeries, VideoRow } from '../../core/contract/research.js';

export class DayTotals {
  private readonly days = new Map<number, [number, number, number]>();
  private source: readonly VideoRow[] | null = null;
  private counted = 0;

  /**
   * Adds the rows appended to `rows` since the last call and answers the series. A search's rows
   * only ever grow in place (search.ts); a different array starts over.
   */
  update(rows: readonly VideoRow[]): DaySeries {
    if (rows !== this.source || rows.length < this.counted) {
      this.days.clear();
      this.source = rows;
      this.counted = 0;
    }
    for (; this.counted < rows.length; this.counted++) {
      const row = rows[this.counted]!;
      if (row.create_time === undefined) continue;
      const day = row.create_time - (row.create_time % 86_400);
      const sums = this.days.get(day);
      if (sums) {
        sums[0] += 1;
        sums[1] += row.view_count ?? 0;
        sums[2] += row.like_count ?? 0;
      } else this.days.set(day, [1, row.view_count ?? 0, row.like_count ?? 0]);
    }
    const keys = [...this.days.keys()].sort((a, b) => a - b);
    const at = (index: 0 | 1 | 2) => keys.map((key) => this.days.get(key)![index]);
    return [keys, at(0), at(1), at(2)];
  }
}
