/**
 * Property check: the indexed engine and the plain full scan agree on many random queries.
 */
import { describe, expect, it } from 'vitest';
import { effectIdsOf, hashtagsOf, videoIdOf } from '../../../../sandbox/research/dataset.js';
import { mulberry32 } from '../../../../sandbox/research/prng.js';
import { formatYyyymmdd, parseVideoQuery } from '../../../../sandbox/research/query-schema.js';
import { matchScan } from '../../../../sandbox/research/scan.js';
import { buildVideoIndex, matchIndexed } from '../../../../sandbox/research/video-index.js';
import type { Body, RawCondition } from '../../../support/research-engine.js';
import { ALL_FIELDS, expectOk, makeEngine } from '../../../support/research-engine.js';

const { engine } = makeEngine();
const ds = engine.dataset;
const index = buildVideoIndex(ds);
const rng = mulberry32(2024);

const pick = <T>(items: readonly T[]): T => items[rng.int(0, items.length - 1)]!;
const randomRow = (): number => rng.int(0, ds.size - 1);
function typo(word: string): string {
  if (word.length < 2) return word;
  const i = rng.int(0, word.length - 2);
  switch (rng.int(0, 3)) {
    case 0: return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1: return word.slice(0, i) + word.slice(i + 1);
    case 2: return word.slice(0, i) + 'e' + word.slice(i);
    default: return word.slice(0, i) + 'x' + word.slice(i + 1);
  }
}
const maybeTypo = (word: string): string => (rng.chance(0.4) ? typo(word) : word);
const textOps = ['EQ', 'IN'] as const;
const allOps = ['EQ', 'IN', 'GT', 'GTE', 'LT', 'LTE'] as const;
const values = (op: string, make: () => string): string[] => (op === 'IN' ? Array.from({ length: rng.int(1, 3) }, make) : [make()]);

function randomCondition(windowStart: number): RawCondition {
  const field = pick(['keyword', 'keyword', 'hashtag_name', 'hashtag_name', 'username', 'region_code', 'region_code', 'music_id', 'effect_id', 'video_id', 'create_date', 'video_length', 'video_length']);
  const textOp = pick(textOps);
  const op = pick(allOps);
  switch (field) {
    case 'keyword':
      return { field_name: field, operation: textOp, field_values: values(textOp, () => {
        const r = rng.next();
        if (r < 0.5) return maybeTypo(pick(ds.words));
        if (r < 0.75) return `#${maybeTypo(pick(ds.hashtags.slice(0, 300)))}`;
        if (r < 0.9) return `${pick(ds.words)} ${maybeTypo(pick(ds.words))}`;
        return `zq${rng.int(0, 999)}`;
      }) };
    case 'hashtag_name':
      return { field_name: field, operation: textOp, field_values: values(textOp, () => {
        const tags = hashtagsOf(ds, randomRow());
        return maybeTypo(tags.length > 0 ? pick(tags) : pick(ds.hashtags));
      }) };
    case 'username':
      return { field_name: field, operation: textOp, field_values: values(textOp, () => maybeTypo(ds.accounts.usernames[ds.account[randomRow()]!]!)) };
    case 'region_code':
      return { field_name: field, operation: textOp, field_values: values(textOp, () => (rng.chance(0.9) ? ds.regions[ds.region[randomRow()]!]! : 'ZZ')) };
    case 'music_id':
      return { field_name: field, operation: textOp, field_values: values(textOp, () => ds.musicIds[ds.music[randomRow()]!]!) };
    case 'effect_id':
      return { field_name: field, operation: textOp, field_values: values(textOp, () => {
        const effects = effectIdsOf(ds, randomRow());
        return effects.length > 0 ? pick(effects) : pick(ds.effectIds);
      }) };
    case 'video_id':
      return { field_name: field, operation: op, field_values: values(op, () => {
        // ids near the window, sometimes between two videos
        const id = BigInt(videoIdOf(ds, Math.min(ds.size - 1, Math.max(0, lowerRow(windowStart) + rng.int(-50, 800)))));
        return String(id + BigInt(rng.int(-1, 1)));
      }) };
    case 'create_date':
      return { field_name: field, operation: op, field_values: values(op, () => formatYyyymmdd(windowStart + rng.int(-3, 33) * 86_400)) };
    default:
      return { field_name: 'video_length', operation: op, field_values: values(op, () => (rng.chance(0.5) ? pick(['SHORT', 'MID', 'LONG', 'EXTRA_LONG']) : String(rng.int(5, 400)))) };
  }
}

function lowerRow(t: number): number {
  let lo = 0;
  let hi = ds.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ds.createTime[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function randomBody(): Body {
  const startDay = rng.int(-5, 735);
  const start = ds.spanStart + startDay * 86_400;
  const days = rng.chance(0.7) ? rng.int(20, 31) : rng.int(1, 19);
  const group = (max: number): RawCondition[] => Array.from({ length: rng.int(0, max) }, () => randomCondition(start));
  let query = { and: group(3), or: group(3), not: group(2) };
  if (query.and.length + query.or.length + query.not.length === 0) query = { ...query, and: [randomCondition(start)] };
  return { query, start_date: formatYyyymmdd(start), end_date: formatYyyymmdd(start + (days - 1) * 86_400) };
}

describe('indexed engine vs full scan', () => {
  it('match exactly the same rows for 600 random queries', () => {
    let nonEmpty = 0;
    let large = 0;
    for (let i = 0; i < 600; i++) {
      const b = randomBody();
      const q = expectOk(parseVideoQuery(b));
      const indexed = Array.from(matchIndexed(index, q, q.window!));
      const scanned = Array.from(matchScan(ds, q, q.window!));
      expect(indexed, JSON.stringify(b)).toEqual(scanned);
      if (scanned.length > 0) nonEmpty++;
      if (scanned.length > 100) large++;
    }
    // the queries must exercise real matches, not mostly empty sets
    expect(nonEmpty).toBeGreaterThan(200);
    expect(large).toBeGreaterThan(50);
  });

  it('return the same pages through the public API', () => {
    for (let i = 0; i < 60; i++) {
      const b = { ...randomBody(), max_count: rng.int(1, 100), is_random: rng.chance(0.2) };
      const viaIndex = expectOk(engine.queryVideos(b, ALL_FIELDS, 'app'));
      const viaScan = expectOk(engine.scanQueryVideos(b, ALL_FIELDS, 'app'));
      if (!b.is_random) expect(viaIndex.videos, JSON.stringify(b)).toEqual(viaScan.videos);
      else expect(viaIndex.videos.length).toBe(viaScan.videos.length);
      expect(viaIndex.has_more).toBe(viaScan.has_more);
      expect(viaIndex.cursor).toBe(viaScan.cursor);
    }
  });
});
