/**
 * The queue's drafts, virtualized: only the rows in view (and a few either side) exist in the
 * page, so 10,000 drafts scroll as smoothly as 10. Rows have one fixed height, so nothing needs
 * measuring. The page's main area is the scroller (the list is part of the page, not a box
 * within it); the list's offset in it is kept current as the notices above it come and go.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { useDrafts } from '../../state/drafts';
import { DraftRow } from './DraftRow';

export const ROW_HEIGHT = 76;
/**
 * Rows are rendered in the scroll event, before the frame is painted, so spare rows only cover the
 * compositor scrolling ahead; each one costs every frame of a fast scroll, when all rows are new.
 */
const OVERSCAN = 2;

function scroller(): HTMLElement | null {
  return document.getElementById('main');
}

export function DraftList() {
  const order = useDrafts((state) => state.order);
  const list = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const main = scroller();
    const element = list.current;
    if (!main || !element) return;
    const measure = () => setOffset(element.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop);
    measure();
    // Anything above the list changing height (a notice, files being added) moves it.
    const observer = new ResizeObserver(measure);
    for (const sibling of element.parentElement?.children ?? []) if (sibling !== element) observer.observe(sibling);
    observer.observe(main);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: offset,
    getItemKey: (index) => order[index]!,
  });

  const items = virtualizer.getVirtualItems();
  return (
    <ul ref={list} className="draft-list" aria-label="Drafts" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => (
        <DraftRow key={item.key} id={order[item.index]!} index={item.index} count={order.length} style={{ transform: `translateY(${item.start - offset}px)` }} />
      ))}
    </ul>
  );
}
