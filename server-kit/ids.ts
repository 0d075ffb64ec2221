/**
 * Identifiers and secrets the sandbox hands out. Secrets (tokens, codes, upload credentials)
 * come from the CSPRNG and carry the prefixes the shared logger scrubs; the sandbox stores only
 * their SHA-256 (`secretKey`), so a state file or console never holds a usable token.
 */
import { createHash, randomBytes, randomFillSync, randomInt } from 'node:crypto';
import type { Clock } from '../common/clock.js';

export type SecretKind = 'act' | 'rft' | 'clt' | 'code' | 'upl';

export function newSecret(kind: SecretKind): string {
  return `${kind}.${randomBytes(24).toString('base64url')}`;
}

/** The key a secret is stored under: its SHA-256, so lookups work and leaks of state do not. */
export function secretKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** What the console and inspection API show of a secret: kind and last four characters. */
export function secretHint(secret: string): string {
  const dot = secret.indexOf('.');
  return `${secret.slice(0, dot + 1)}…${secret.slice(-4)}`;
}

/**
 * A log_id shaped like the production platform's: UTC timestamp (virtual clock) then random hex,
 * so log ids sort by time and still never collide.
 */
export function newLogId(clock: Clock): string {
  return `${logIdStamp(clock.now())}${logIdRandom()}`;
}

// Every request of both servers takes a log id, so its two parts are made cheaply: the
// timestamp once per second, and the random part from a pool the CSPRNG fills 400 ids at a time
// (one randomBytes call per request was most of a log id's cost, about 3x the pooled one).
let stampSecond = Number.NaN;
let stampText = '';
function logIdStamp(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== stampSecond) {
    stampSecond = second;
    stampText = new Date(second * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  }
  return stampText;
}

const LOG_ID_RANDOM_BYTES = 10;
const randomPool = Buffer.alloc(LOG_ID_RANDOM_BYTES * 400);
let poolOffset = randomPool.length;
function logIdRandom(): string {
  if (poolOffset + LOG_ID_RANDOM_BYTES > randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  const hex = randomPool.toString('hex', poolOffset, poolOffset + LOG_ID_RANDOM_BYTES);
  poolOffset += LOG_ID_RANDOM_BYTES;
  return hex.toUpperCase();
}

export type PublishKind = 'v_inbox_file' | 'v_inbox_url' | 'p_inbox_url';

/** publish_id in the production form `v_inbox_file~v2.<digits>`: opaque to clients, readable here. */
export function newPublishId(kind: PublishKind): string {
  let digits = String(randomInt(1, 10));
  for (let i = 0; i < 18; i++) digits += String(randomInt(0, 10));
  return `${kind}~v2.${digits}`;
}

/** Post ids are int64 on the platform; these stay below 2^53 so JSON clients read them exactly. */
export function newPostId(): number {
  return 7_000_000_000_000_000 + randomInt(0, 281_474_976_710_655);
}
