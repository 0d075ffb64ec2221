/**
 * How each video field is shown in the results table: its heading, its width and how a value
 * reads. (Rows are sorted where they live, in the main process: services/research/sort-order.ts.)
 */
import type { VideoField } from '../../../../common/research-rules';
import type { VideoRow } from '../../api/contract';

export interface Column {
  field: VideoField;
  label: string;
  width: number;
  numeric: boolean;
  text(row: VideoRow): string;
  /** The whole value, where `text` may cut it (the cell's title, so nothing is out of reach). */
  full?(row: VideoRow): string;
}

// One formatter: toLocaleString builds a new one per call, too slow for every cell of every frame.
const NUMBER = new Intl.NumberFormat('en-US');
const count = (value: number | undefined) => (value === undefined ? '' : NUMBER.format(value));
const day = (seconds: number | undefined) => (seconds === undefined ? '' : new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' '));
/**
 * Long text is cut to what a cell can show: the cell would hide the rest behind an ellipsis anyway,
 * but the browser would still lay out every character of every row scrolled past.
 */
const CELL_CHARS = 90;
const clip = (text: string) => (text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS - 1)}…` : text);
const joined = (values: string[] | undefined) => (values ?? []).join(', ');
const list = (values: string[] | undefined) => clip(joined(values));

const COLUMNS: Record<VideoField, Omit<Column, 'field'>> = {
  id: { label: 'Video id', width: 190, numeric: false, text: (r) => r.id },
  create_time: { label: 'Created (UTC)', width: 140, numeric: true, text: (r) => day(r.create_time) },
  username: { label: 'Account', width: 150, numeric: false, text: (r) => r.username ?? '' },
  region_code: { label: 'Region', width: 70, numeric: false, text: (r) => r.region_code ?? '' },
  view_count: { label: 'Views', width: 100, numeric: true, text: (r) => count(r.view_count) },
  like_count: { label: 'Likes', width: 90, numeric: true, text: (r) => count(r.like_count) },
  comment_count: { label: 'Comments', width: 90, numeric: true, text: (r) => count(r.comment_count) },
  share_count: { label: 'Shares', width: 80, numeric: true, text: (r) => count(r.share_count) },
  favorites_count: { label: 'Favorites', width: 90, numeric: true, text: (r) => count(r.favorites_count) },
  video_duration: { label: 'Length (s)', width: 80, numeric: true, text: (r) => count(r.video_duration) },
  hashtag_names: { label: 'Hashtags', width: 200, numeric: false, text: (r) => list(r.hashtag_names), full: (r) => joined(r.hashtag_names) },
  effect_ids: { label: 'Effects', width: 140, numeric: false, text: (r) => list(r.effect_ids), full: (r) => joined(r.effect_ids) },
  music_id: { label: 'Music id', width: 150, numeric: false, text: (r) => r.music_id ?? '' },
  playlist_id: { label: 'Playlist', width: 100, numeric: true, text: (r) => (r.playlist_id === undefined ? '' : String(r.playlist_id)) },
  is_stem_verified: { label: 'STEM', width: 60, numeric: false, text: (r) => (r.is_stem_verified === undefined ? '' : r.is_stem_verified ? 'yes' : 'no') },
  video_description: { label: 'Description', width: 320, numeric: false, text: (r) => clip(r.video_description ?? ''), full: (r) => r.video_description ?? '' },
  voice_to_text: { label: 'Speech', width: 260, numeric: false, text: (r) => clip(r.voice_to_text ?? ''), full: (r) => r.voice_to_text ?? '' },
};

export function columnsFor(fields: readonly VideoField[]): Column[] {
  const ordered: VideoField[] = ['id', ...fields.filter((field) => field !== 'id')];
  return ordered.map((field) => ({ field, ...COLUMNS[field] }));
}

export function fieldLabel(field: VideoField): string {
  return COLUMNS[field].label;
}
