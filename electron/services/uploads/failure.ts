/**
 * Sorting a failure into what to do about it. Transport errors, timeouts and 5xx are retried;
 * the platform's limits make a draft wait; an account that must sign in again waits for it;
 * everything else the platform refuses is definitive, and retrying would only loop.
 */
import { AppError } from '../../core/result.js';

export type Failure =
  | { kind: 'retry'; message: string; retryAfterMs?: number; offline: boolean }
  | { kind: 'rate_limited'; retryAfterMs?: number }
  | { kind: 'inbox_full' }
  | { kind: 'auth'; message: string }
  | { kind: 'fatal'; code: string; message: string };

/** Node's codes meaning "no connection at all" (as opposed to one that broke). */
const OFFLINE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN']);
const TRANSIENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

interface PlatformLike {
  httpStatus?: number;
  code?: string;
  message?: string;
  retryAfterMs?: number;
  kind?: string;
}

export function classifyFailure(error: unknown): Failure {
  if (error instanceof AppError) {
    if (error.code === 'sign_in_again' || error.code === 'no_account' || error.code === 'missing_scope') return { kind: 'auth', message: error.message };
    // The built-in sandbox did not start (yet): a condition of this machine, not of the draft.
    if (error.code === 'platform_unavailable') return { kind: 'retry', message: error.message, offline: true };
  }
  const value = (error ?? {}) as PlatformLike & { cause?: { code?: string } };
  if (value.kind === 'auth') return { kind: 'auth', message: value.message ?? 'Sign in to this account again' };
  // The photo host out of reach: retried, the row naming the host and where to fix it (photos/photo-kind.ts), not "offline".
  if (value.kind === 'network' && value.code?.startsWith('photo_host_')) return { kind: 'retry', message: value.message ?? 'Can’t reach your photo bucket — check Settings › Photos', offline: false };
  const systemCode = typeof value.code === 'string' ? value.code : value.cause?.code;
  if (systemCode && OFFLINE_CODES.has(systemCode)) return { kind: 'retry', message: 'No connection to the platform', offline: true };
  if (systemCode && TRANSIENT_CODES.has(systemCode)) return { kind: 'retry', message: 'The connection dropped', offline: false };
  if (value.kind === 'network' || value.kind === 'timeout') {
    return { kind: 'retry', message: value.kind === 'timeout' ? 'The platform did not answer in time' : 'The connection failed', offline: value.kind === 'network' };
  }
  if (error instanceof Error && error.name === 'TimeoutError') return { kind: 'retry', message: 'The platform did not answer in time', offline: false };
  const status = value.httpStatus;
  if (status === 429 || value.code === 'rate_limit_exceeded') return { kind: 'rate_limited', retryAfterMs: value.retryAfterMs };
  if (value.code === 'spam_risk_too_many_pending_share') return { kind: 'inbox_full' };
  // 507: the upload host's disk is full (the built-in sandbox's is this machine's): it takes the chunk once there is room.
  if (status === 507) return { kind: 'retry', message: 'The upload host’s disk is full: this draft goes on once there is room', retryAfterMs: value.retryAfterMs, offline: false };
  if (status !== undefined && status >= 500) return { kind: 'retry', message: `The platform had a temporary error (${status})`, retryAfterMs: value.retryAfterMs, offline: false };
  if (value.code === 'scope_not_authorized') return { kind: 'fatal', code: 'scope_not_authorized', message: 'This account did not allow uploads (video.upload): sign in again and allow it' };
  if (value.code === 'access_token_invalid') return { kind: 'auth', message: 'The platform no longer accepts this account’s sign-in: sign in again' };
  if (error instanceof AppError) return { kind: 'fatal', code: error.code, message: error.message };
  if (status !== undefined) {
    const code = value.code ?? `http_${status}`;
    const who = refuser(code);
    return { kind: 'fatal', code, message: value.message ? `${who}: ${value.message}` : `${who} (HTTP ${status})` };
  }
  return { kind: 'fatal', code: 'internal', message: 'Something went wrong sending this draft' };
}

/** Who refused: the photo host (its codes start photo_host_, photos/photo-kind.ts), or else the platform. */
export function refuser(code: string): string {
  return code.startsWith('photo_host_') ? 'The photo host refused this post' : 'The platform refused this draft';
}
