/** Which rows of the results table are rendered: the ones in view plus the overscan, clamped to the rows there are. */
import { describe, expect, it } from 'vitest';
import { rowWindow } from '../../../../../../renderer/src/views/research/use-row-window.js';

describe('row window', () => {
  it('renders nothing for no rows, and every row when they all fit', () => {
    expect(rowWindow(0, 32, 0, 480, 6)).toEqual({ start: 0, end: 0 });
    expect(rowWindow(5, 32, 0, 480, 6)).toEqual({ start: 0, end: 5 });
  });

  it('covers the rows in view, partly shown ones included, and the overscan either side', () => {
    // Scrolled to 1000 px: row 31 (992–1024) is partly in view, 1480 px ends inside row 46.
    expect(rowWindow(100_000, 32, 1000, 480, 6)).toEqual({ start: 25, end: 53 });
    expect(rowWindow(100_000, 32, 1000, 480, 0)).toEqual({ start: 31, end: 47 });
  });

  it('stops at the last row when scrolled to the bottom, and at the first for a negative (elastic) scroll', () => {
    expect(rowWindow(1000, 32, 1000 * 32 - 480, 480, 6)).toEqual({ start: 979, end: 1000 });
    expect(rowWindow(1000, 32, -40, 480, 6)).toEqual({ start: 0, end: 21 });
  });

  it('keeps its size whatever the count: the work per render does not grow with the rows loaded', () => {
    const small = rowWindow(1000, 32, 3200, 480, 6);
    const large = rowWindow(100_000, 32, 3200, 480, 6);
    expect(large).toEqual(small);
    // 480 px at a row boundary: 15 rows in view and 6 either side.
    expect(large.end - large.start).toBe(27);
  });

  it('renders no rows past a count that shrank below the scroll position (a new search)', () => {
    expect(rowWindow(10, 32, 50_000, 480, 6)).toEqual({ start: 10, end: 10 });
  });
});
