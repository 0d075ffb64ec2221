/**
 * Failures of the platform API as values. Every call of platform-api answers an ApiResult: the
 * parsed value, or a PlatformError that says what kind of failure it was (the platform refused,
 * the network failed, it took too long, or the answer was not the platform's shape) with the
 * platform's code and log_id when it gave them, so a person and a retry policy can both act on it.
 *
 * The token operations answer failures in shape A ({error, error_description, log_id}); every
 * other operation answers shape B ({data, error:{code, message, log_id}}), on success too.
 */
import { z } from 'zod';
import { formatIssues } from '../common/zod-issues.js';
import { err, ok, type Result } from '../common/result.js';

export type PlatformErrorKind =
  /** The platform answered with one of its error codes (shape A or B). */
  | 'platform'
  /** No answer: connection refused, reset, DNS failure. */
  | 'network'
  /** No answer in time. */
  | 'timeout'
  /** An answer that is not the platform's shape (a proxy's 502 page, a redirect, bad JSON). */
  | 'http'
  /** The app cannot call on the account's behalf: sign in again, unknown account, no client secret. */
  | 'auth';

export interface PlatformError {
  kind: PlatformErrorKind;
  /** HTTP status of the answer; null when there was none. */
  httpStatus: number | null;
  /** The platform's code (invalid_grant, access_token_invalid, …) or ours (network_error, timeout, http_502, sign_in_again). */
  code: string;
  /** Human-readable; never contains a token. */
  message: string;
  /** The platform's request log id, for support. */
  logId: string | null;
  /** From Retry-After, when the platform asked us to wait. */
  retryAfterMs?: number;
  /** The app's own words for a failure it made itself (an account to sign in again), for its window to say in its language. */
  words?: FailureWords;
}

/** A code and its values from the app's catalogs (electron/core/contract/words.ts `Words`, the same shape). */
export interface FailureWords {
  code: string;
  params: { [name: string]: string | number | FailureWords };
}

export type ApiResult<T> = Result<T, PlatformError>;

export { ok };
export const failed = (error: PlatformError): { ok: false; error: PlatformError } => err(error);

export function platformError(init: Partial<PlatformError> & Pick<PlatformError, 'kind' | 'code' | 'message'>): PlatformError {
  return { httpStatus: null, logId: null, ...init };
}

/** What an HTTP answer looks like to the parsers (see http.ts). */
export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

const ShapeA = z.object({
  error: z.string().min(1),
  error_description: z.string().optional().default(''),
  log_id: z.string().optional(),
});

const ShapeBEnvelope = z.object({
  data: z.unknown().optional(),
  error: z.object({ code: z.string().min(1), message: z.string().optional().default(''), log_id: z.string().optional() }),
});

/** Parses a shape A failure; a body that is not shape A becomes an `http` error. */
export function shapeAError(answer: RawAnswer): PlatformError {
  const body = ShapeA.safeParse(parseJson(answer.text));
  if (!body.success) return unexpectedAnswer(answer);
  return {
    kind: 'platform',
    httpStatus: answer.status,
    code: body.data.error,
    message: body.data.error_description || body.data.error,
    logId: body.data.log_id ?? null,
    ...retryAfter(answer),
  };
}

/** True when a body is a shape A failure, whatever the status (some platforms answer 200). */
export function isShapeAError(text: string): boolean {
  return ShapeA.safeParse(parseJson(text)).success;
}

/** Parses a shape B answer: `data` through `schema` when error.code is "ok", the error otherwise. */
export function parseShapeB<T>(answer: RawAnswer, schema: z.ZodType<T>): ApiResult<T> {
  const envelope = ShapeBEnvelope.safeParse(parseJson(answer.text));
  if (!envelope.success) return failed(unexpectedAnswer(answer));
  const { data, error } = envelope.data;
  if (error.code !== 'ok' || answer.status < 200 || answer.status > 299) {
    return failed({
      kind: 'platform',
      httpStatus: answer.status,
      code: error.code === 'ok' ? `http_${answer.status}` : error.code,
      message: error.message || error.code,
      logId: error.log_id ?? null,
      ...retryAfter(answer),
    });
  }
  const parsed = schema.safeParse(data ?? {});
  if (!parsed.success) {
    return failed({ kind: 'http', httpStatus: answer.status, code: 'unexpected_response', message: `The platform's answer had an unexpected shape (${formatIssues(parsed.error, { max: 3, root: 'body' })})`, logId: error.log_id ?? null });
  }
  return ok(parsed.data);
}

/** An answer in neither shape: report its status, never its body (it may echo what we sent). */
export function unexpectedAnswer(answer: RawAnswer): PlatformError {
  const location = answer.status >= 300 && answer.status < 400 ? ' (a redirect, which the platform API never sends)' : '';
  return { kind: 'http', httpStatus: answer.status, code: `http_${answer.status}`, message: `Unexpected answer from the server: HTTP ${answer.status}${location}`, ...retryAfter(answer), logId: null };
}

/** Retry-After in seconds or as an HTTP date; absent or unreadable means nothing. */
export function retryAfter(answer: Pick<RawAnswer, 'headers'>, now = Date.now()): { retryAfterMs?: number } {
  const value = answer.headers.get('retry-after');
  if (value === null || value.trim() === '') return {};
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return { retryAfterMs: Math.round(seconds * 1000) };
  const date = Date.parse(value);
  return Number.isNaN(date) ? {} : { retryAfterMs: Math.max(0, date - now) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
