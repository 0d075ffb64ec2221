/**
 * The results columns' drawn widths (column-fit.ts) for the room the table's box has now. Each
 * heading's name (and a column's widest value, where it has a sample) is measured where it is
 * drawn, in the window's font and language, when the columns change; the room is followed as the
 * window is resized. Both are read once per change, not per row, so scrolling costs nothing here.
 */
import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { fitColumns, type ColumnSize } from './column-fit';

/** A cell's padding either side (--space-2). */
const PADDING = 2 * 8;
/** A heading's sort arrow's room (3 px and a 10 px "▼"), kept whether sorted or not so sorting moves no column. */
const ARROW = 13;

export function useColumnWidths(scroller: RefObject<HTMLElement | null>, head: RefObject<HTMLElement | null>, columns: readonly ColumnSize[], labelsKey: string): number[] {
  const [room, setRoom] = useState(0);
  const [headings, setHeadings] = useState<{ key: string; widths: number[] }>({ key: '', widths: [] });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const read = () => setRoom(element.clientWidth);
    read();
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller]);

  useLayoutEffect(() => {
    const labels = head.current?.querySelectorAll<HTMLElement>('.results__sort-label');
    const samples = head.current?.parentElement?.querySelectorAll<HTMLElement>('.results__samples > .results__sample');
    if (!labels || !samples) return;
    // A column's need: its heading's name and arrow, or its widest value (the hidden samples beside the heading), whichever is wider.
    const needs = [...labels].map((label, i) => Math.max(label.getBoundingClientRect().width + ARROW, samples[i]?.getBoundingClientRect().width ?? 0) + PADDING);
    setHeadings({ key: labelsKey, widths: needs });
  }, [head, labelsKey]);

  const measured = headings.key === labelsKey ? headings.widths : [];
  const measuredKey = measured.map(Math.ceil).join(',');
  // Keyed by the numbers, not the array: an equal fit keeps its array, so the rows (memo) do not re-render.
  return useMemo(() => (room > 0 ? fitColumns(columns, measured, room) : columns.map((column) => column.width)), [columns, measuredKey, room]);
}
