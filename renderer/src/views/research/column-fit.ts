/**
 * How wide each results column is drawn in the room the table has. A column has a width it reads
 * well at; a text column (a description, hashtags, an account) may also give up width, down to its
 * `min`, and takes any width left over. No column is narrower than its heading's name, so every
 * heading reads in full in every language (pt-BR "Visualizações" was cut in 100 px).
 *
 * With the default columns at 1280 px the table had 1,090 px of columns in 950 px of room and
 * scrolled sideways; with the description and the account squeezed (down to 120 and 130 px: an
 * account's name, cut short, still shows 14 characters) and the id and the date as wide as their
 * values, they fit in every language (Portuguese's longer headings scrolled 21 px at 140 and 136,
 * with a 176 px id and a 146 px date), and from 1440 px up the description takes the room the others leave.
 */

export interface ColumnSize {
  /** The width the column reads well at (for a column sized by its values, only until they are measured). */
  width: number;
  /** Only for a text column: the narrowest it may be squeezed to (its text ends in an ellipsis). */
  min?: number;
  /**
   * Values of one known widest form (a video's id, a date): the column is as wide as that form or
   * its heading, measured, wider or narrower than `width` (a guess that left a 176 px column for a
   * 157 px id, and 146 px for a 121 px date).
   */
  byValue?: boolean;
}

/**
 * The drawn widths, in order: the columns' own widths, shared out in `available` pixels. `heading`
 * is each column's own need, measured (its heading's name, the cell's padding and the sort arrow's
 * room, or its widest value where it has one); empty until measured. Fewer pixels
 * than the narrowest widths: the narrowest widths (the table scrolls sideways).
 */
export function fitColumns(columns: readonly ColumnSize[], heading: readonly number[], available: number): number[] {
  const preferred = columns.map((column, i) => (column.byValue && heading[i] !== undefined ? Math.ceil(heading[i]) : Math.max(column.width, Math.ceil(heading[i] ?? 0))));
  const narrowest = columns.map((column, i) => (column.min === undefined ? preferred[i]! : Math.min(preferred[i]!, Math.max(column.min, Math.ceil(heading[i] ?? 0)))));
  const total = preferred.reduce((sum, width) => sum + width, 0);
  const room = Math.max(0, Math.floor(available));
  if (total <= room) {
    // Spare room goes to the text columns, in proportion to their widths (the description gets most).
    const flexible = columns.map((column, i) => (column.min === undefined ? 0 : preferred[i]!));
    const flexibleTotal = flexible.reduce((sum, width) => sum + width, 0);
    if (flexibleTotal === 0) return preferred;
    return preferred.map((width, i) => width + Math.floor(((room - total) * flexible[i]!) / flexibleTotal));
  }
  const give = preferred.map((width, i) => width - narrowest[i]!);
  const giveTotal = give.reduce((sum, width) => sum + width, 0);
  const over = total - room;
  if (giveTotal <= over) return narrowest;
  // Each text column gives up its share of what is too much, in proportion to what it can give.
  return preferred.map((width, i) => width - Math.ceil((over * give[i]!) / giveTotal));
}
