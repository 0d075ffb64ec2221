/**
 * Sorting a failure into what to do about it. Transport errors, timeouts and 5xx are retried;
 * the platform's limits make a draft wait; an account that must sign in again waits for it;
 * everything else the platform refuses is definitive, and retrying would only loop.
 */
import { asText, words, type Words } from '../../core/contract/index.js';
import { AppError } from '../../core/result.js';

export type Failure =
  | { kind: 'retry'; words: Words; retryAfterMs?: number; offline: boolean }
  | { kind: 'rate_limited'; retryAfterMs?: number }
  | { kind: 'inbox_full' }
  | { kind: 'auth'; words: Words }
  | { kind: 'fatal'; code: string; words: Words };

/** Node's codes meaning "no connection at all" (as opposed to one that broke). */
const OFFLINE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN']);
const TRANSIENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

interface PlatformLike {
  httpStatus?: number;
  code?: string;
  message?: string;
  /** The app's own words for a failure it made (platform-api/errors.ts PlatformError.words). */
  words?: Words;
  retryAfterMs?: number;
  kind?: string;
}

export function classifyFailure(error: unknown): Failure {
  if (error instanceof AppError) {
    if (error.code === 'sign_in_again' || error.code === 'no_account' || error.code === 'missing_scope') return { kind: 'auth', words: error.words ?? asText(error.message) };
    // The built-in sandbox did not start (yet): a condition of this machine, not of the draft.
    if (error.code === 'platform_unavailable') return { kind: 'retry', words: words('wait.retry.text', { text: error.words ?? error.message }), offline: true };
  }
  const value = (error ?? {}) as PlatformLike & { cause?: { code?: string } };
  if (value.kind === 'auth') return { kind: 'auth', words: value.words ?? (value.message ? asText(value.message) : words('wait.sign_in')) };
  // The photo host out of reach: retried, the row naming the host and where to fix it (photos/photo-kind.ts), not "offline".
  if (value.kind === 'network' && value.code?.startsWith('photo_host_')) return { kind: 'retry', words: value.words || value.message ? words('wait.retry.text', { text: value.words ?? value.message ?? '' }) : words('wait.retry.photo_host_unreachable'), offline: false };
  const systemCode = typeof value.code === 'string' ? value.code : value.cause?.code;
  if (systemCode && OFFLINE_CODES.has(systemCode)) return { kind: 'retry', words: words('wait.offline'), offline: true };
  if (systemCode && TRANSIENT_CODES.has(systemCode)) return { kind: 'retry', words: words('wait.retry.connection_dropped'), offline: false };
  if (value.kind === 'network' || value.kind === 'timeout') {
    return { kind: 'retry', words: words(value.kind === 'timeout' ? 'wait.retry.no_answer' : 'wait.retry.connection_failed'), offline: value.kind === 'network' };
  }
  if (error instanceof Error && error.name === 'TimeoutError') return { kind: 'retry', words: words('wait.retry.no_answer'), offline: false };
  const status = value.httpStatus;
  if (status === 429 || value.code === 'rate_limit_exceeded') return { kind: 'rate_limited', retryAfterMs: value.retryAfterMs };
  if (value.code === 'spam_risk_too_many_pending_share') return { kind: 'inbox_full' };
  // 507: the upload host's disk is full (the built-in sandbox's is this machine's): it takes the chunk once there is room.
  if (status === 507) return { kind: 'retry', words: words('wait.retry.host_disk_full'), retryAfterMs: value.retryAfterMs, offline: false };
  if (status !== undefined && status >= 500) return { kind: 'retry', words: words('wait.retry.server_error', { status }), retryAfterMs: value.retryAfterMs, offline: false };
  if (value.code === 'scope_not_authorized') return { kind: 'fatal', code: 'scope_not_authorized', words: words('fail.scope_not_authorized') };
  if (value.code === 'access_token_invalid') return { kind: 'auth', words: words('wait.token_rejected') };
  if (error instanceof AppError) return { kind: 'fatal', code: error.code, words: asText(error.message) };
  if (status !== undefined) {
    const code = value.code ?? `http_${status}`;
    const who = refuser(code);
    return { kind: 'fatal', code, words: value.words || value.message ? words('fail.refused', { who, message: value.words ?? value.message ?? '' }) : words('fail.refused_http', { who, status }) };
  }
  return { kind: 'fatal', code: 'internal', words: words('fail.unexpected') };
}

/** Who refused, as the catalog's `who` select takes it: the photo host (its codes start photo_host_, photos/photo-kind.ts), or else the platform. */
export function refuser(code: string): 'photo_host' | 'platform' {
  return code.startsWith('photo_host_') ? 'photo_host' : 'platform';
}
