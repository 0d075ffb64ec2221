/**
 * The loaded rows sorted by a column, as positions: the rows array is never copied, and a stable
 * sort keeps arrival order (newest first) among equals. Missing values go last either way.
 */
import type { VideoField } from '../../../common/research-rules.js';
import type { RowSort, VideoRow } from '../../core/contract/research.js';

export function sortedOrder(rows: readonly VideoRow[], field: VideoField, direction: RowSort['direction']): Uint32Array {
  const order = new Uint32Array(rows.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const sign = direction === 'asc' ? 1 : -1;
  const key = (row: VideoRow): number | string | undefined => {
    const value = row[field];
    if (value === undefined) return undefined;
    // Ids are decimal strings of up to 19 digits: padded, they compare as the numbers they are.
    if (field === 'id') return (value as string).padStart(20, '0');
    if (Array.isArray(value)) return value.join(',').toLowerCase();
    if (typeof value === 'boolean') return value ? 1 : 0;
    return typeof value === 'string' ? value.toLowerCase() : value;
  };
  const keys = rows.map(key);
  return order.sort((a, b) => {
    const ka = keys[a];
    const kb = keys[b];
    if (ka === kb) return a - b;
    if (ka === undefined) return 1;
    if (kb === undefined) return -1;
    return (ka < kb ? -1 : 1) * sign;
  });
}
