/**
 * The plain full scan: every row of the dataset is checked against the query, with no index and
 * no use of the row order. It is the reference semantics the indexed engine is tested against
 * and the baseline the benchmark compares it with, so it is written to be obviously right, not fast.
 */
import type { Dataset } from './dataset.js';
import { fuzzyMatch } from './fuzzy.js';
import type { Condition, TimeSpan, VideoQuery } from './query-schema.js';

function someToken(ds: Dataset, row: number, test: (token: string) => boolean): boolean {
  for (let i = ds.descOffsets[row]!; i < ds.descOffsets[row + 1]!; i++) if (test(ds.words[ds.descWords[i]!]!)) return true;
  for (let i = ds.tagOffsets[row]!; i < ds.tagOffsets[row + 1]!; i++) if (test(ds.hashtags[ds.tagIds[i]!]!)) return true;
  return false;
}

export function rowMatches(ds: Dataset, row: number, c: Condition): boolean {
  switch (c.field) {
    case 'keyword':
      return c.phrases.some((words) => words.every((word) => someToken(ds, row, (token) => fuzzyMatch(word, token))));
    case 'hashtag_name':
      return c.terms.some((term) => {
        for (let i = ds.tagOffsets[row]!; i < ds.tagOffsets[row + 1]!; i++) if (fuzzyMatch(term, ds.hashtags[ds.tagIds[i]!]!)) return true;
        return false;
      });
    case 'username':
      return c.terms.some((term) => fuzzyMatch(term, ds.accounts.usernames[ds.account[row]!]!));
    case 'region_code':
      return c.codes.includes(ds.regions[ds.region[row]!]!);
    case 'music_id':
      return c.codes.includes(ds.musicIds[ds.music[row]!]!);
    case 'effect_id':
      for (let i = ds.effectOffsets[row]!; i < ds.effectOffsets[row + 1]!; i++) if (c.codes.includes(ds.effectIds[ds.effectCodes[i]!]!)) return true;
      return false;
    case 'create_date': {
      const t = ds.createTime[row]!;
      return c.spans.some((s) => t >= s.from && t < s.to);
    }
    case 'video_length': {
      const d = ds.duration[row]!;
      return c.spans.some((s) => d >= s.min && d <= s.max);
    }
    case 'video_id': {
      const id = (BigInt(ds.createTime[row]!) << 32n) | BigInt(ds.idLow[row]!);
      return c.spans.some((s) => id >= s.min && id <= s.max);
    }
  }
}

/** Rows matching the query inside the window, ascending. */
export function matchScan(ds: Dataset, query: Pick<VideoQuery, 'and' | 'or' | 'not'>, window: TimeSpan): Int32Array {
  const out: number[] = [];
  for (let row = 0; row < ds.size; row++) {
    const t = ds.createTime[row]!;
    if (t < window.from || t >= window.to) continue;
    if (!query.and.every((c) => rowMatches(ds, row, c))) continue;
    if (query.or.length > 0 && !query.or.some((c) => rowMatches(ds, row, c))) continue;
    if (query.not.some((c) => rowMatches(ds, row, c))) continue;
    out.push(row);
  }
  return Int32Array.from(out);
}
