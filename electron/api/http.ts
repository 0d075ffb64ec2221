/**
 * The one HTTP client of the main process (Node's fetch). Every call has a deadline, never follows
 * a redirect (a 307 would re-send a form carrying the client secret to another address), and
 * turns "no answer" into a PlatformError value instead of a thrown error. It logs method, host,
 * path and status at debug level — never a body, a query or a header, which is where tokens live.
 */
import type { Logger } from '../../common/log.js';
import { platformError, type ApiResult, type RawAnswer } from './errors.js';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string | URL;
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as application/json; charset=UTF-8. */
  json?: unknown;
  /** A raw body (uploads). */
  body?: Uint8Array<ArrayBuffer>;
  timeoutMs?: number;
  /** Cancels the call from outside (the caller's own abort, e.g. pausing an upload). */
  signal?: AbortSignal;
  /** What the debug log names the call by, when the path itself carries a credential. */
  logAs?: string;
}

export interface HttpClientOptions {
  log?: Logger;
  /** For tests of the client itself; Node's global fetch otherwise. */
  fetch?: typeof fetch;
}

export type HttpSend = (request: HttpRequest) => Promise<ApiResult<RawAnswer>>;

export function createHttpClient(options: HttpClientOptions = {}): HttpSend {
  const doFetch = options.fetch ?? fetch;
  const log = options.log;
  return async function send(request) {
    // Nothing here may throw: a bad address (an empty or malformed base URL in a profile) or a
    // body that cannot be encoded is answered as a value like any other failure. The request was
    // never sent, so these are `network` failures with a code of their own; the message never
    // repeats the address (an upload URL carries a credential).
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      log?.debug({ method: request.method, call: request.logAs ?? 'invalid URL' }, 'http not sent');
      return { ok: false, error: platformError({ kind: 'network', code: 'invalid_url', message: 'The address to call is not a valid URL: check the platform profile' }) };
    }
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: BodyInit | undefined;
    try {
      if (request.form !== undefined) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(request.form).toString();
      } else if (request.json !== undefined) {
        headers['content-type'] = 'application/json; charset=UTF-8';
        body = JSON.stringify(request.json);
      } else if (request.body !== undefined) {
        body = request.body;
      }
    } catch {
      return { ok: false, error: platformError({ kind: 'network', code: 'invalid_request', message: `The request to ${url.host} could not be encoded` }) };
    }
    const label = request.logAs ?? `${url.host}${url.pathname}`;
    const started = performance.now();
    try {
      const response = await doFetch(url, { method: request.method, headers, body, signal, redirect: 'manual' });
      const text = await response.text();
      log?.debug({ method: request.method, call: label, status: response.status, ms: Math.round(performance.now() - started) }, 'http');
      return { ok: true, value: { status: response.status, headers: response.headers, text } };
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      if (timeout.aborted) {
        log?.debug({ method: request.method, call: label, ms }, 'http timeout');
        return { ok: false, error: platformError({ kind: 'timeout', code: 'timeout', message: `${url.host} did not answer within ${Math.round(timeoutMs / 1000)} s` }) };
      }
      if (request.signal?.aborted) {
        return { ok: false, error: platformError({ kind: 'network', code: 'aborted', message: 'The request was cancelled' }) };
      }
      const reason = networkReason(error);
      log?.debug({ method: request.method, call: label, ms, reason }, 'http failed');
      return { ok: false, error: platformError({ kind: 'network', code: 'network_error', message: `Could not reach ${url.host} (${reason})` }) };
    }
  };
}

/** The system-level cause (ECONNREFUSED, ENOTFOUND, …) without anything the request carried. */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  // undici's own refusals (a "bad port") carry only a message; it names the port, not the request.
  if (cause && typeof cause.message === 'string') return cause.message.slice(0, 80);
  return error instanceof Error ? error.name : 'unknown error';
}

/** `base` + `path`, keeping any path prefix of base (`https://h/x` + `/v2/a/` → `https://h/x/v2/a/`). */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
