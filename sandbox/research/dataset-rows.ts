/**
 * Reading one row of the dataset back as the platform's values: the video id, the description
 * with its hashtags, the speech, the hashtags, effect ids and playlist id.
 */
import { capitalize, DESCRIPTION_ENDINGS, type Dataset } from './dataset-model.js';

const PLAYLIST_BASE = 7_100_000_000_000_000;

/** The video id as its decimal string: createTime * 2^32 + idLow. */
export function videoIdOf(ds: Dataset, row: number): string {
  return ((BigInt(ds.createTime[row]!) << 32n) | BigInt(ds.idLow[row]!)).toString();
}

export function descriptionOf(ds: Dataset, row: number): string {
  const parts: string[] = [];
  for (let i = ds.descOffsets[row]!; i < ds.descOffsets[row + 1]!; i++) parts.push(ds.words[ds.descWords[i]!]!);
  if (parts.length > 0) parts[0] = capitalize(parts[0]!);
  let text = parts.join(' ') + DESCRIPTION_ENDINGS[ds.ending[row]!]!;
  for (let i = ds.tagOffsets[row]!; i < ds.tagOffsets[row + 1]!; i++) text += `${text.length > 0 ? ' ' : ''}#${ds.hashtags[ds.tagIds[i]!]!}`;
  return text.trim();
}

export function voiceToTextOf(ds: Dataset, row: number): string {
  const parts: string[] = [];
  for (let i = ds.speechOffsets[row]!; i < ds.speechOffsets[row + 1]!; i++) parts.push(ds.words[ds.speechWords[i]!]!);
  return parts.join(' ');
}

export function hashtagsOf(ds: Dataset, row: number): string[] {
  const out: string[] = [];
  for (let i = ds.tagOffsets[row]!; i < ds.tagOffsets[row + 1]!; i++) out.push(ds.hashtags[ds.tagIds[i]!]!);
  return out;
}

export function effectIdsOf(ds: Dataset, row: number): string[] {
  const out: string[] = [];
  for (let i = ds.effectOffsets[row]!; i < ds.effectOffsets[row + 1]!; i++) out.push(ds.effectIds[ds.effectCodes[i]!]!);
  return out;
}

export function playlistIdOf(ds: Dataset, row: number): number | undefined {
  const k = ds.playlist[row]!;
  return k === 0 ? undefined : PLAYLIST_BASE + ds.account[row]! * 4 + k;
}
