/**
 * The dataset's accounts, from its seed: their profiles before the videos (topic, region, reach,
 * a unique username), then what the videos decide (video count, likes, followers) and their words
 * (display name, bio, avatar).
 */
import { capitalize, type Accounts, type VideoColumns } from './dataset-model.js';
import { mulberry32, subSeed, WeightedSampler } from './prng.js';
import type { Rng } from './prng.js';
import { FIRST_NAMES, LAST_NAMES, REGIONS, TOPICS } from './vocabulary.js';

export interface AccountProfiles {
  topic: Uint8Array;
  region: Uint8Array;
  /** log-scale reach of the account: shifts its view counts. */
  reach: Float32Array;
  usernames: string[];
}

export const topicSampler = new WeightedSampler(TOPICS.map((t) => t.weight));
export const regionSampler = new WeightedSampler(REGIONS.map(([, w]) => w));

export function generateAccountProfiles(seed: number, m: number): AccountProfiles {
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

export function finishAccounts(seed: number, m: number, profiles: AccountProfiles, videos: VideoColumns): Accounts {
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
