/**
 * Approximate string matching for research conditions on text (keyword, hashtag_name, username).
 *
 * The rule, used identically by the index and by the full scan:
 *   both sides are normalized (NFKC, lower case, a leading # or @ dropped), then a term matches a
 *   query when their optimal-string-alignment distance (Levenshtein plus adjacent transposition) is
 *   at most maxEdits(query length): 0 for up to 3 characters, 1 for 4–7, 2 for 8 or more.
 * Short queries must match exactly because one edit on a 3-letter word matches half the
 * dictionary ("fyp" ≈ "fy", "yyp"...); longer ones tolerate the typos people actually make.
 *
 * TrigramIndex finds all matching terms of a dictionary without comparing against each of them,
 * using the q-gram lemma (see lookup).
 */

/** NFKC, lower case, trimmed, without a leading '#' or '@'. */
export function normalizeTerm(value: string): string {
  return value.normalize('NFKC').toLowerCase().trim().replace(/^[#@]+/, '');
}

/** Words of a free text: runs of letters, digits and '_', lower-cased (so '#fyp' gives 'fyp'). */
export function tokenize(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

export function maxEdits(length: number): number {
  if (length <= 3) return 0;
  if (length <= 7) return 1;
  return 2;
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Whether the optimal-string-alignment distance between a and b is at most k. Bounded: gives up as
 * soon as every cell of a DP row exceeds k.
 */
export function withinEdits(a: string, b: string, k: number): boolean {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > k) return false;
  if (k === 0) return a === b;
  if (a === b) return true;
  if (lb + 1 > rowA.length) {
    rowA = new Int32Array(lb + 1);
    rowB = new Int32Array(lb + 1);
    rowC = new Int32Array(lb + 1);
  }
  // rows: prev2 (i-2), prev (i-1), cur (i)
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    const ca = a.charCodeAt(i - 1);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = prev[j - 1]! + cost;
      const del = prev[j]! + 1;
      if (del < v) v = del;
      const ins = cur[j - 1]! + 1;
      if (ins < v) v = ins;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        const tr = prev2[j - 2]! + 1;
        if (tr < v) v = tr;
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > k) return false;
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  return prev[lb]! <= k;
}

/** The matching rule itself, on already-normalized strings. */
export function fuzzyMatch(query: string, term: string): boolean {
  return withinEdits(query, term, maxEdits(query.length));
}

const PAD = 1; // U+0001 around each string: never part of a term, marks word starts and ends

function trigramKeys(s: string): number[] {
  const codes = [PAD, PAD];
  for (let i = 0; i < s.length; i++) codes.push(s.charCodeAt(i));
  codes.push(PAD, PAD);
  const keys = new Set<number>();
  for (let i = 0; i + 2 < codes.length; i++) keys.add(codes[i]! * 4294967296 + codes[i + 1]! * 65536 + codes[i + 2]!);
  return [...keys];
}

/**
 * A dictionary of normalized terms, indexed by padded trigrams and by length.
 *
 * q-gram lemma: each edit touches at most 3 padded trigrams of the query, an adjacent transposition
 * at most 4, and every untouched trigram still occurs in the term. So a term within k edits
 * contains at least D − 4k of the query's D distinct trigrams. lookup() counts shared trigrams over
 * the posting lists and verifies only the terms that reach that bound (and have a fitting length);
 * when the bound is ≤ 0 (very short queries with k ≥ 1) it verifies the terms of fitting length.
 */
export class TrigramIndex {
  readonly terms: readonly string[];
  private readonly exact = new Map<string, number[]>();
  private readonly gramOffsets: Map<number, number>;
  private readonly gramCounts: Map<number, number>;
  private readonly postings: Uint32Array;
  private readonly lengths: Uint16Array;
  /** Term ids grouped by length: byLength[len] (ascending ids). */
  private readonly byLength: Uint32Array[];
  private readonly hits: Uint16Array;

  constructor(terms: readonly string[]) {
    this.terms = terms;
    this.lengths = new Uint16Array(terms.length);
    const grams = new Map<number, number[]>();
    const lengthBuckets: number[][] = [];
    terms.forEach((term, id) => {
      const same = this.exact.get(term);
      if (same) same.push(id);
      else this.exact.set(term, [id]);
      const len = Math.min(term.length, 65535);
      this.lengths[id] = len;
      (lengthBuckets[len] ??= []).push(id);
      for (const key of trigramKeys(term)) {
        let list = grams.get(key);
        if (!list) grams.set(key, (list = []));
        list.push(id);
      }
    });
    let total = 0;
    for (const list of grams.values()) total += list.length;
    this.postings = new Uint32Array(total);
    this.gramOffsets = new Map();
    this.gramCounts = new Map();
    let at = 0;
    for (const [key, list] of grams) {
      this.gramOffsets.set(key, at);
      this.gramCounts.set(key, list.length);
      this.postings.set(list, at);
      at += list.length;
    }
    this.byLength = Array.from({ length: lengthBuckets.length }, (_, len) => Uint32Array.from(lengthBuckets[len] ?? []));
    this.hits = new Uint16Array(terms.length);
  }

  /** Ids of all terms t with fuzzyMatch(query, t), ascending. `query` must be normalized. */
  lookup(query: string): number[] {
    const k = maxEdits(query.length);
    if (k === 0) {
      return [...(this.exact.get(query) ?? [])];
    }
    const minLen = query.length - k;
    const maxLen = query.length + k;
    const keys = trigramKeys(query);
    const needed = keys.length - 4 * k;
    const out: number[] = [];
    if (needed <= 0) {
      for (let len = Math.max(0, minLen); len <= maxLen && len < this.byLength.length; len++) {
        for (const id of this.byLength[len]!) if (withinEdits(query, this.terms[id]!, k)) out.push(id);
      }
      return out.sort((a, b) => a - b);
    }
    const touched: number[] = [];
    const hits = this.hits;
    for (const key of keys) {
      const start = this.gramOffsets.get(key);
      if (start === undefined) continue;
      const end = start + this.gramCounts.get(key)!;
      for (let i = start; i < end; i++) {
        const id = this.postings[i]!;
        if (hits[id] === 0) touched.push(id);
        hits[id]! += 1;
      }
    }
    for (const id of touched) {
      const len = this.lengths[id]!;
      if (hits[id]! >= needed && len >= minLen && len <= maxLen && withinEdits(query, this.terms[id]!, k)) out.push(id);
      hits[id] = 0;
    }
    return out.sort((a, b) => a - b);
  }
}
