/**
 * The loaded rows, virtualized: only the rows in view (and a few either side) exist in the page,
 * so 100,000 rows scroll as smoothly as 100. Rows have one fixed height and the table scrolls in
 * its own box, so nothing is measured: which rows are in view is arithmetic (use-row-window.ts).
 * The rows themselves come from the main process, the rows in view and a margin at a time
 * (state/research-rows.ts); a row not here yet is left blank until it is. Headings sort by their
 * column (newest first until one is chosen), and a new sort starts at the top; a video id opens
 * its public page on the platform (when the row names its account), a username that account. Columns the person hid (ColumnChooser) are left out.
 */
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { VideoField } from '../../../../common/research-rules';
import { openVideoPage, sortBy, tableRows, useResearch } from '../../state/research';
import type { VideoRow } from '../../api/contract';
import { columnsFor, type Column } from './columns';
import { useColumnWidths } from './use-column-widths';
import { useRowWindow } from './use-row-window';

const ROW_HEIGHT = 32;
/** Rows rendered beyond each edge of the box. */
const OVERSCAN = 6;
/**
 * Rows are keyed by their slot (index modulo this), not their index: a row scrolled out hands its
 * DOM to the row scrolled in, which only changes text, instead of React removing and creating
 * elements for every row on every frame. Larger than any window of rows rendered at once, so a
 * row keeps its elements, in place, while it stays in the window: keyed by index modulo the window
 * instead, React moves elements as the window turns, and a focused button moved so loses focus
 * (Tab through the rows then went round in circles; test/e2e/ui-layout-a11y.spec.ts).
 */
const ROW_SLOTS = 128;

export function ResultsTable({ fields, onOpenAccount }: { fields: readonly VideoField[]; onOpenAccount: (username: string) => void }) {
  // Subscribed so that arriving rows render; the rows are read from tableRows.
  useResearch((state) => state.rowsVersion);
  const count = useResearch((state) => state.search?.loaded ?? 0);
  const sort = useResearch((state) => state.sort);
  const hidden = useResearch((state) => state.hiddenColumns);
  const intl = useIntl();
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  // Keyed by the names, not the array: every progress event (4 a second while loading) brings a
  // new fields array, and new columns would re-render every row in view each time.
  const fieldsKey = fields.join(',');
  const columns = useMemo(() => columnsFor(intl, fieldsKey.split(',') as VideoField[], hidden), [intl, fieldsKey, hidden]);
  // Another order is another list: read from its first row, not from where the last one was.
  const sortKey = sort ? `${sort.column} ${sort.direction}` : '';
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [sortKey]);
  // Drawn widths: the columns shared out in the box's width (text columns squeezed or widened), never narrower than a heading's name.
  const widths = useColumnWidths(scroller, head, columns, columns.map((column) => `${column.label} ${column.samples?.join(' ') ?? ''}`).join('\n'));
  const width = widths.reduce((sum, w) => sum + w, 0);

  const { start, end } = useRowWindow(scroller, count, ROW_HEIGHT, OVERSCAN);
  useLayoutEffect(() => tableRows.show(start, end), [start, end]);
  const indexes: number[] = [];
  for (let index = start; index < end; index++) indexes.push(index);

  return (
    <div className="results" role="table" aria-label={intl.formatMessage({ id: 'research.table.label' })} aria-rowcount={count + 1}>
      <div className="results__scroller" ref={scroller} data-testid="results-scroller">
        <div className="results__head" role="row" aria-rowindex={1} style={{ width }} ref={head}>
          {columns.map((column, i) => {
            const sorted = sort?.column === column.field ? sort.direction : null;
            return (
              <div key={column.field} role="columnheader" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'} className={column.numeric ? 'results__cell results__cell--head results__cell--number' : 'results__cell results__cell--head'} style={{ width: widths[i] }}>
                <button type="button" className={sorted ? `results__sort results__sort--${sorted}` : 'results__sort'} title={column.label} onClick={() => sortBy(column.field)}>
                  <span className="results__sort-label">{column.label}</span>
                </button>
              </div>
            );
          })}
        </div>
        {/* Each column's widest value, measured for its width (use-column-widths.ts), never seen or read. */}
        <div className="results__samples" aria-hidden="true">
          {columns.map((column) => (
            <span key={column.field} className="results__sample">
              {(column.samples ?? []).map((sample) => (
                <span key={sample}>{sample}</span>
              ))}
            </span>
          ))}
        </div>
        <div className="results__body" style={{ height: count * ROW_HEIGHT, width }}>
          {indexes.map((index) => {
            const row = tableRows.at(index);
            return row ? <ResultRow key={index % ROW_SLOTS} row={row} index={index} start={index * ROW_HEIGHT} width={width} widths={widths} columns={columns} onOpenAccount={onOpenAccount} /> : null;
          })}
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  row: VideoRow;
  index: number;
  start: number;
  width: number;
  widths: readonly number[];
  columns: readonly Column[];
  onOpenAccount: (username: string) => void;
}

/** One row; unchanged while it stays in view, so a small scroll renders only the rows that came in. */
const ResultRow = memo(function ResultRow({ row, index, start, width, widths, columns, onOpenAccount }: RowProps) {
  const intl = useIntl();
  const handle = (username: string) => intl.formatMessage({ id: 'research.account.handle' }, { username });
  return (
    <div role="row" aria-rowindex={index + 2} className="results__row" style={{ transform: `translateY(${start}px)`, width }}>
      {columns.map((column, i) => (
        // A text cell may end in an ellipsis: its title holds the whole value. Its text runs in its own
        // direction (an English description in an Arabic window is cut at its end, not its beginning).
        <div key={column.field} role="cell" dir={column.numeric ? undefined : 'auto'} className={column.numeric ? 'results__cell results__cell--number' : 'results__cell'} style={{ width: widths[i] }} title={column.full ? column.full(row) : column.numeric ? undefined : column.text(row)}>
          {column.field === 'id' && row.username ? (
            <button type="button" className="results__link" aria-label={intl.formatMessage({ id: 'research.table.openVideo' }, { id: row.id })} onClick={() => void openVideoPage(row.id, row.username!)}>
              {row.id}
            </button>
          ) : column.field === 'username' && row.username ? (
            <button type="button" className="results__link" title={handle(row.username)} onClick={() => onOpenAccount(row.username!)}>
              {handle(row.username)}
            </button>
          ) : (
            column.text(row)
          )}
        </div>
      ))}
    </div>
  );
});
