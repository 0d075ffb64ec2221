/**
 * Indexes over a Dataset and the indexed evaluation of a VideoQuery.
 *
 * - Rows are in (create_time, id) order, so the start_date..end_date window, create_date and
 *   video_id conditions are row ranges found by binary search. Every query has a window of at most
 *   31 days, so it only ever looks at that slice of rows.
 * - Dictionary fields (region, music, effect, hashtag, username, keyword words) have inverted
 *   indexes: one sorted posting list of rows per dictionary value, stored CSR (one offsets array
 *   and one big Uint32Array). A posting list is cut to the window by binary search.
 * - Fuzzy conditions first expand to the matching dictionary terms through a TrigramIndex, then
 *   take the union of those terms' postings.
 * - video_length has no index of its own: it filters the (small) candidate set or window slice
 *   through the duration column, which is cheaper than merging up to 600 per-second lists.
 * Row sets are sorted Int32Arrays; and/or/not are intersection, union and difference.
 */
import { lowerBound } from './columns.js';
import type { Dataset } from './dataset.js';
import { TrigramIndex } from './fuzzy.js';
import type { Condition, TimeSpan, VideoQuery } from './query-schema.js';

/** Posting lists in CSR form: rows of value v are rows[offsets[v] .. offsets[v+1]), ascending. */
export interface Postings {
  readonly offsets: Uint32Array;
  readonly rows: Uint32Array;
}

export interface VideoIndex {
  readonly ds: Dataset;
  /** Keyword dictionary: description words, then hashtags that are not also words. */
  readonly keywordTerms: TrigramIndex;
  readonly keywordPostings: Postings;
  readonly hashtagTerms: TrigramIndex;
  readonly hashtagPostings: Postings;
  readonly usernameTerms: TrigramIndex;
  readonly accountPostings: Postings;
  readonly regionPostings: Postings;
  readonly musicPostings: Postings;
  readonly effectPostings: Postings;
  readonly regionByCode: ReadonlyMap<string, number>;
  readonly musicByCode: ReadonlyMap<string, number>;
  readonly effectByCode: ReadonlyMap<string, number>;
}

export function buildVideoIndex(ds: Dataset): VideoIndex {
  const n = ds.size;
  const keywordDictionary = [...ds.words];
  const wordCode = new Map(ds.words.map((w, i) => [w, i]));
  const hashtagTerm = new Uint32Array(ds.hashtags.length);
  ds.hashtags.forEach((tag, i) => {
    let term = wordCode.get(tag);
    if (term === undefined) {
      term = keywordDictionary.length;
      keywordDictionary.push(tag);
    }
    hashtagTerm[i] = term;
  });

  const keywordPostings = buildPostings(n, keywordDictionary.length, (row, emit) => {
    for (let i = ds.descOffsets[row]!; i < ds.descOffsets[row + 1]!; i++) emit(ds.descWords[i]!);
    for (let i = ds.tagOffsets[row]!; i < ds.tagOffsets[row + 1]!; i++) emit(hashtagTerm[ds.tagIds[i]!]!);
  });
  const hashtagPostings = buildPostings(n, ds.hashtags.length, (row, emit) => {
    for (let i = ds.tagOffsets[row]!; i < ds.tagOffsets[row + 1]!; i++) emit(ds.tagIds[i]!);
  });
  const effectPostings = buildPostings(n, ds.effectIds.length, (row, emit) => {
    for (let i = ds.effectOffsets[row]!; i < ds.effectOffsets[row + 1]!; i++) emit(ds.effectCodes[i]!);
  });
  return {
    ds,
    keywordTerms: new TrigramIndex(keywordDictionary),
    keywordPostings,
    hashtagTerms: new TrigramIndex(ds.hashtags),
    hashtagPostings,
    usernameTerms: new TrigramIndex(ds.accounts.usernames),
    accountPostings: buildSingleValuePostings(ds.account, ds.accounts.size),
    regionPostings: buildSingleValuePostings(ds.region, ds.regions.length),
    musicPostings: buildSingleValuePostings(ds.music, ds.musicIds.length),
    effectPostings,
    regionByCode: new Map(ds.regions.map((code, i) => [code, i])),
    musicByCode: new Map(ds.musicIds.map((id, i) => [id, i])),
    effectByCode: new Map(ds.effectIds.map((id, i) => [id, i])),
  };
}

/** Two passes (count, then fill); a value emitted twice for one row is posted once. */
function buildPostings(n: number, values: number, eachValue: (row: number, emit: (value: number) => void) => void): Postings {
  const lastRow = new Int32Array(values).fill(-1);
  const offsets = new Uint32Array(values + 1);
  let current = 0;
  const count = (value: number): void => {
    if (lastRow[value] === current) return;
    lastRow[value] = current;
    offsets[value + 1]! += 1;
  };
  for (current = 0; current < n; current++) eachValue(current, count);
  for (let v = 0; v < values; v++) offsets[v + 1]! += offsets[v]!;
  const rows = new Uint32Array(offsets[values]!);
  const fill = offsets.slice(0, values);
  lastRow.fill(-1);
  const place = (value: number): void => {
    if (lastRow[value] === current) return;
    lastRow[value] = current;
    rows[fill[value]!++] = current;
  };
  for (current = 0; current < n; current++) eachValue(current, place);
  return { offsets, rows };
}

function buildSingleValuePostings(column: Uint8Array | Uint32Array, values: number): Postings {
  const offsets = new Uint32Array(values + 1);
  for (let r = 0; r < column.length; r++) offsets[column[r]! + 1]! += 1;
  for (let v = 0; v < values; v++) offsets[v + 1]! += offsets[v]!;
  const rows = new Uint32Array(column.length);
  const fill = offsets.slice(0, values);
  for (let r = 0; r < column.length; r++) rows[fill[column[r]!]!++] = r;
  return { offsets, rows };
}

// ---------------------------------------------------------------- row ranges

export interface RowRange { readonly lo: number; readonly hi: number }

/** Rows whose create_time lies in [span.from, span.to). */
export function rowsInTimeSpan(ds: Dataset, span: TimeSpan): RowRange {
  const clamp = (t: number): number => Math.max(0, Math.min(0xffffffff + 1, t));
  return { lo: lowerBound(ds.createTime, clamp(span.from)), hi: lowerBound(ds.createTime, clamp(span.to)) };
}

/** First row whose id is >= id. */
function lowerBoundId(ds: Dataset, id: bigint): number {
  const high = id >> 32n;
  if (high > 0xffffffffn) return ds.size;
  const t = Number(high);
  const low = Number(id & 0xffffffffn);
  let lo = lowerBound(ds.createTime, t);
  const hi = lowerBound(ds.createTime, t + 1);
  // rows with the same second are few; their ids are ascending
  while (lo < hi && ds.idLow[lo]! < low) lo++;
  return lo;
}

/** The row of a video id, or undefined when the dataset has no such video (its public page). */
export function rowOfVideoId(ds: Dataset, id: string): number | undefined {
  if (!/^\d{1,20}$/.test(id)) return undefined;
  const wanted = BigInt(id);
  const row = lowerBoundId(ds, wanted);
  return row < ds.size && ((BigInt(ds.createTime[row]!) << 32n) | BigInt(ds.idLow[row]!)) === wanted ? row : undefined;
}

// ---------------------------------------------------------------- sorted row set operations

const EMPTY = new Int32Array(0);

function rangeRows(lo: number, hi: number): Int32Array {
  const out = new Int32Array(Math.max(0, hi - lo));
  for (let i = 0; i < out.length; i++) out[i] = lo + i;
  return out;
}

export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  if (a.length > b.length) return intersect(b, a);
  const out = new Int32Array(a.length);
  let k = 0;
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const v = a[i]!;
    if (b.length > 16 * a.length) j = lowerBound(b, v, j);
    else while (j < b.length && b[j]! < v) j++;
    if (j < b.length && b[j] === v) out[k++] = v;
  }
  return out.subarray(0, k);
}

export function union(sets: readonly Int32Array[]): Int32Array {
  const nonEmpty = sets.filter((s) => s.length > 0);
  if (nonEmpty.length === 0) return EMPTY;
  if (nonEmpty.length === 1) return nonEmpty[0]!;
  let total = 0;
  for (const s of nonEmpty) total += s.length;
  const all = new Int32Array(total);
  let at = 0;
  for (const s of nonEmpty) {
    all.set(s, at);
    at += s.length;
  }
  all.sort();
  let k = 0;
  for (let i = 0; i < all.length; i++) if (k === 0 || all[i] !== all[k - 1]) all[k++] = all[i]!;
  return all.subarray(0, k);
}

export function difference(a: Int32Array, b: Int32Array): Int32Array {
  if (b.length === 0) return a;
  const out = new Int32Array(a.length);
  let k = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    while (j < b.length && b[j]! < v) j++;
    if (j >= b.length || b[j] !== v) out[k++] = v;
  }
  return out.subarray(0, k);
}

// ---------------------------------------------------------------- evaluation

/** Rows of posting list `value` that fall in [lo, hi). */
function postingsIn(p: Postings, value: number, lo: number, hi: number): Int32Array {
  const start = p.offsets[value]!;
  const end = p.offsets[value + 1]!;
  const from = lowerBound(p.rows, lo, start, end);
  const to = lowerBound(p.rows, hi, from, end);
  return new Int32Array(p.rows.buffer, p.rows.byteOffset + from * 4, to - from);
}

function unionOfValues(p: Postings, values: Iterable<number>, lo: number, hi: number): Int32Array {
  const sets: Int32Array[] = [];
  for (const v of values) sets.push(postingsIn(p, v, lo, hi));
  return union(sets);
}

function codesToValues(byCode: ReadonlyMap<string, number>, codes: readonly string[]): number[] {
  const out: number[] = [];
  for (const code of codes) {
    const v = byCode.get(code);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** Conditions that are cheaper as a check of each candidate row than as a row set. */
const isFilter = (c: Condition): boolean => c.field === 'video_length';

function rowPassesFilter(ds: Dataset, c: Condition, row: number): boolean {
  if (c.field !== 'video_length') throw new Error(`not a filter condition: ${c.field}`);
  const d = ds.duration[row]!;
  for (const s of c.spans) if (d >= s.min && d <= s.max) return true;
  return false;
}

function filterRows(ds: Dataset, c: Condition, rows: Int32Array): Int32Array {
  const out = new Int32Array(rows.length);
  let k = 0;
  for (let i = 0; i < rows.length; i++) if (rowPassesFilter(ds, c, rows[i]!)) out[k++] = rows[i]!;
  return out.subarray(0, k);
}

function filterRange(ds: Dataset, c: Condition, lo: number, hi: number): Int32Array {
  const out = new Int32Array(Math.max(0, hi - lo));
  let k = 0;
  for (let r = lo; r < hi; r++) if (rowPassesFilter(ds, c, r)) out[k++] = r;
  return out.subarray(0, k);
}

/** All rows in [lo, hi) that satisfy the condition, ascending. */
export function conditionRows(index: VideoIndex, c: Condition, lo: number, hi: number): Int32Array {
  const ds = index.ds;
  switch (c.field) {
    case 'keyword': {
      const phrases = c.phrases.map((words) => {
        let rows: Int32Array | undefined;
        for (const word of words) {
          const matches = unionOfValues(index.keywordPostings, index.keywordTerms.lookup(word), lo, hi);
          rows = rows === undefined ? matches : intersect(rows, matches);
          if (rows.length === 0) break;
        }
        return rows ?? EMPTY;
      });
      return union(phrases);
    }
    case 'hashtag_name':
      return unionOfValues(index.hashtagPostings, new Set(c.terms.flatMap((t) => index.hashtagTerms.lookup(t))), lo, hi);
    case 'username':
      return unionOfValues(index.accountPostings, new Set(c.terms.flatMap((t) => index.usernameTerms.lookup(t))), lo, hi);
    case 'region_code':
      return unionOfValues(index.regionPostings, new Set(codesToValues(index.regionByCode, c.codes)), lo, hi);
    case 'music_id':
      return unionOfValues(index.musicPostings, new Set(codesToValues(index.musicByCode, c.codes)), lo, hi);
    case 'effect_id':
      return unionOfValues(index.effectPostings, new Set(codesToValues(index.effectByCode, c.codes)), lo, hi);
    case 'create_date':
      return union(c.spans.map((span) => {
        const r = rowsInTimeSpan(ds, span);
        return rangeRows(Math.max(lo, r.lo), Math.min(hi, r.hi));
      }));
    case 'video_id':
      return union(c.spans.map((span) => {
        if (span.min > span.max) return EMPTY;
        return rangeRows(Math.max(lo, lowerBoundId(ds, span.min)), Math.min(hi, lowerBoundId(ds, span.max + 1n)));
      }));
    case 'video_length':
      return filterRange(ds, c, lo, hi);
  }
}

/** Rows matching the query inside the window, ascending (= oldest first, by create_time then id). */
export function matchIndexed(index: VideoIndex, query: Pick<VideoQuery, 'and' | 'or' | 'not'>, window: TimeSpan): Int32Array {
  const { lo, hi } = rowsInTimeSpan(index.ds, window);
  if (hi <= lo) return EMPTY;
  let rows: Int32Array | undefined;
  const andSets = query.and.filter((c) => !isFilter(c));
  const andFilters = query.and.filter(isFilter);
  for (const c of andSets) {
    const matched = conditionRows(index, c, lo, hi);
    rows = rows === undefined ? matched : intersect(rows, matched);
    if (rows.length === 0) return EMPTY;
  }
  for (const c of andFilters) {
    rows = rows === undefined ? filterRange(index.ds, c, lo, hi) : filterRows(index.ds, c, rows);
    if (rows.length === 0) return EMPTY;
  }
  if (query.or.length > 0) {
    const candidates = rows;
    const any = union(query.or.map((c) => (candidates !== undefined && isFilter(c) ? filterRows(index.ds, c, candidates) : conditionRows(index, c, lo, hi))));
    rows = rows === undefined ? any : intersect(rows, any);
  }
  if (query.not.length > 0) {
    const base = rows ?? rangeRows(lo, hi);
    const excluded = union(query.not.map((c) => (isFilter(c) ? filterRows(index.ds, c, base) : conditionRows(index, c, lo, hi))));
    rows = difference(base, excluded);
  }
  return rows ?? rangeRows(lo, hi);
}
