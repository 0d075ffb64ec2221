/**
 * The one logger of every Node part (app main process, web host, sandbox, backend).
 * Tokens and secrets never reach a log: known secret-bearing keys are censored wherever they
 * appear, and free text is scrubbed of token-shaped strings as a second line of defence.
 */
import pino, { type Logger, type DestinationStream } from 'pino';

export type { Logger };

/** Keys whose values are secrets wherever they occur (request bodies, token sets, headers). */
export const SECRET_KEYS = [
  'access_token', 'refresh_token', 'client_secret', 'code_verifier', 'code', 'token', 'secret',
  'authorization', 'Authorization', 'cookie', 'Cookie', 'set-cookie', 'password', 'upload_url', 'signature',
  'tiktok-signature', 'Tiktok-Signature', 'accessToken', 'refreshToken', 'clientSecret', 'sessionToken',
] as const;

const redactPaths = SECRET_KEYS.flatMap((key) => {
  const safe = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : `["${key}"]`;
  const dotted = safe.startsWith('[') ? safe : `.${safe}`;
  return [safe, `*${dotted}`, `*.*${dotted}`, `*.*.*${dotted}`];
});

/** Token-shaped substrings (platform tokens carry a prefix such as `act.`, `rft.`, `clt.`). */
const TOKEN_TEXT = /\b(act|rft|clt|code|upl)\.[A-Za-z0-9_\-.]{8,}/g;

export function scrubText(text: string): string {
  return text.replace(TOKEN_TEXT, (_m, prefix: string) => `${prefix}.[redacted]`);
}

export interface LogOptions {
  name: string;
  level?: string;
  destination?: DestinationStream;
}

export function createLogger({ name, level, destination }: LogOptions): Logger {
  // stderr by default: stdout is reserved for machine-readable lines such as the `ready` event.
  const target = destination ?? pino.destination(2);
  // Every serialized line passes through scrubText, so a token quoted inside an error message,
  // a stack or a URL is caught wherever it is nested, not only in the keys redact knows.
  const scrubbing: DestinationStream = { write: (line: string) => target.write(scrubText(line)) };
  return pino(
    {
      name,
      level: level ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: redactPaths, censor: '[redacted]' },
    },
    scrubbing,
  );
}
