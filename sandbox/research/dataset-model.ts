/**
 * What the synthetic research dataset is (dataset.ts assembles it): its options, its video
 * columns and accounts, and the constants and text helpers every part of it shares.
 */
export interface DatasetOptions {
  seed: number;
  /** Number of videos. */
  videos: number;
  /** Number of accounts (some post nothing, a few post a lot). */
  accounts: number;
  /** The clock's now, in ms since the epoch; only its UTC day is used. */
  today: number;
  /** Whole UTC days of create times before today's (default SPAN_DAYS). */
  spanDays?: number;
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

/** The video columns generateVideos fills (dataset-videos.ts). */
export type VideoColumns = Pick<Dataset,
  'createTime' | 'idLow' | 'account' | 'region' | 'music' | 'duration' | 'views' | 'likes' | 'comments' | 'shares' |
  'favorites' | 'stemVerified' | 'playlist' | 'ending' | 'descOffsets' | 'descWords' | 'tagOffsets' | 'tagIds' |
  'effectOffsets' | 'effectCodes' | 'speechOffsets' | 'speechWords'>;

/** Punctuation and emoji that end some descriptions; the tokenizer ignores them. */
export const DESCRIPTION_ENDINGS: readonly string[] = ['', '', '', '', '!', '!!', '?', ' 😂', ' 🔥', ' ✨', ' ❤️', '...', ' 😭', ' 👀'];

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / 86_400_000) * 86_400;
}

export const capitalize = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
