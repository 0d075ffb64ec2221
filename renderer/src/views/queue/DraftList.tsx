/**
 * The queue's drafts, virtualized: only the rows in view (and a few either side) exist in the
 * page, so 10,000 drafts scroll as smoothly as 10. Rows have fixed heights (a draft's, an account
 * heading's when grouped), so nothing needs measuring. The page's main area is the scroller (the
 * list is part of the page, not a box within it); the list's offset in it is kept current as the
 * notices above it come and go. Which drafts show, and how grouped, is the queue view's (state/queue-view.ts).
 * While the list flies past (more than a screen since the last render) rows are glimpses
 * (DraftRowGlimpse.tsx), keeping their elements from frame to frame, and full rows again once it slows.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useVisibleRows, type QueueRow } from '../../state/queue-view';
import { DraftRow } from './DraftRow';
import { DraftRowGlimpse } from './DraftRowGlimpse';
import { GroupHeading } from './GroupHeading';

export const ROW_HEIGHT = 76;
export const GROUP_HEIGHT = 44;
/**
 * Rows are rendered in the scroll event, before the frame is painted, so spare rows only cover the
 * compositor scrolling ahead; each one costs every frame of a fast scroll, when all rows are new.
 */
const OVERSCAN = 2;

function scroller(): HTMLElement | null {
  return document.getElementById('main');
}

const rowKey = (row: QueueRow) => (row.kind === 'draft' ? row.id : `group:${row.openId}`);

export function DraftList() {
  const intl = useIntl();
  const { rows, ids, size } = useVisibleRows();
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
    count: rows.length,
    getScrollElement: scroller,
    estimateSize: (index) => (rows[index]!.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT),
    overscan: OVERSCAN,
    scrollMargin: offset,
    getItemKey: (index) => rowKey(rows[index]!),
  });

  const items = virtualizer.getVirtualItems();
  // Moved by more than a screen since the last render: the list flies past, rows show a glimpse of themselves.
  const last = useRef(0);
  const scrolled = virtualizer.scrollOffset ?? 0;
  const flying = virtualizer.isScrolling && Math.abs(scrolled - last.current) > (virtualizer.scrollRect?.height ?? Infinity);
  last.current = scrolled;
  return (
    <ul ref={list} className="draft-list" aria-label={intl.formatMessage({ id: 'queue.list.label' })} style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item, position) => {
        const row = rows[item.index]!;
        const top = item.start - offset;
        if (row.kind === 'group') return <GroupHeading key={item.key} openId={row.openId} count={row.count} style={{ transform: `translateY(${top}px)` }} />;
        // Plain numbers and ids only: a row whose draft and place did not change is not rendered again as the list scrolls.
        // Keyed by place on screen: each frame's glimpses keep the last frame's elements and change only their words (none of the rows stayed in view).
        if (flying) return <DraftRowGlimpse key={`glimpse:${position}`} id={row.id} index={row.at} count={size} top={top} />;
        return <DraftRow key={item.key} id={row.id} index={row.at} count={size} prevId={ids[row.at - 1] ?? null} nextId={ids[row.at + 1] ?? null} top={top} />;
      })}
    </ul>
  );
}
