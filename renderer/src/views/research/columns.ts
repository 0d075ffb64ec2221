/**
 * How each video field is shown in the results table: its heading (a name a person reads, from the
 * catalog), its width (for text, also how narrow it may be squeezed: column-fit.ts) and how a value
 * reads in the window's locale. (Rows are sorted where they live, in the main process:
 * services/research/sort-order.ts.)
 */
import type { IntlShape } from 'react-intl';
import type { VideoField } from '../../../../common/research-rules';
import type { VideoRow } from '../../api/contract';
import type { ColumnSize } from './column-fit';

export interface Column extends ColumnSize {
  field: VideoField;
  label: string;
  numeric: boolean;
  text(row: VideoRow): string;
  /** The whole value, where `text` may cut it (the cell's title, so nothing is out of reach). */
  full?(row: VideoRow): string;
  /** Values as wide as this column's get in the window's language, measured so the column holds the widest (a date: Arabic's is longer). */
  samples?: string[];
}

/** 28 December 2026, 10:58 and 22:58 UTC: every part of a date and time at its widest, morning and evening (Arabic's ص is wider than its م). */
const WIDEST_DATES_SECONDS = [Date.UTC(2026, 11, 28, 10, 58, 58) / 1000, Date.UTC(2026, 11, 28, 22, 58, 58) / 1000];

/** A video's id: 19 digits (a 64-bit number's), each as wide as a digit gets. */
const WIDEST_ID = '8'.repeat(19);

/**
 * Long text is cut to what a cell can show: the cell would hide the rest behind an ellipsis anyway,
 * but the browser would still lay out every character of every row scrolled past.
 */
const CELL_CHARS = 90;
const clip = (text: string) => (text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS - 1)}…` : text);
const joined = (values: string[] | undefined) => (values ?? []).join(', ');
const list = (values: string[] | undefined) => clip(joined(values));

type ColumnShape = Omit<Column, 'field' | 'label'>;

/** The columns in one locale: one number and one date formatter for every cell (building one per call is too slow for every cell of every frame). */
function columnShapes(intl: IntlShape): Record<VideoField, ColumnShape> {
  const number = new Intl.NumberFormat(intl.locale);
  const date = new Intl.DateTimeFormat(intl.locale, { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'short' });
  const count = (value: number | undefined) => (value === undefined ? '' : number.format(value));
  const posted = (seconds: number | undefined) => (seconds === undefined ? '' : date.format(seconds * 1000));
  const yes = intl.formatMessage({ id: 'research.value.yes' });
  const no = intl.formatMessage({ id: 'research.value.no' });
  return {
    id: { width: 176, byValue: true, numeric: false, text: (r) => r.id, samples: [WIDEST_ID] },
    create_time: { width: 146, byValue: true, numeric: true, text: (r) => posted(r.create_time), full: (r) => posted(r.create_time), samples: WIDEST_DATES_SECONDS.map(posted) },
    username: { width: 150, min: 130, numeric: false, text: (r) => r.username ?? '' },
    region_code: { width: 70, numeric: false, text: (r) => r.region_code ?? '' },
    view_count: { width: 96, numeric: true, text: (r) => count(r.view_count) },
    like_count: { width: 86, numeric: true, text: (r) => count(r.like_count) },
    comment_count: { width: 90, numeric: true, text: (r) => count(r.comment_count) },
    share_count: { width: 80, numeric: true, text: (r) => count(r.share_count) },
    favorites_count: { width: 90, numeric: true, text: (r) => count(r.favorites_count) },
    video_duration: { width: 80, numeric: true, text: (r) => count(r.video_duration) },
    hashtag_names: { width: 200, min: 120, numeric: false, text: (r) => list(r.hashtag_names), full: (r) => joined(r.hashtag_names) },
    effect_ids: { width: 140, min: 100, numeric: false, text: (r) => list(r.effect_ids), full: (r) => joined(r.effect_ids) },
    music_id: { width: 150, numeric: false, text: (r) => r.music_id ?? '' },
    playlist_id: { width: 100, numeric: true, text: (r) => (r.playlist_id === undefined ? '' : String(r.playlist_id)) },
    is_stem_verified: { width: 60, numeric: false, text: (r) => (r.is_stem_verified === undefined ? '' : r.is_stem_verified ? yes : no) },
    video_description: { width: 270, min: 120, numeric: false, text: (r) => clip(r.video_description ?? ''), full: (r) => r.video_description ?? '' },
    voice_to_text: { width: 260, min: 140, numeric: false, text: (r) => clip(r.voice_to_text ?? ''), full: (r) => r.voice_to_text ?? '' },
  };
}

/** The table's columns for the loaded fields, the video first, without the ones the person hid. */
export function columnsFor(intl: IntlShape, fields: readonly VideoField[], hidden: readonly VideoField[] = []): Column[] {
  const shapes = columnShapes(intl);
  const ordered: VideoField[] = ['id', ...fields.filter((field) => field !== 'id' && !hidden.includes(field))];
  return ordered.map((field) => ({ field, label: fieldLabel(intl, field), ...shapes[field] }));
}

/** A video field's name as the table's heading and the builder's "Fields to return" say it. */
export function fieldLabel(intl: IntlShape, field: VideoField): string {
  return intl.formatMessage({ id: `research.column.${field}` });
}
