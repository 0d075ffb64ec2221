/**
 * The dataset's dictionaries, from its seed: the words and hashtags the columns store as codes
 * (general words, per-topic words, tags and a shuffled long tail of rarer tags), music ids and
 * effect ids.
 */
import { mulberry32, subSeed } from './prng.js';
import type { Rng } from './prng.js';
import { GENERAL_WORDS, GENERIC_HASHTAGS, HASHTAG_SUFFIXES, TOPICS } from './vocabulary.js';

export interface Dictionaries {
  words: string[];
  hashtags: string[];
  musicIds: string[];
  effectIds: string[];
  generalWords: Uint16Array;
  /** Per topic: word codes, base hashtag codes, long-tail hashtag codes (shuffled, Zipf-drawn). */
  topicWords: Uint16Array[];
  topicTags: Uint32Array[];
  topicLongTail: Uint32Array[];
  genericTags: Uint32Array;
}

export function buildDictionaries(seed: number, n: number): Dictionaries {
  const words: string[] = [];
  const wordCode = new Map<string, number>();
  const word = (w: string): number => {
    let code = wordCode.get(w);
    if (code === undefined) {
      code = words.length;
      words.push(w);
      wordCode.set(w, code);
    }
    return code;
  };
  const hashtags: string[] = [];
  const tagCode = new Map<string, number>();
  const tag = (t: string): number => {
    let code = tagCode.get(t);
    if (code === undefined) {
      code = hashtags.length;
      hashtags.push(t);
      tagCode.set(t, code);
    }
    return code;
  };

  const generalWords = Uint16Array.from(GENERAL_WORDS, word);
  const genericTags = Uint32Array.from(GENERIC_HASHTAGS, tag);
  const rng = mulberry32(subSeed(seed, 'dictionaries'));
  const topicWords: Uint16Array[] = [];
  const topicTags: Uint32Array[] = [];
  const topicLongTail: Uint32Array[] = [];
  for (const topic of TOPICS) {
    topicWords.push(Uint16Array.from(topic.words, word));
    topicTags.push(Uint32Array.from(topic.hashtags, tag));
    const longTail: number[] = [];
    for (const w of topic.words) for (const suffix of HASHTAG_SUFFIXES) longTail.push(tag(w + suffix));
    for (let i = 0; i < topic.words.length; i++) {
      // word pairs like "pastadinner": rarer, more specific tags
      const a = topic.words[rng.int(0, topic.words.length - 1)]!;
      const b = topic.words[rng.int(0, topic.words.length - 1)]!;
      if (a !== b) longTail.push(tag(a + b));
    }
    shuffle(rng, longTail);
    topicLongTail.push(Uint32Array.from(new Set(longTail)));
  }

  const musicIds = uniqueDigits(rng, Math.max(64, Math.ceil(n / 8)), () => `${rng.int(6, 7)}${digits(rng, 18)}`);
  const effectIds = uniqueDigits(rng, 1200, () => String(rng.int(100_000, 9_999_999)));
  return { words, hashtags, musicIds, effectIds, generalWords, topicWords, topicTags, topicLongTail, genericTags };
}

function digits(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(rng.int(0, 9));
  return out;
}

function uniqueDigits(rng: Rng, count: number, make: () => string): string[] {
  const seen = new Set<string>();
  while (seen.size < count) seen.add(make());
  return [...seen];
}

function shuffle<T>(rng: Rng, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
}
