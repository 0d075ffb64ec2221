/**
 * Web mode's transport: the same contract over HTTP on loopback, for the renderer in a browser
 * tab and for scripts (the local automation API).
 *
 *   POST /api/call/<channel>   body: JSON input (empty for none) → 200 {ok,value|error}
 *   POST /api/files            body: a file's bytes, streamed → {ok,value:{fileId,size}} (for drafts.add)
 *   GET  /api/events           Server-Sent Events; each `data:` line is a JSON batch of events
 *   GET  /downloads/<id>       a file offered once under a random id (services/downloads.ts), e.g. a research export
 *   GET  /, /assets/…          the renderer (public code, no secret)
 *
 * Every request must name this server in Host (a DNS-rebinding page cannot), and if it has an
 * Origin it must be this server's (as 127.0.0.1 or localhost). Every /api request must also carry
 * the session token as `Authorization: Bearer <token>`; anything else gets 403.
 *
 * There is no cookie: cookies are not port-scoped, so one would also go to every other loopback
 * server the browser visits (the embedded sandbox, the sign-in listener), which could read it.
 * The renderer is opened at `/?token=…`, keeps the token in page memory (and the tab's
 * sessionStorage, so a reload works) and sends it as a header. The page and its assets need no
 * token: they are the same for everyone, so a reload of the stripped URL loads them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../common/log.js';
import { RENDERER_SECURITY_HEADERS } from '../../common/csp.js';
import type { Dispatch } from '../core/dispatcher.js';
import type { EventHub } from './event-hub.js';
import { AppError, IpcErrorCode } from '../core/result.js';
import type { IncomingFiles } from '../services/uploads/incoming-files.js';
import { sameSecret } from '../services/auth/same-secret.js';
import { contentTypeOf, findStaticFile } from './static-files.js';
import { DOWNLOAD_PATH_PREFIX, type Downloads } from '../services/downloads.js';

const MAX_CALL_BODY_BYTES = 1024 * 1024;
const SSE_HEARTBEAT_MS = 15_000;
/**
 * What an event stream may have written and not yet sent. A reader that stops reading (a paused
 * or frozen tab, a script that never reads) would otherwise make every batch wait in memory; one
 * that falls this far behind is dropped, and the page reconnects and reloads its state.
 */
export const MAX_STREAM_BACKLOG_BYTES = 4 * 1024 * 1024;

export interface WebTransportOptions {
  dispatch: Dispatch;
  hub: EventHub;
  rendererDir: string;
  log: Logger;
  port?: number;
  /** Where files dropped in the browser are streamed to. */
  incoming?: IncomingFiles;
  /** The session token: web.ts keeps one per data dir (transports/web-session.ts); a fresh random one otherwise. */
  token?: string;
  /** Files offered for download (research exports). */
  downloads?: Downloads;
  /** MAX_STREAM_BACKLOG_BYTES unless a test asks for less. */
  maxStreamBacklogBytes?: number;
}

export interface WebTransport {
  url: string;
  origin: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

export async function startWebTransport(options: WebTransportOptions): Promise<WebTransport> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const server = createServer();
  const openStreams = new Set<ServerResponse>();
  let origin = '';
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  /** Only the Authorization header: a token in the query string would end up in logs and history. */
  function hasToken(req: IncomingMessage): boolean {
    return sameSecret(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1], token);
  }

  server.on('request', (req, res) => {
    void handle(req, res).catch((error: unknown) => {
      options.log.error({ err: error, path: req.url?.split('?')[0] }, 'web transport request failed');
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: IpcErrorCode.internal, message: 'Internal error' } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Node keeps only the first of two Host headers; something in front of us may read the other.
    if (req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i]!.toLowerCase() === 'host').length > 1) {
      return sendJson(res, 400, { ok: false, error: { code: 'bad_request', message: 'More than one Host header' } });
    }
    const url = URL.parse(req.url ?? '/', origin);
    if (!url) return sendJson(res, 400, { ok: false, error: { code: 'bad_request', message: 'Malformed request target' } });
    if (!allowedHosts.has(req.headers.host ?? '')) return forbid(res, 'unexpected Host header');
    const requestOrigin = req.headers.origin;
    if (requestOrigin !== undefined && !allowedOrigins.has(requestOrigin)) return forbid(res, 'unexpected Origin');
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    if (isApi && !hasToken(req)) return forbid(res, 'missing or wrong session token');

    if (url.pathname.startsWith('/api/call/')) {
      if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'method_not_allowed', message: 'Use POST' } });
      const channel = decodePath(url.pathname.slice('/api/call/'.length));
      // No channel has a name that is not valid percent-encoding: unknown, not a server error.
      if (channel === null) return sendJson(res, 404, { ok: false, error: { code: IpcErrorCode.unknownChannel, message: 'Unknown channel (malformed percent-encoding)' } });
      return handleCall(req, res, channel);
    }
    if (url.pathname === '/api/files' && options.incoming) {
      if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'method_not_allowed', message: 'Use POST' } });
      return handleFile(req, res, options.incoming);
    }
    if (url.pathname === '/api/events') {
      if (req.method !== 'GET') return sendJson(res, 405, { ok: false, error: { code: 'method_not_allowed', message: 'Use GET' } });
      return handleEvents(req, res);
    }
    if (url.pathname.startsWith(DOWNLOAD_PATH_PREFIX) && options.downloads) {
      if (req.method !== 'GET') return sendJson(res, 405, { ok: false, error: { code: 'method_not_allowed', message: 'Use GET' } });
      return handleDownload(res, options.downloads, url.pathname.slice(DOWNLOAD_PATH_PREFIX.length));
    }
    if (isApi) return sendJson(res, 404, { ok: false, error: { code: 'not_found', message: 'Not found' } });
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { ok: false, error: { code: 'method_not_allowed', message: 'Use GET' } });
    return serveStatic(res, url);
  }

  async function handleCall(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    const body = await readBody(req, MAX_CALL_BODY_BYTES);
    if (body === null) return sendJson(res, 413, { ok: false, error: { code: IpcErrorCode.invalidInput, message: `Body larger than ${MAX_CALL_BODY_BYTES} bytes` } });
    let input: unknown = undefined;
    // application/json exactly (parameters allowed): not application/json-seq, not a guess from the body.
    const contentType = req.headers['content-type'];
    const isJson = contentType !== undefined && contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
    if ((body.length > 0 || contentType !== undefined) && !isJson) {
      return sendJson(res, 415, { ok: false, error: { code: IpcErrorCode.invalidInput, message: 'Content-Type must be application/json' } });
    }
    if (body.length > 0) {
      try {
        input = JSON.parse(body.toString('utf8'));
      } catch {
        return sendJson(res, 400, { ok: false, error: { code: IpcErrorCode.invalidInput, message: 'Body is not valid JSON' } });
      }
    }
    const result = await options.dispatch(channel, input);
    const status = result.ok ? 200 : result.error.code === IpcErrorCode.unknownChannel ? 404 : result.error.code === IpcErrorCode.invalidInput ? 400 : 200;
    sendJson(res, status, result);
  }

  async function handleFile(req: IncomingMessage, res: ServerResponse, incoming: IncomingFiles): Promise<void> {
    const declared = req.headers['content-length'];
    try {
      sendJson(res, 200, { ok: true, value: await incoming.receive(req, { declaredBytes: declared === undefined ? undefined : Number(declared) }) });
    } catch (error) {
      const code = error instanceof AppError ? error.code : IpcErrorCode.internal;
      // Too large, or no room for it: answer and close rather than read gigabytes only to throw them away.
      const closes = code === 'file_too_large' || code === 'disk_full';
      if (closes) res.setHeader('Connection', 'close');
      const message = error instanceof Error ? error.message : 'Upload failed';
      // Its words too, where it has them, so the page says it in its language (IpcError.words).
      const words = error instanceof AppError ? error.words : undefined;
      sendJson(res, code === 'file_too_large' ? 413 : code === 'disk_full' ? 507 : 400, { ok: false, error: words ? { code, message, words } : { code, message } });
      if (!closes) req.resume();
    }
  }

  async function handleDownload(res: ServerResponse, downloads: Downloads, id: string): Promise<void> {
    const download = downloads.take(id);
    if (!download) return sendJson(res, 404, { ok: false, error: { code: 'not_found', message: 'This download has expired or was already used; export again' } });
    res.writeHead(200, {
      'Content-Type': download.contentType,
      'Content-Disposition': `attachment; filename="${download.fileName.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    await download.write(res).catch((error: unknown) => {
      options.log.warn({ err: error }, 'download interrupted');
      res.destroy();
    });
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
    });
    res.write(': connected\n\n');
    openStreams.add(res);
    const maxBacklog = options.maxStreamBacklogBytes ?? MAX_STREAM_BACKLOG_BYTES;
    const unsubscribe = options.hub.subscribe((batch) => {
      if (res.writableLength > maxBacklog) {
        options.log.warn({ backlogBytes: res.writableLength }, 'an event stream stopped reading; dropped (the page reconnects and reloads)');
        end();
        res.destroy();
        return;
      }
      res.write(`data: ${JSON.stringify(batch)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), SSE_HEARTBEAT_MS);
    function end(): void {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(res);
    }
    req.on('close', end);
  }

  async function serveStatic(res: ServerResponse, url: URL): Promise<void> {
    const found = await findStaticFile(options.rendererDir, url.pathname);
    if (found.kind === 'outside') return forbid(res, 'path outside the renderer');
    if (found.kind === 'missing') {
      if (found.shell) return sendJson(res, 503, { ok: false, error: { code: 'not_built', message: 'The renderer is not built; run npm run build' } });
      return sendJson(res, 404, { ok: false, error: { code: 'not_found', message: 'Not found' } });
    }
    res.writeHead(200, {
      ...RENDERER_SECURITY_HEADERS,
      'Content-Type': contentTypeOf(found.path),
      'Content-Length': String(found.size),
      'Cache-Control': 'no-store',
    });
    createReadStream(found.path).pipe(res);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([origin, `http://localhost:${port}`]);

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    port,
    async close() {
      for (const stream of openStreams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** decodeURIComponent, or null for malformed percent-encoding. */
function decodePath(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Refused, and the connection closed once the answer is out: not kept open to read (and throw
 * away) a body of any length from a client that has no business here.
 */
function forbid(res: ServerResponse, reason: string): void {
  res.setHeader('Connection', 'close');
  res.once('finish', () => res.socket?.destroy());
  sendJson(res, 403, { ok: false, error: { code: 'forbidden', message: `Forbidden: ${reason}` } });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // Encoded to UTF-8 once: Buffer.byteLength and then res.end(text) would each encode it, which
  // for an answer of megabytes (25,000 research rows) doubles the main process's work for it.
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(bytes);
}

/** The whole body, or null once it exceeds `limit` (the rest is drained, not buffered). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
