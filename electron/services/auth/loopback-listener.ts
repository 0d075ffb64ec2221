/**
 * The one-shot redirect listener of the native-app flow (RFC 8252 §7.3): an HTTP server on
 * 127.0.0.1 (never any other interface) on an ephemeral port, serving only the registered
 * callback path. Requests for another path, another Host, or without this flow's `state` are
 * answered and ignored: they do not end the flow (a stray tab or a hostile page must not be able
 * to cancel a sign-in). The first callback carrying the right state ends it, as do cancel() and
 * the timeout; then the server closes. The browser gets a small page saying it can be closed, in
 * its own language (Accept-Language, as the platform's consent page does), from the app's catalogs.
 *
 * Outcomes are values: a code, a refusal from the consent page, a cancel, or a timeout.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../../common/log.js';
import { acceptedLanguages } from '../../../common/accept-language.js';
import { words } from '../../core/contract/index.js';
import { mainLocale, sayWords } from '../main-words.js';
import { sameSecret } from './same-secret.js';

export const CALLBACK_PATH = '/callback/';
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;
const LOOPBACK = '127.0.0.1';

export type CallbackOutcome =
  | { kind: 'code'; code: string; scopes: string[] }
  | { kind: 'refused'; error: string; description: string }
  | { kind: 'cancelled' }
  | { kind: 'timeout' };

export interface LoopbackOptions {
  state: string;
  path?: string;
  timeoutMs?: number;
  log?: Logger;
}

export interface LoopbackListener {
  /** `http://127.0.0.1:<port>/callback/`: the redirect_uri to send with the authorize request and the code. */
  redirectUri: string;
  address: AddressInfo;
  /** Settles once, with the first valid callback, the cancel or the timeout; never rejects. */
  result: Promise<CallbackOutcome>;
  /** Resolves when the server has stopped listening. */
  closed: Promise<void>;
  cancel(): void;
}

export async function startLoopbackListener(options: LoopbackOptions): Promise<LoopbackListener> {
  const path = options.path ?? CALLBACK_PATH;
  const log = options.log;
  const server = createServer();
  let settle!: (outcome: CallbackOutcome) => void;
  const result = new Promise<CallbackOutcome>((resolve) => (settle = resolve));
  let done = false;
  let closeServer!: () => void;
  const closed = new Promise<void>((resolve) => {
    closeServer = () => {
      server.close(() => resolve());
      server.closeIdleConnections();
      // A client that holds a socket open (a half-sent request) must not keep the port bound.
      setTimeout(() => server.closeAllConnections(), 1000).unref();
    };
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: LOOPBACK, port: 0, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = `${LOOPBACK}:${address.port}`;
  const redirectUri = `http://${host}${path}`;

  const finish = (outcome: CallbackOutcome) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    settle(outcome);
    closeServer();
  };
  const timer = setTimeout(() => {
    log?.info('sign-in timed out waiting for the browser');
    finish({ kind: 'timeout' });
  }, options.timeoutMs ?? SIGN_IN_TIMEOUT_MS);
  timer.unref();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // After the flow ends the server only finishes in-flight answers.
    if (done) return page(req, res, 410, 'ended.title', 'ended.body');
    if (req.headers.host !== host) return page(req, res, 400, 'wrong_address.title', 'only_ours');
    if (req.method !== 'GET') return page(req, res, 405, 'not_allowed.title', 'only_ours');
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (url.pathname !== path) return page(req, res, 404, 'not_found.title', 'only_ours');
    if (!sameSecret(url.searchParams.get('state'), options.state)) {
      // Ignored, not fatal: it is not the answer to our request (an old tab, or someone else's).
      log?.warn('sign-in callback with a state that is not this flow’s; ignored');
      return page(req, res, 400, 'stale.title', 'stale.body');
    }
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error !== null) {
      page(req, res, 200, 'not_completed.title', 'close_tab');
      return finish({ kind: 'refused', error, description: url.searchParams.get('error_description') ?? '' });
    }
    if (code === null || code === '') return page(req, res, 400, 'incomplete.title', 'incomplete.body');
    page(req, res, 200, 'signed_in.title', 'close_tab');
    finish({ kind: 'code', code, scopes: (url.searchParams.get('scopes') ?? '').split(',').filter(Boolean) });
  });

  return {
    redirectUri,
    address,
    result,
    closed,
    cancel: () => finish({ kind: 'cancelled' }),
  };
}

/** A page of the callback (`main.callback.<title>` and `main.callback.<body>`) in the browser's language. */
function page(req: IncomingMessage, res: ServerResponse, status: number, title: string, body: string): void {
  const locale = mainLocale('system', acceptedLanguages(req.headers['accept-language']));
  const say = (code: string, params = {}) => escapeHtml(sayWords(words(`callback.${code}`, params), locale));
  const heading = say(title);
  const html =
    `<!doctype html><html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${say('page_title', { title: sayWords(words(`callback.${title}`), locale) })}</title><style>body{font:16px system-ui,sans-serif;margin:4rem auto;max-width:32rem;padding:0 1rem;color:#222}</style></head>` +
    `<body><main><h1>${heading}</h1><p>${say(body)}</p></main></body></html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-language': locale,
    vary: 'Accept-Language',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    // The address bar holds the code: no page resource, no referrer, no framing.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(html);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
