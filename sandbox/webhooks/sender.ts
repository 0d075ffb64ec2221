/**
 * One delivery attempt: POST the body to the receiver, with a deadline over the whole exchange,
 * on a fresh connection (a receiver that resets or hangs must not poison a pooled socket for
 * the next attempt). Redirects are not followed: a 3xx is a failed attempt. Never throws; the
 * outcome is a value.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface SendInput {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Aborted when the sandbox stops: the attempt is then not recorded. */
  signal: AbortSignal;
}

export type SendOutcome =
  | { kind: 'answered'; status: number; excerpt: string; durationMs: number }
  | { kind: 'failed'; error: string; durationMs: number }
  | { kind: 'aborted' };

const EXCERPT_CHARS = 200;
const MAX_READ_BYTES = 64 * 1024;

export function sendWebhook(input: SendInput): Promise<SendOutcome> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve({ kind: 'failed', error: 'webhook_url is not a valid URL', durationMs: 0 });
  }
  if (input.signal.aborted) return Promise.resolve({ kind: 'aborted' });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);

  return new Promise((resolve) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: { ...input.headers, 'Content-Length': String(Buffer.byteLength(input.body)), Connection: 'close' },
    });
    let settled = false;
    const settle = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      input.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
      req.destroy();
    };
    const timer = setTimeout(() => settle({ kind: 'failed', error: `timeout after ${input.timeoutMs} ms`, durationMs: elapsed() }), input.timeoutMs);
    const onAbort = () => settle({ kind: 'aborted' });
    input.signal.addEventListener('abort', onAbort);

    req.on('response', (res: IncomingMessage) => {
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_READ_BYTES) parts.push(chunk);
        size += chunk.length;
      });
      // The status line is what counts; a receiver that hangs up mid-body still answered.
      const done = () => settle({ kind: 'answered', status: res.statusCode ?? 0, excerpt: Buffer.concat(parts).toString('utf8').slice(0, EXCERPT_CHARS), durationMs: elapsed() });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.on('error', (err: NodeJS.ErrnoException) => settle({ kind: 'failed', error: err.code ?? err.message, durationMs: elapsed() }));
    req.end(input.body);
  });
}
