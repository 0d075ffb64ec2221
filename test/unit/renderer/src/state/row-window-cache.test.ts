/**
 * The results table's row cache: it asks the main process for the rows in view and a margin, in
 * blocks, one request at a time for the latest view; asks again only for blocks made stale by
 * arriving rows (a partial block in arrival order; every block when sorted); starts over for
 * another search or sort; drops far blocks; and says once when a settled search's rows are shown.
 */
import { describe, expect, it } from 'vitest';
import type { RowSort, VideoRow } from '../../../../../electron/core/contract/research.js';
import { sortedOrder } from '../../../../../electron/services/research/sort-order.js';
import { BLOCK, RowWindowCache, type RowSource } from '../../../../../renderer/src/state/research-rows.js';

/** A main process in memory: loaded rows, answering windows as research.search.rows does. */
function fakeMain(loaded: number) {
  const rows: VideoRow[] = Array.from({ length: loaded }, (_, i) => ({ id: String(i), like_count: (i * 7919) % 1000 }));
  const asked: { from: number; max: number; sort: RowSort | null }[] = [];
  let source: RowSource = { sessionId: 'session-a', loaded, settled: false, sort: null };
  let gate: Promise<void> = Promise.resolve();
  const settledCalls: RowSource[] = [];
  const cache = new RowWindowCache({
    async fetch(_sessionId, from, max, sort) {
      asked.push({ from, max, sort });
      await gate;
      const order = sort ? [...sortedOrder(rows, sort.column, sort.direction)] : rows.map((_, i) => i);
      return { loaded: rows.length, rows: order.slice(from, from + max).map((i) => rows[i]!) };
    },
    current: () => source,
    arrived: () => undefined,
    failed: (error) => {
      throw error;
    },
    settled: (s) => settledCalls.push(s),
  });
  return {
    cache,
    rows,
    asked,
    settledCalls,
    set: (patch: Partial<RowSource>) => (source = { ...source, ...patch }),
    grow(count: number) {
      for (let i = 0; i < count; i++) rows.push({ id: String(rows.length), like_count: (rows.length * 7919) % 1000 });
      source = { ...source, loaded: rows.length };
    },
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = Promise.resolve();
        open();
      };
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('row window cache', () => {
  it('asks for the blocks of the rows in view and a margin, and answers the rows by index', async () => {
    const main = fakeMain(10_000);
    main.cache.show(5000, 5030);
    await settle();
    // 5000–5030 with 100 rows either side: blocks 49–51, in one request.
    expect(main.asked).toEqual([{ from: 49 * BLOCK, max: 3 * BLOCK, sort: null }]);
    expect(main.cache.at(5000)?.id).toBe('5000');
    expect(main.cache.at(5129)?.id).toBe('5129');
    expect(main.cache.at(4800)).toBeUndefined();
    // A small scroll inside what is here asks for nothing.
    main.cache.show(5010, 5040);
    await settle();
    expect(main.asked).toHaveLength(1);
  });

  it('in arrival order, asks again only for the block that was not full when more rows load', async () => {
    const main = fakeMain(250);
    main.cache.show(150, 180);
    await settle();
    expect(main.asked).toEqual([{ from: 0, max: 3 * BLOCK, sort: null }]);
    main.grow(40);
    main.cache.refresh();
    await settle();
    // Blocks 0 and 1 were full; block 2 had 50 rows and now has 90.
    expect(main.asked.at(-1)).toEqual({ from: 2 * BLOCK, max: BLOCK, sort: null });
    expect(main.cache.at(289)?.id).toBe('289');
    main.grow(0);
    main.cache.refresh();
    await settle();
    expect(main.asked).toHaveLength(2);
  });

  it('sorted, asks for every block in view again when rows arrive, and starts over for another sort', async () => {
    const main = fakeMain(1000);
    const sort: RowSort = { column: 'like_count', direction: 'desc' };
    main.set({ sort });
    main.cache.show(0, 30);
    await settle();
    const expected = () => [...sortedOrder(main.rows, 'like_count', 'desc')].slice(0, 30).map((i) => main.rows[i]!.id);
    const shown = () => Array.from({ length: 30 }, (_, i) => main.cache.at(i)?.id);
    expect(shown()).toEqual(expected());
    main.grow(500);
    main.cache.refresh();
    await settle();
    expect(main.asked.at(-1)).toEqual({ from: 0, max: 2 * BLOCK, sort });
    expect(shown()).toEqual(expected());
    main.set({ sort: { column: 'like_count', direction: 'asc' } });
    main.cache.refresh();
    // Rows of the old order are not shown in the new one.
    expect(main.cache.at(0)).toBeUndefined();
    await settle();
    expect(main.cache.at(0)?.like_count).toBe(Math.min(...main.rows.map((row) => row.like_count!)));
  });

  it('keeps one request in flight and then asks for where the view ended up', async () => {
    const main = fakeMain(100_000);
    const release = main.hold();
    main.cache.show(0, 30);
    for (let first = 1000; first <= 90_000; first += 1000) main.cache.show(first, first + 30);
    await settle();
    expect(main.asked).toHaveLength(1);
    release();
    await settle();
    await settle();
    expect(main.asked.map((ask) => ask.from)).toEqual([0, 89_900]);
    expect(main.cache.at(90_000)?.id).toBe('90000');
  });

  it('drops blocks far from the view, and says once when a settled search is shown', async () => {
    const main = fakeMain(100_000);
    for (let first = 0; first < 100_000; first += 3000) {
      main.cache.show(first, first + 30);
      await settle();
    }
    expect(main.cache.at(0)).toBeUndefined();
    expect(main.settledCalls).toEqual([]);
    main.set({ settled: true });
    main.cache.refresh();
    await settle();
    main.cache.refresh();
    await settle();
    expect(main.settledCalls).toHaveLength(1);
    expect(main.settledCalls[0]).toMatchObject({ sessionId: 'session-a', loaded: 100_000 });
    main.set({ sessionId: 'session-b' });
    main.cache.refresh();
    expect(main.cache.at(99_000)).toBeUndefined();
    await settle();
    expect(main.settledCalls.map((s) => s.sessionId)).toEqual(['session-a', 'session-b']);
  });
});
