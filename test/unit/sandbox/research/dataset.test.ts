import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../../sandbox/research/dataset.js';
import { DAY_SECONDS, descriptionOf, generateDataset, hashtagsOf, SPAN_DAYS, videoIdOf } from '../../../../sandbox/research/dataset.js';
import { normalizeTerm, tokenize } from '../../../../sandbox/research/fuzzy.js';
import { TODAY } from '../../../support/research-engine.js';

const OPTIONS = { seed: 11, videos: 20_000, accounts: 1_500, today: TODAY };
const ds = generateDataset(OPTIONS);

function fingerprint(d: Dataset): string {
  const hash = createHash('sha256');
  for (const column of [d.createTime, d.idLow, d.account, d.region, d.music, d.duration, d.views, d.likes, d.comments, d.shares, d.favorites,
    d.stemVerified, d.playlist, d.ending, d.descOffsets, d.descWords, d.tagOffsets, d.tagIds, d.effectOffsets, d.effectCodes, d.speechOffsets, d.speechWords]) {
    hash.update(new Uint8Array(column.buffer, column.byteOffset, column.byteLength));
  }
  hash.update(JSON.stringify([d.words, d.hashtags, d.musicIds, d.effectIds, d.accounts.usernames, d.accounts.displayNames, d.accounts.bios, d.accounts.avatarUrls]));
  hash.update(new Uint8Array(d.accounts.followers.buffer));
  hash.update(new Uint8Array(d.accounts.following.buffer));
  return hash.digest('hex');
}

function median(values: ArrayLike<number>): number {
  const sorted = Array.from(values).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe('generateDataset', () => {
  it('is deterministic: the same options give identical data', () => {
    expect(fingerprint(generateDataset(OPTIONS))).toBe(fingerprint(ds));
  });

  it('gives different data for a different seed', () => {
    const other = generateDataset({ ...OPTIONS, seed: 12 });
    expect(fingerprint(other)).not.toBe(fingerprint(ds));
    expect(Array.from(other.views.subarray(0, 50))).not.toEqual(Array.from(ds.views.subarray(0, 50)));
  });

  it('depends only on the UTC day of today', () => {
    const dayStart = Math.floor(TODAY / 86_400_000) * 86_400_000;
    const early = generateDataset({ ...OPTIONS, today: dayStart + 1 });
    const late = generateDataset({ ...OPTIONS, today: dayStart + 86_399_999 });
    expect(fingerprint(early)).toBe(fingerprint(ds));
    expect(fingerprint(late)).toBe(fingerprint(ds));
    expect(fingerprint(generateDataset({ ...OPTIONS, today: dayStart + 86_400_000 }))).not.toBe(fingerprint(ds));
  });

  it('has the requested sizes', () => {
    expect(ds.size).toBe(20_000);
    expect(ds.createTime.length).toBe(20_000);
    expect(ds.accounts.size).toBe(1_500);
    expect(ds.accounts.usernames.length).toBe(1_500);
  });

  it('spreads create times over the 730 whole UTC days before today, denser recently', () => {
    const todayStart = Math.floor(TODAY / 86_400_000) * DAY_SECONDS;
    expect(ds.spanEnd).toBe(todayStart);
    expect(ds.spanStart).toBe(todayStart - SPAN_DAYS * DAY_SECONDS);
    let first = 0;
    let last = 0;
    const quarter = (ds.spanEnd - ds.spanStart) / 4;
    for (const t of ds.createTime) {
      expect(t).toBeGreaterThanOrEqual(ds.spanStart);
      expect(t).toBeLessThan(ds.spanEnd);
      if (t < ds.spanStart + quarter) first++;
      if (t >= ds.spanEnd - quarter) last++;
    }
    expect(last).toBeGreaterThan(first * 1.5);
    // every month has videos
    for (let day = 0; day < SPAN_DAYS; day += 30) {
      const from = ds.spanStart + day * DAY_SECONDS;
      expect(ds.createTime.some((t) => t >= from && t < from + 30 * DAY_SECONDS)).toBe(true);
    }
  });

  it('orders rows by (create_time, id) with unique 19-digit ids', () => {
    const ids = new Set<string>();
    let previous = -1n;
    for (let r = 0; r < ds.size; r++) {
      const id = videoIdOf(ds, r);
      expect(id).toMatch(/^\d{19}$/);
      const value = BigInt(id);
      expect(value).toBeGreaterThan(previous);
      expect(Number(value >> 32n)).toBe(ds.createTime[r]);
      previous = value;
      ids.add(id);
    }
    expect(ids.size).toBe(ds.size);
  });

  it('keeps account totals consistent with their videos', () => {
    const count = new Array<number>(ds.accounts.size).fill(0);
    const likes = new Array<number>(ds.accounts.size).fill(0);
    for (let r = 0; r < ds.size; r++) {
      count[ds.account[r]!]! += 1;
      likes[ds.account[r]!]! += ds.likes[r]!;
    }
    expect(Array.from(ds.accounts.videoCount)).toEqual(count);
    expect(Array.from(ds.accounts.likes)).toEqual(likes);
    expect(count.filter((c) => c === 0).length).toBeGreaterThan(0); // some accounts never post
    expect(Math.max(...count)).toBeGreaterThan(median(count) * 10); // a few post a lot
  });

  it('has unique, normalized usernames and dictionary terms', () => {
    expect(new Set(ds.accounts.usernames).size).toBe(ds.accounts.size);
    for (const term of [...ds.accounts.usernames, ...ds.words, ...ds.hashtags]) expect(normalizeTerm(term)).toBe(term);
    expect(new Set(ds.hashtags).size).toBe(ds.hashtags.length);
    expect(new Set(ds.words).size).toBe(ds.words.length);
    for (const [username, account] of ds.accounts.byUsername) expect(ds.accounts.usernames[account]).toBe(username);
  });

  it('has realistic distributions', () => {
    const regionCounts = new Map<string, number>();
    for (const code of ds.region) regionCounts.set(ds.regions[code]!, (regionCounts.get(ds.regions[code]!) ?? 0) + 1);
    const ranked = [...regionCounts].sort((a, b) => b[1] - a[1]);
    expect(ranked[0]![0]).toBe('US');
    expect(ranked.length).toBeGreaterThan(20);

    expect(Math.min(...ds.duration)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...ds.duration)).toBeLessThanOrEqual(600);
    expect(median(ds.duration)).toBeLessThan(40);
    expect(ds.duration.some((d) => d > 300)).toBe(true);

    for (let r = 0; r < ds.size; r++) {
      expect(ds.likes[r]).toBeLessThanOrEqual(ds.views[r]!);
      expect(ds.comments[r]).toBeLessThanOrEqual(ds.likes[r]!);
    }
    // log-normal views: a long tail far above the median
    const views = Array.from(ds.views).sort((a, b) => a - b);
    expect(views[Math.floor(views.length * 0.99)]!).toBeGreaterThan(median(views) * 30);

    // Zipf-like hashtags: the most used one is far more common than a typical one
    const tagCounts = new Array<number>(ds.hashtags.length).fill(0);
    for (const t of ds.tagIds) tagCounts[t]! += 1;
    const used = tagCounts.filter((c) => c > 0).sort((a, b) => b - a);
    expect(used[0]!).toBeGreaterThan(median(used) * 50);
    expect(used.length).toBeGreaterThan(500);

    const withEffects = ds.effectOffsets.filter((_, r) => r < ds.size && ds.effectOffsets[r + 1]! > ds.effectOffsets[r]!).length;
    expect(withEffects / ds.size).toBeGreaterThan(0.2);
    expect(withEffects / ds.size).toBeLessThan(0.5);
    const stem = ds.stemVerified.reduce((a, b) => a + b, 0);
    expect(stem).toBeGreaterThan(0);
    expect(stem / ds.size).toBeLessThan(0.1);
  });

  it('writes descriptions in words whose tokens are exactly the indexed words and hashtags', () => {
    for (let r = 0; r < ds.size; r += 37) {
      const expected = new Set<string>();
      for (let i = ds.descOffsets[r]!; i < ds.descOffsets[r + 1]!; i++) expected.add(ds.words[ds.descWords[i]!]!);
      for (const tag of hashtagsOf(ds, r)) expected.add(tag);
      const text = descriptionOf(ds, r);
      expect(new Set(tokenize(text))).toEqual(expected);
      for (const tag of hashtagsOf(ds, r)) expect(text).toContain(`#${tag}`);
    }
    expect(descriptionOf(ds, 0).length).toBeGreaterThan(0);
  });
});
