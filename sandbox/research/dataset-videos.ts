/**
 * The dataset's videos, from its seed: create times over the span (denser in recent days and
 * evening hours), then per video its account, region, music, duration, counts, description,
 * hashtags, effects and speech, in columns ordered by (create_time, id).
 */
import { GrowableColumn } from './columns.js';
import type { AccountProfiles } from './dataset-accounts.js';
import { regionSampler, topicSampler } from './dataset-accounts.js';
import type { Dictionaries } from './dataset-dictionaries.js';
import { DAY_SECONDS, DESCRIPTION_ENDINGS, type VideoColumns } from './dataset-model.js';
import { mulberry32, subSeed, WeightedSampler, zipfWeights } from './prng.js';
import type { Rng } from './prng.js';
import { TOPICS } from './vocabulary.js';

const MAX_COUNT = 4_000_000_000;

export function generateVideos(seed: number, n: number, spanStart: number, spanDays: number, profiles: AccountProfiles, dict: Dictionaries): VideoColumns {
  const { createTime, idLow } = generateTimes(seed, n, spanStart, spanDays);
  const rng = mulberry32(subSeed(seed, 'videos'));

  const m = profiles.topic.length;
  if (n === 0) return emptyVideoColumns();
  const accountSampler = new WeightedSampler(shuffledZipf(mulberry32(subSeed(seed, 'activity')), m, 0.8, 10));
  const musicSampler = new WeightedSampler(zipfWeights(dict.musicIds.length, 1.0, 2));
  const effectSampler = new WeightedSampler(zipfWeights(dict.effectIds.length, 1.1, 1));
  const generalSampler = new WeightedSampler(zipfWeights(dict.generalWords.length, 1.0, 1));
  const genericTagSampler = new WeightedSampler(zipfWeights(dict.genericTags.length, 1.1, 0));
  const topicWordSamplers = dict.topicWords.map((w) => new WeightedSampler(zipfWeights(w.length, 0.9, 1)));
  const topicTagSamplers = dict.topicTags.map((t) => new WeightedSampler(zipfWeights(t.length, 0.8, 0)));
  const longTailSamplers = dict.topicLongTail.map((t) => new WeightedSampler(zipfWeights(t.length, 1.05, 1)));

  const account = new Uint32Array(n);
  const region = new Uint8Array(n);
  const music = new Uint32Array(n);
  const duration = new Uint16Array(n);
  const views = new Uint32Array(n);
  const likes = new Uint32Array(n);
  const comments = new Uint32Array(n);
  const shares = new Uint32Array(n);
  const favorites = new Uint32Array(n);
  const stemVerified = new Uint8Array(n);
  const playlist = new Uint8Array(n);
  const ending = new Uint8Array(n);
  const descOffsets = new Uint32Array(n + 1);
  const tagOffsets = new Uint32Array(n + 1);
  const effectOffsets = new Uint32Array(n + 1);
  const speechOffsets = new Uint32Array(n + 1);
  const descWords = new GrowableColumn((len) => new Uint16Array(len), n * 8);
  const tagIds = new GrowableColumn((len) => new Uint32Array(len), n * 3);
  const effectCodes = new GrowableColumn((len) => new Uint32Array(len), n / 2);
  const speechWords = new GrowableColumn((len) => new Uint16Array(len), n * 6);

  const educationTopic = TOPICS.findIndex((t) => t.name === 'education');
  const techTopic = TOPICS.findIndex((t) => t.name === 'tech');
  const chosenTags: number[] = [];
  const drawWord = (topic: number): number =>
    rng.next() < 0.45 ? dict.topicWords[topic]![topicWordSamplers[topic]!.sample(rng)]! : dict.generalWords[generalSampler.sample(rng)]!;

  for (let r = 0; r < n; r++) {
    const a = accountSampler.sample(rng);
    account[r] = a;
    const topic = rng.next() < 0.8 ? profiles.topic[a]! : topicSampler.sample(rng);
    region[r] = rng.next() < 0.9 ? profiles.region[a]! : regionSampler.sample(rng);
    music[r] = musicSampler.sample(rng);

    // Durations skew short: log-normal around 22 s, plus a tail of long-form videos.
    const seconds = rng.next() < 0.04 ? rng.int(180, 600) : Math.round(Math.exp(Math.log(22) + 0.85 * rng.normal()));
    duration[r] = Math.min(600, Math.max(5, seconds));

    // Views are log-normal and shifted by the account's reach; engagement follows views.
    const viewCount = Math.min(MAX_COUNT, Math.floor(Math.exp(Math.log(400) + 1.7 * rng.normal() + 1.1 * profiles.reach[a]!)));
    const likeCount = roundRandom(rng, viewCount * Math.min(0.4, Math.exp(Math.log(0.06) + 0.5 * rng.normal())));
    views[r] = viewCount;
    likes[r] = likeCount;
    comments[r] = roundRandom(rng, likeCount * Math.min(1, Math.exp(Math.log(0.015) + 0.7 * rng.normal())));
    shares[r] = roundRandom(rng, likeCount * Math.min(1, Math.exp(Math.log(0.02) + 0.9 * rng.normal())));
    favorites[r] = roundRandom(rng, likeCount * Math.min(1, Math.exp(Math.log(0.08) + 0.6 * rng.normal())));

    const stemChance = topic === educationTopic ? 0.25 : topic === techTopic ? 0.1 : 0.015;
    stemVerified[r] = rng.next() < stemChance ? 1 : 0;
    playlist[r] = rng.next() < 0.12 ? rng.int(1, 3) : 0;
    ending[r] = rng.int(0, DESCRIPTION_ENDINGS.length - 1);

    // Description words: usually a short sentence, sometimes only hashtags.
    if (rng.next() >= 0.06) {
      const count = Math.min(24, Math.max(1, Math.round(Math.exp(Math.log(7) + 0.5 * rng.normal()))));
      for (let i = 0; i < count; i++) descWords.push(drawWord(topic));
    }
    descOffsets[r + 1] = descWords.length;

    // Hashtags: generic reach tags, topic tags and a long tail, no repeats within a video.
    if (rng.next() >= 0.12) {
      const count = Math.min(8, 1 + Math.floor(-Math.log(1 - rng.next()) * 2));
      chosenTags.length = 0;
      for (let i = 0; i < count; i++) {
        const u = rng.next();
        const t = u < 0.35
          ? dict.genericTags[genericTagSampler.sample(rng)]!
          : u < 0.8
            ? dict.topicTags[topic]![topicTagSamplers[topic]!.sample(rng)]!
            : dict.topicLongTail[topic]![longTailSamplers[topic]!.sample(rng)]!;
        if (!chosenTags.includes(t)) {
          chosenTags.push(t);
          tagIds.push(t);
        }
      }
    }
    tagOffsets[r + 1] = tagIds.length;

    const e = rng.next();
    if (e >= 0.68) {
      const first = effectSampler.sample(rng);
      effectCodes.push(first);
      if (e >= 0.95) {
        const second = effectSampler.sample(rng);
        if (second !== first) effectCodes.push(second);
      }
    }
    effectOffsets[r + 1] = effectCodes.length;

    const speechChance = topic === educationTopic ? 0.7 : 0.3;
    if (rng.next() < speechChance) {
      const count = rng.int(6, 40);
      for (let i = 0; i < count; i++) speechWords.push(drawWord(topic));
    }
    speechOffsets[r + 1] = speechWords.length;
  }

  return {
    createTime, idLow, account, region, music, duration, views, likes, comments, shares, favorites, stemVerified, playlist, ending,
    descOffsets, descWords: descWords.finish(), tagOffsets, tagIds: tagIds.finish(),
    effectOffsets, effectCodes: effectCodes.finish(), speechOffsets, speechWords: speechWords.finish(),
  };
}

function emptyVideoColumns(): VideoColumns {
  const none = new Uint32Array(1);
  return {
    createTime: new Uint32Array(0), idLow: new Uint32Array(0), account: new Uint32Array(0), region: new Uint8Array(0), music: new Uint32Array(0),
    duration: new Uint16Array(0), views: new Uint32Array(0), likes: new Uint32Array(0), comments: new Uint32Array(0), shares: new Uint32Array(0),
    favorites: new Uint32Array(0), stemVerified: new Uint8Array(0), playlist: new Uint8Array(0), ending: new Uint8Array(0),
    descOffsets: none, descWords: new Uint16Array(0), tagOffsets: none, tagIds: new Uint32Array(0),
    effectOffsets: none, effectCodes: new Uint32Array(0), speechOffsets: none, speechWords: new Uint16Array(0),
  };
}

/** Rounds x up or down at random in proportion, so small expected counts are not all zero. */
function roundRandom(rng: Rng, x: number): number {
  const floor = Math.floor(x);
  return Math.min(MAX_COUNT, floor + (rng.next() < x - floor ? 1 : 0));
}

function shuffledZipf(rng: Rng, n: number, exponent: number, offset: number): Float64Array {
  const weights = zipfWeights(n, exponent, offset);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const tmp = weights[i]!;
    weights[i] = weights[j]!;
    weights[j] = tmp;
  }
  return weights;
}

/** Hour-of-day (UTC) activity: a broad evening peak across the big regions. */
const hourSampler = new WeightedSampler(Array.from({ length: 24 }, (_, h) => 1 + 0.6 * Math.sin(((h - 8) / 24) * 2 * Math.PI)));

/**
 * Create times over the span, denser in recent days (the platform grows) and by hour of day;
 * returned sorted by (time, id) with ids unique.
 */
function generateTimes(seed: number, n: number, spanStart: number, spanDays: number): { createTime: Uint32Array; idLow: Uint32Array } {
  const rng = mulberry32(subSeed(seed, 'times'));
  const createTime = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    // density 0.6 + 0.8x over x in [0,1): inverse CDF of that linear ramp
    const x = (-0.6 + Math.sqrt(0.36 + 1.6 * rng.next())) / 0.8;
    const day = Math.min(spanDays - 1, Math.floor(x * spanDays));
    createTime[i] = spanStart + day * DAY_SECONDS + hourSampler.sample(rng) * 3600 + rng.int(0, 3599);
  }
  createTime.sort();
  const idLow = new Uint32Array(n);
  for (let i = 0; i < n; i++) idLow[i] = rng.uint32();
  // Within one second, order ids ascending and make them distinct (ids must be unique).
  let start = 0;
  while (start < n) {
    let end = start + 1;
    while (end < n && createTime[end] === createTime[start]) end++;
    if (end - start > 1) {
      const group = idLow.subarray(start, end);
      group.sort();
      for (let i = 1; i < group.length; i++) if (group[i]! <= group[i - 1]!) group[i] = group[i - 1]! + 1;
    }
    start = end;
  }
  return { createTime, idLow };
}
