/**
 * Which rows of a fixed-height list are in view (plus `overscan` either side) in a scrolling box,
 * by arithmetic: the first is scrollTop / rowHeight, the count is the box's height / rowHeight.
 *
 * The results table used @tanstack/react-virtual, which keeps a position for every row and rebuilds
 * them all (a key and a size lookup per row) whenever the count changes: while 100,000 rows loaded
 * in slices that was O(rows) per slice, O(n²) in all, and the renderer's largest cost in the
 * research-client benchmark's profile. Rows of one height need none of it, so the cost here does
 * not grow with the rows loaded. The queue (varying heights, groups) keeps the library.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

export interface RowWindow {
  /** First row index rendered (inclusive). */
  start: number;
  /** Last row index rendered (exclusive). */
  end: number;
}

/** Rows [start, end) to render for a box scrolled to `scrollTop` showing `viewport` pixels of rows. */
export function rowWindow(count: number, rowHeight: number, scrollTop: number, viewport: number, overscan: number): RowWindow {
  if (count <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewport)) / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, last + overscan);
  return { start, end: Math.max(start, end) };
}

/**
 * Follows `box`'s scroll position and height and answers the rows to render. Re-renders only when
 * the window moves by a row, inside the scroll event (flushSync), so the rows are there before the
 * frame is painted, as the library did.
 */
export function useRowWindow(box: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan: number): RowWindow {
  const [view, setView] = useState({ scrollTop: 0, viewport: 0 });

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    let last = { first: -1, viewport: -1 };
    const read = (sync: boolean) => {
      const scrollTop = element.scrollTop;
      const viewport = element.clientHeight;
      const first = Math.floor(scrollTop / rowHeight);
      if (first === last.first && viewport === last.viewport) return;
      last = { first, viewport };
      if (sync) flushSync(() => setView({ scrollTop, viewport }));
      else setView({ scrollTop, viewport });
    };
    read(false);
    const onScroll = () => read(true);
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => read(false));
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [box, rowHeight]);

  return rowWindow(count, rowHeight, view.scrollTop, view.viewport, overscan);
}
