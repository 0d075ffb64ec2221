/**
 * The deterministic synthetic research dataset: videos and the accounts that posted them.
 *
 * Same options → byte-identical data. Videos are stored columnar (typed arrays for numbers,
 * dictionary codes for repeated strings, CSR lists for hashtags/effects/description words) so a
 * million of them take a few hundred MB, and rows are ordered by (create_time, id): a date window
 * is then a contiguous row range, which is what keeps every query cheap (see video-index.ts).
 *
 * Create times cover the 730 whole UTC days before the day of `today`: like the real platform,
 * research data lags, so today's videos are not in it yet. Because only the UTC day of `today`
 * matters, the data is stable for a whole day of the sandbox clock.
 */
import { GrowableColumn } from './columns.js';
import { mulberry32, subSeed, WeightedSampler, zipfWeights } from './prng.js';
import type { Rng } from './prng.js';
import { FIRST_NAMES, GENERAL_WORDS, GENERIC_HASHTAGS, HASHTAG_SUFFIXES, LAST_NAMES, REGIONS, TOPICS } from './vocabulary.js';

export interface DatasetOptions {
  seed: number;
  /** Number of videos. */
  videos: number;
  /** Number of accounts (some post nothing, a few post a lot). */
  accounts: number;
  /** The clock's now, in ms since the epoch; only its UTC day is used. */
  today: number;
}

export const DAY_SECONDS = 86_400;
export const SPAN_DAYS = 730;
export const MAX_DATASET_VIDEOS = 20_000_000;

export interface Accounts {
  readonly size: number;
  readonly usernames: readonly string[];
  readonly displayNames: readonly string[];
  readonly bios: readonly string[];
  readonly avatarUrls: readonly string[];
  readonly verified: Uint8Array;
  readonly followers: Float64Array;
  readonly following: Uint32Array;
  /** Sum of like_count over the account's videos. */
  readonly likes: Float64Array;
  readonly videoCount: Uint32Array;
  /** Lower-case username → account index. */
  readonly byUsername: ReadonlyMap<string, number>;
}

export interface Dataset {
  readonly options: Readonly<DatasetOptions>;
  /** Number of videos (rows). */
  readonly size: number;
  /** First second covered (inclusive) and the end of the span (exclusive), unix seconds. */
  readonly spanStart: number;
  readonly spanEnd: number;

  // Dictionaries: the codes stored in the columns index these.
  readonly words: readonly string[];
  readonly hashtags: readonly string[];
  readonly regions: readonly string[];
  readonly musicIds: readonly string[];
  readonly effectIds: readonly string[];

  // Video columns; row r is the r-th video in (create_time, id) order.
  /** Unix seconds, ascending. */
  readonly createTime: Uint32Array;
  /** Low 32 bits of the id; id = createTime * 2^32 + idLow (a 19-digit number, ascending with row). */
  readonly idLow: Uint32Array;
  readonly account: Uint32Array;
  readonly region: Uint8Array;
  readonly music: Uint32Array;
  readonly duration: Uint16Array;
  readonly views: Uint32Array;
  readonly likes: Uint32Array;
  readonly comments: Uint32Array;
  readonly shares: Uint32Array;
  readonly favorites: Uint32Array;
  readonly stemVerified: Uint8Array;
  /** 0: in no playlist; k: the account's k-th playlist. */
  readonly playlist: Uint8Array;
  /** Trailing decoration of the description (index into DESCRIPTION_ENDINGS). */
  readonly ending: Uint8Array;
  /** CSR lists: values of row r are values[offsets[r] .. offsets[r+1]). */
  readonly descOffsets: Uint32Array;
  readonly descWords: Uint16Array;
  readonly tagOffsets: Uint32Array;
  readonly tagIds: Uint32Array;
  readonly effectOffsets: Uint32Array;
  readonly effectCodes: Uint32Array;
  readonly speechOffsets: Uint32Array;
  readonly speechWords: Uint16Array;

  readonly accounts: Accounts;
}

/** Punctuation and emoji that end some descriptions; the tokenizer ignores them. */
export const DESCRIPTION_ENDINGS: readonly string[] = ['', '', '', '', '!', '!!', '?', ' 😂', ' 🔥', ' ✨', ' ❤️', '...', ' 😭', ' 👀'];

const PLAYLIST_BASE = 7_100_000_000_000_000;

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / 86_400_000) * 86_400;
}

export function generateDataset(options: DatasetOptions): Dataset {
  const { seed, videos: n, accounts: m } = options;
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_DATASET_VIDEOS) throw new RangeError(`videos must be an integer in 0..${MAX_DATASET_VIDEOS}`);
  if (!Number.isSafeInteger(m) || m < 0 || m > 10_000_000) throw new RangeError('accounts must be an integer in 0..10000000');
  if (m === 0 && n > 0) throw new RangeError('accounts must be at least 1 when there are videos to post');
  if (!Number.isFinite(options.today)) throw new RangeError('today must be a time in ms');

  const dictionaries = buildDictionaries(seed, n);
  const spanEnd = startOfUtcDay(options.today);
  const spanStart = spanEnd - SPAN_DAYS * DAY_SECONDS;

  const profiles = generateAccountProfiles(seed, m);
  const columns = generateVideos(seed, n, spanStart, profiles, dictionaries);
  const accounts = finishAccounts(seed, m, profiles, columns);

  return {
    options: { ...options },
    size: n,
    spanStart,
    spanEnd,
    words: dictionaries.words,
    hashtags: dictionaries.hashtags,
    regions: REGIONS.map(([code]) => code),
    musicIds: dictionaries.musicIds,
    effectIds: dictionaries.effectIds,
    ...columns,
    accounts,
  };
}

// ---------------------------------------------------------------- dictionaries

interface Dictionaries {
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

function buildDictionaries(seed: number, n: number): Dictionaries {
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

// ---------------------------------------------------------------- accounts (before videos)

interface AccountProfiles {
  topic: Uint8Array;
  region: Uint8Array;
  /** log-scale reach of the account: shifts its view counts. */
  reach: Float32Array;
  usernames: string[];
}

const topicSampler = new WeightedSampler(TOPICS.map((t) => t.weight));
const regionSampler = new WeightedSampler(REGIONS.map(([, w]) => w));

function generateAccountProfiles(seed: number, m: number): AccountProfiles {
  const rng = mulberry32(subSeed(seed, 'accounts'));
  const topic = new Uint8Array(m);
  const region = new Uint8Array(m);
  const reach = new Float32Array(m);
  const usernames: string[] = [];
  const taken = new Set<string>();
  for (let a = 0; a < m; a++) {
    topic[a] = topicSampler.sample(rng);
    region[a] = regionSampler.sample(rng);
    reach[a] = rng.normal();
    const t = TOPICS[topic[a]!]!;
    let name = makeUsername(rng, t);
    while (taken.has(name)) name = `${name.slice(0, 20)}${rng.int(0, 99)}`;
    taken.add(name);
    usernames.push(name);
  }
  return { topic, region, reach, usernames };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(0, items.length - 1)]!;
}

function makeUsername(rng: Rng, topic: { words: readonly string[] }): string {
  const first = pick(rng, FIRST_NAMES);
  switch (rng.int(0, 6)) {
    case 0: return `${first}${pick(rng, LAST_NAMES)}`;
    case 1: return `${first}.${pick(rng, LAST_NAMES)}`;
    case 2: return `${first}_${pick(rng, topic.words)}`;
    case 3: return `${pick(rng, topic.words)}with${first}`;
    case 4: return `${first}${rng.int(1, 9999)}`;
    case 5: return `the${pick(rng, topic.words)}${pick(rng, ['guy', 'girl', 'life', 'club', 'daily', 'lab', 'queen', 'king'])}`;
    default: return `${first}_${pick(rng, LAST_NAMES)}${rng.int(0, 99)}`;
  }
}

// ---------------------------------------------------------------- videos

type VideoColumns = Pick<Dataset,
  'createTime' | 'idLow' | 'account' | 'region' | 'music' | 'duration' | 'views' | 'likes' | 'comments' | 'shares' |
  'favorites' | 'stemVerified' | 'playlist' | 'ending' | 'descOffsets' | 'descWords' | 'tagOffsets' | 'tagIds' |
  'effectOffsets' | 'effectCodes' | 'speechOffsets' | 'speechWords'>;

const MAX_COUNT = 4_000_000_000;

function generateVideos(seed: number, n: number, spanStart: number, profiles: AccountProfiles, dict: Dictionaries): VideoColumns {
  const { createTime, idLow } = generateTimes(seed, n, spanStart);
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
function generateTimes(seed: number, n: number, spanStart: number): { createTime: Uint32Array; idLow: Uint32Array } {
  const rng = mulberry32(subSeed(seed, 'times'));
  const createTime = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    // density 0.6 + 0.8x over x in [0,1): inverse CDF of that linear ramp
    const x = (-0.6 + Math.sqrt(0.36 + 1.6 * rng.next())) / 0.8;
    const day = Math.min(SPAN_DAYS - 1, Math.floor(x * SPAN_DAYS));
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

// ---------------------------------------------------------------- accounts (after videos)

function finishAccounts(seed: number, m: number, profiles: AccountProfiles, videos: VideoColumns): Accounts {
  const rng = mulberry32(subSeed(seed, 'account-details'));
  const videoCount = new Uint32Array(m);
  const likes = new Float64Array(m);
  const totalViews = new Float64Array(m);
  for (let r = 0; r < videos.account.length; r++) {
    const a = videos.account[r]!;
    videoCount[a]! += 1;
    likes[a]! += videos.likes[r]!;
    totalViews[a]! += videos.views[r]!;
  }
  const followers = new Float64Array(m);
  const following = new Uint32Array(m);
  const verified = new Uint8Array(m);
  const displayNames: string[] = [];
  const bios: string[] = [];
  const avatarUrls: string[] = [];
  const byUsername = new Map<string, number>();
  for (let a = 0; a < m; a++) {
    const reach = profiles.reach[a]!;
    const base = Math.exp(Math.log(60) + 1.3 * rng.normal() + 1.2 * reach);
    followers[a] = Math.floor(base + totalViews[a]! * Math.exp(Math.log(0.01) + 0.6 * rng.normal()));
    following[a] = Math.min(10_000, Math.floor(Math.exp(Math.log(250) + 1.1 * rng.normal())));
    verified[a] = followers[a]! > 1_000_000 ? (rng.next() < 0.6 ? 1 : 0) : rng.next() < 0.002 ? 1 : 0;
    const topic = TOPICS[profiles.topic[a]!]!;
    const username = profiles.usernames[a]!;
    displayNames.push(makeDisplayName(rng, username, topic));
    bios.push(makeBio(rng, topic));
    avatarUrls.push(`https://p16-sandbox.draftdeck.test/avatar/${(subSeed(seed, username) >>> 0).toString(16).padStart(8, '0')}.jpeg`);
    byUsername.set(username, a);
  }
  return { size: m, usernames: profiles.usernames, displayNames, bios, avatarUrls, verified, followers, following, likes, videoCount, byUsername };
}

const capitalize = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

function makeDisplayName(rng: Rng, username: string, topic: { words: readonly string[] }): string {
  const first = FIRST_NAMES.find((f) => username.startsWith(f));
  switch (rng.int(0, 3)) {
    case 0: return first ? `${capitalize(first)} ${capitalize(pick(rng, LAST_NAMES)).charAt(0)}.` : capitalize(username);
    case 1: return first ? `${capitalize(first)} ${capitalize(pick(rng, LAST_NAMES))}` : capitalize(username);
    case 2: return `${capitalize(pick(rng, topic.words))} with ${capitalize(first ?? pick(rng, FIRST_NAMES))}`;
    default: return username;
  }
}

function makeBio(rng: Rng, topic: { name: string; words: readonly string[] }): string {
  switch (rng.int(0, 4)) {
    case 0: return `${capitalize(pick(rng, topic.words))}, ${pick(rng, topic.words)} and ${pick(rng, topic.words)} 📍`;
    case 1: return `Daily ${topic.name} content | ${capitalize(pick(rng, topic.words))} lover`;
    case 2: return `New ${pick(rng, topic.words)} videos every ${pick(rng, ['day', 'week', 'monday', 'friday', 'weekend'])} ✨`;
    case 3: return '';
    default: return `${capitalize(pick(rng, topic.words))} ${pick(rng, ['tips', 'ideas', 'stories', 'vibes'])} • business: hello@${pick(rng, topic.words)}.test`;
  }
}

// ---------------------------------------------------------------- reading a row

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
