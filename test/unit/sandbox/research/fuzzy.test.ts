import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../../../sandbox/research/dataset.js';
import { fuzzyMatch, maxEdits, normalizeTerm, tokenize, TrigramIndex, withinEdits } from '../../../../sandbox/research/fuzzy.js';
import { mulberry32 } from '../../../../sandbox/research/prng.js';
import { TODAY } from '../../../support/research-engine.js';

/** Textbook optimal-string-alignment distance, full table, as the oracle. */
function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

const rng = mulberry32(99);
const ALPHABET = 'abcdeiorstn_';
function randomWord(min: number, max: number): string {
  let s = '';
  const len = rng.int(min, max);
  for (let i = 0; i < len; i++) s += ALPHABET[rng.int(0, ALPHABET.length - 1)];
  return s;
}
function mutate(word: string, edits: number): string {
  let s = word;
  for (let e = 0; e < edits; e++) {
    const i = rng.int(0, Math.max(0, s.length - 1));
    switch (rng.int(0, 3)) {
      case 0: s = s.slice(0, i) + ALPHABET[rng.int(0, ALPHABET.length - 1)] + s.slice(i + 1); break;
      case 1: s = s.slice(0, i) + s.slice(i + 1); break;
      case 2: s = s.slice(0, i) + ALPHABET[rng.int(0, ALPHABET.length - 1)] + s.slice(i); break;
      default: if (i + 1 < s.length) s = s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
    }
  }
  return s;
}

describe('maxEdits', () => {
  it('allows no typo up to 3 characters, one up to 7, two from 8', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(maxEdits)).toEqual([0, 0, 0, 1, 1, 2, 2]);
  });
});

describe('withinEdits', () => {
  it('knows classic distances', () => {
    expect(withinEdits('kitten', 'sitting', 2)).toBe(false);
    expect(withinEdits('kitten', 'sitting', 3)).toBe(true);
    expect(withinEdits('recipe', 'reicpe', 1)).toBe(true); // one transposition
    expect(withinEdits('recipe', 'recipes', 1)).toBe(true);
    expect(withinEdits('recipe', 'recipe', 0)).toBe(true);
    expect(withinEdits('recipe', 'recipf', 0)).toBe(false);
    expect(withinEdits('', 'ab', 2)).toBe(true);
    expect(withinEdits('', 'abc', 2)).toBe(false);
  });

  it('agrees with the full-table OSA distance on random pairs', () => {
    for (let i = 0; i < 3000; i++) {
      const a = randomWord(0, 12);
      const b = rng.chance(0.6) ? mutate(a, rng.int(0, 3)) : randomWord(0, 12);
      const distance = osa(a, b);
      for (const k of [0, 1, 2]) expect(withinEdits(a, b, k), `${a} ~ ${b} within ${k} (distance ${distance})`).toBe(distance <= k);
    }
  });
});

describe('fuzzyMatch', () => {
  it('matches a typo of a hashtag and not an unrelated word', () => {
    expect(fuzzyMatch(normalizeTerm('#DogsOfTikTk'), 'dogsoftiktok')).toBe(true);
    expect(fuzzyMatch(normalizeTerm('dgosoftiktok'), 'dogsoftiktok')).toBe(true);
    expect(fuzzyMatch('cooking', 'cookign')).toBe(true);
    expect(fuzzyMatch('cooking', 'booking')).toBe(true); // one substitution is one typo
    expect(fuzzyMatch('cooking', 'dancing')).toBe(false);
    expect(fuzzyMatch('fyp', 'fy')).toBe(false); // short words must be exact
    expect(fuzzyMatch('fyp', 'fyp')).toBe(true);
  });

  it('is case-insensitive through normalization', () => {
    expect(normalizeTerm('  #FYP ')).toBe('fyp');
    expect(normalizeTerm('@Emma_Garcia')).toBe('emma_garcia');
    expect(normalizeTerm('ＦＹＰ')).toBe('fyp'); // full-width letters fold under NFKC
  });
});

describe('tokenize', () => {
  it('splits text into lower-case words and drops punctuation, # and emoji', () => {
    expect(tokenize('Trying the NEW pasta recipe!! 🔥 #FoodTok #fyp')).toEqual(['trying', 'the', 'new', 'pasta', 'recipe', 'foodtok', 'fyp']);
    expect(tokenize('...')).toEqual([]);
  });
});

describe('TrigramIndex', () => {
  const ds = generateDataset({ seed: 3, videos: 2_000, accounts: 3_000, today: TODAY });
  const dictionaries = { hashtags: ds.hashtags, usernames: ds.accounts.usernames, words: ds.words };

  for (const [name, terms] of Object.entries(dictionaries)) {
    it(`finds exactly the terms a brute-force comparison finds (${name})`, () => {
      const index = new TrigramIndex(terms);
      let nonEmpty = 0;
      for (let i = 0; i < 400; i++) {
        const base = terms[rng.int(0, terms.length - 1)]!;
        const query = i % 4 === 3 ? randomWord(1, 14) : mutate(base, rng.int(0, 2));
        const expected = terms.flatMap((t, id) => (fuzzyMatch(query, t) ? [id] : []));
        expect(index.lookup(query), query).toEqual(expected);
        if (expected.length > 0) nonEmpty++;
      }
      expect(nonEmpty).toBeGreaterThan(150);
    });
  }

  it('finds a typo of a term and nothing for an unrelated string', () => {
    const index = new TrigramIndex(ds.hashtags);
    const target = ds.hashtags.indexOf('dogsoftiktok');
    expect(target).toBeGreaterThanOrEqual(0);
    expect(index.lookup('dogsoftiktk')).toContain(target);
    expect(index.lookup('qqqqzzzzxxxx')).toEqual([]);
  });
});
