/**
 * The one logger of every Node part (app main process, web host, sandbox, backend).
 * Tokens and secrets never reach a log: known secret-bearing keys are censored wherever they
 * appear (at any depth), and free text is scrubbed of token-shaped strings as a second line of
 * defence. Both happen on the serialized line, so nothing pino adds (bindings, an error's
 * properties) escapes them.
 */
import pino, { type Logger, type DestinationStream } from 'pino';

export type { Logger };

/**
 * Keys whose values are secrets wherever they occur (request bodies, token sets, headers), at any
 * depth, compared without regard to case. Not `code`: error codes (ECONNREFUSED, a platform's
 * `access_token_invalid`) must stay readable, and the OAuth code travels only in form bodies and
 * URLs, which are never logged (and token-shaped `code.…` text is scrubbed anyway).
 */
export const SECRET_KEYS = [
  'access_token', 'refresh_token', 'client_secret', 'code_verifier', 'token', 'secret',
  'authorization', 'cookie', 'set-cookie', 'password', 'upload_url', 'signature', 'tiktok-signature',
  'accessToken', 'refreshToken', 'clientSecret', 'sessionToken', 'uploadUrl', 'codeVerifier', 'verifier',
  // S3-compatible photo hosts' keys (electron/services/photos/hosts/s3-host.ts).
  'secretAccessKey', 'secret_access_key', 'accessKeyId', 'access_key_id',
] as const;

const CENSOR = '[redacted]';
const secretKeys = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));
/** A serialized line that may hold one of the keys (as a JSON key); most lines do not, and skip the walk. */
const SECRET_KEY_IN_JSON = new RegExp(`"(?:${SECRET_KEYS.join('|')})"\\s*:`, 'i');
const MAX_DEPTH = 64;

/**
 * Replaces the value of every secret key, at any depth (arrays included), in parsed JSON. Answers
 * whether anything was replaced. Changes `value` in place: it is a fresh parse of a log line.
 */
export function censorSecrets(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return false;
  let changed = false;
  if (Array.isArray(value)) {
    for (const item of value) changed = censorSecrets(item, depth + 1) || changed;
    return changed;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (secretKeys.has(key.toLowerCase())) {
      if (record[key] !== CENSOR) {
        record[key] = CENSOR;
        changed = true;
      }
    } else {
      changed = censorSecrets(record[key], depth + 1) || changed;
    }
  }
  return changed;
}

/**
 * One serialized log line with every secret key's value censored, whatever its depth and wherever
 * it came from (the logged object, a child's bindings, an error's own properties as pino's error
 * serializer wrote them). Cheap: a line naming no secret key is returned as it is, unparsed.
 */
export function censorLine(line: string): string {
  if (!SECRET_KEY_IN_JSON.test(line)) return line;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return line;
  }
  if (!censorSecrets(parsed)) return line;
  return `${JSON.stringify(parsed)}${line.endsWith('\n') ? '\n' : ''}`;
}

/** Token-shaped substrings (platform tokens carry a prefix such as `act.`, `rft.`, `clt.`). */
const TOKEN_TEXT = /\b(act|rft|clt|code|upl)\.[A-Za-z0-9_\-.]{8,}/g;

export function scrubText(text: string): string {
  return text.replace(TOKEN_TEXT, (_m, prefix: string) => `${prefix}.[redacted]`);
}

export interface LogOptions {
  name: string;
  level?: string;
  destination?: DestinationStream;
  /** `text`: one readable line per record, for a person at a terminal; `json` (the default) for machines and files. */
  format?: LogFormat;
}

export type LogFormat = 'json' | 'text';

const LEVEL_NAMES: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
/** pino's own fields, and the bindings that only say where a line came from (shown as its prefix). */
const HIDDEN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'service', 'layer', 'err']);

/**
 * A serialized (already censored and scrubbed) record as one readable line:
 * `19:05:12 warn  uploads: upload failed (draftId=…, error: …)`. A line that is not a record is kept.
 */
export function formatLogLine(line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof record !== 'object' || record === null) return line;
  const time = typeof record.time === 'number' ? new Date(record.time).toTimeString().slice(0, 8) : '--:--:--';
  const level = (LEVEL_NAMES[record.level as number] ?? String(record.level)).padEnd(5);
  const source = [record.service, record.layer].filter((part) => typeof part === 'string').join('/') || String(record.name ?? '');
  const details = Object.entries(record)
    .filter(([key]) => !HIDDEN_FIELDS.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = record.err as { message?: unknown } | undefined;
  if (err && typeof err.message === 'string') details.push(`error: ${err.message}`);
  return `${time} ${level} ${source}: ${String(record.msg ?? '')}${details.length ? ` (${details.join(', ')})` : ''}\n`;
}

export function createLogger({ name, level, destination, format = 'json' }: LogOptions): Logger {
  // stderr by default: stdout is reserved for machine-readable lines such as the `ready` event.
  const target = destination ?? pino.destination(2);
  // Every serialized line passes through censorLine (secret keys at any depth) and scrubText, so
  // a token quoted inside an error message, a stack or a URL is caught wherever it is nested;
  // the readable form is made from the line after that, so it shows nothing the JSON would not.
  const render = format === 'text' ? formatLogLine : (line: string) => line;
  const scrubbing: DestinationStream = { write: (line: string) => target.write(render(scrubText(censorLine(line)))) };
  return pino({ name, level: level ?? process.env.LOG_LEVEL ?? 'info' }, scrubbing);
}
