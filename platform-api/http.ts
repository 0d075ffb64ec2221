/**
 * The one HTTP client of the main process. Every call has a deadline, never follows a redirect (a
 * 307 would re-send a form carrying the client secret to another address), and turns "no answer"
 * into a PlatformError value instead of a thrown error. It logs method, host, path and status at
 * debug level — never a body, a query or a header, which is where tokens live.
 *
 * It is built on node:http(s) with keep-alive agents, not on fetch: fetch wraps every request and
 * answer in web streams and abort signals, which cost the research explorer's paging (a thousand
 * requests for 100,000 records) a third of its main-process time (docs/ARCHITECTURE.md "Research").
 */
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Logger } from '../common/log.js';
import { requestTo } from './agents.js';
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
}

export type HttpSend = (request: HttpRequest) => Promise<ApiResult<RawAnswer>>;

export function createHttpClient(options: HttpClientOptions = {}): HttpSend {
  const log = options.log;
  return async function send(request) {
    // Nothing here may throw: a bad address (an empty or malformed base URL in a profile) or a
    // body that cannot be encoded is answered as a value like any other failure. The request was
    // never sent, so these are `network` failures with a code of their own; the message never
    // repeats the address (an upload URL carries a credential).
    let url: URL;
    try {
      url = new URL(request.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    } catch {
      log?.debug({ method: request.method, call: request.logAs ?? 'invalid URL' }, 'http not sent');
      return { ok: false, error: platformError({ kind: 'network', code: 'invalid_url', message: 'The address to call is not a valid URL: check the platform profile' }) };
    }
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | Uint8Array | undefined;
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
    if (body !== undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    const label = request.logAs ?? `${url.host}${url.pathname}`;
    const started = performance.now();
    const outcome = await exchange(url, request.method, headers, body, timeoutMs, request.signal);
    const ms = Math.round(performance.now() - started);
    switch (outcome.kind) {
      case 'answer':
        log?.debug({ method: request.method, call: label, status: outcome.answer.status, ms }, 'http');
        return { ok: true, value: outcome.answer };
      case 'timeout':
        log?.debug({ method: request.method, call: label, ms }, 'http timeout');
        return { ok: false, error: platformError({ kind: 'timeout', code: 'timeout', message: `${url.host} did not answer within ${Math.round(timeoutMs / 1000)} s` }) };
      case 'aborted':
        return { ok: false, error: platformError({ kind: 'network', code: 'aborted', message: 'The request was cancelled' }) };
      case 'failed':
        log?.debug({ method: request.method, call: label, ms, reason: outcome.reason }, 'http failed');
        return { ok: false, error: platformError({ kind: 'network', code: 'network_error', message: `Could not reach ${url.host} (${outcome.reason})` }) };
    }
  };
}

type Outcome = { kind: 'answer'; answer: RawAnswer } | { kind: 'timeout' } | { kind: 'aborted' } | { kind: 'failed'; reason: string };

/** One request and its whole answer; settles once, whatever happens first. */
function exchange(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, timeoutMs: number, signal: AbortSignal | undefined): Promise<Outcome> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ kind: 'aborted' });
    let req: ClientRequest;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (outcome.kind !== 'answer') req.destroy();
      resolve(outcome);
    };
    // The deadline covers the whole exchange, the answer's body included.
    const timer = setTimeout(() => settle({ kind: 'timeout' }), timeoutMs);
    const onAbort = () => settle({ kind: 'aborted' });
    signal?.addEventListener('abort', onAbort, { once: true });
    const send = (retry: boolean) => {
      req = requestTo(url, { method, headers });
      req.on('error', (error) => {
        // A kept-alive connection the server closed while it sat idle fails at once, before the
        // server read anything: that one is tried again, once, on a new connection.
        if (retry && req.reusedSocket && (error as { code?: unknown }).code === 'ECONNRESET' && !settled) return send(false);
        settle({ kind: 'failed', reason: networkReason(error) });
      });
      req.on('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => settle({ kind: 'failed', reason: networkReason(error) }));
        res.on('aborted', () => settle({ kind: 'failed', reason: 'connection closed mid-answer' }));
        res.on('end', () => settle({ kind: 'answer', answer: { status: res.statusCode ?? 0, headers: answerHeaders(res), text: Buffer.concat(chunks).toString('utf8') } }));
      });
      req.end(body);
    };
    send(true);
  });
}

function answerHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/** The system-level cause (ECONNREFUSED, ENOTFOUND, …) without anything the request carried. */
function networkReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'unknown error';
}

/** `base` + `path`, keeping any path prefix of base (`https://h/x` + `/v2/a/` → `https://h/x/v2/a/`). */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
