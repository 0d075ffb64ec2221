/**
 * One loopback HTTP server around a route table: checks Host (a page elsewhere cannot reach the
 * sandbox through DNS rebinding), gives every request a log_id, applies injected faults, dispatches, turns
 * an unexpected exception into a 500 in the route's own error shape, and logs one line per
 * request without its query string (upload URLs carry a credential there).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock, OffsetClock } from '../../common/clock.js';
import type { Logger } from '../../common/log.js';
import { newLogId } from '../ids.js';
import { errorB, failureInShape } from './errors.js';
import { HANDLED, type Reply } from './reply.js';
import type { Router } from './router.js';

/** What an injected fault does to one request: delay it, answer a status, or drop the connection mid-body. */
export interface FaultDecision {
  latencyMs: number;
  outcome: { kind: 'none' } | { kind: 'status'; status: number } | { kind: 'reset' };
}

/** Fault injection by route (the sandbox's chaos rules); a server without faults passes none. */
export interface FaultInjector {
  decide(method: string, pathname: string): FaultDecision;
}

export interface HttpServerOptions {
  name: string;
  port: number;
  router: Router;
  faults: FaultInjector;
  /** The virtual clock: log ids, and fault latency (which advancing the clock cuts short). */
  clock: OffsetClock;
  logger: Logger;
  /**
   * The upload host: a 64 MB chunk on a slow link outlasts Node's default request timeout, and
   * its handler sends `100 Continue` itself only once it has decided to read the body.
   */
  streamingBodies?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Set on requests that carried `Expect: 100-continue` until the handler agrees to read the body. */
const awaitingContinue = new WeakSet<IncomingMessage>();

/** A handler about to read the body calls this, so a client waiting on Expect starts sending. */
export function acceptBody(req: IncomingMessage, res: ServerResponse): void {
  if (awaitingContinue.delete(req)) res.writeContinue();
}

/**
 * The start every request shares (the backend's server too): a log_id, the method, the target
 * parsed against `base` (undefined when malformed, for the caller to answer in its own shape),
 * and one log line when the response ends. Successful requests (status polls, chunks) log at
 * debug, so an embedded server stays quiet; failures at info. The line never carries the query
 * string: upload URLs and OAuth calls carry credentials there.
 */
export function beginRequest(
  req: IncomingMessage,
  res: ServerResponse,
  clock: Clock,
  logger: Logger,
  base: string,
  fields: Record<string, string> = {},
): { logId: string; method: string; url: URL | undefined } {
  const logId = newLogId(clock);
  const started = performance.now();
  const method = req.method ?? 'GET';
  let url: URL;
  try {
    url = new URL(req.url ?? '/', base);
  } catch {
    return { logId, method, url: undefined };
  }
  res.on('finish', () => {
    const line = { ...fields, method, path: url.pathname, status: res.statusCode, ms: Math.round(performance.now() - started), log_id: logId };
    if (res.statusCode >= 400) logger.info(line, 'request failed');
    else logger.debug(line, 'request');
  });
  return { logId, method, url };
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningServer> {
  const { router, faults, clock, logger } = options;
  let port = options.port;
  const server = createServer({
    requestTimeout: options.streamingBodies ? 0 : 120_000,
    headersTimeout: 30_000,
    keepAliveTimeout: 5_000,
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { logId, method, url } = beginRequest(req, res, clock, logger, `http://127.0.0.1:${port}`, { server: options.name });
    if (!url) {
      send(res, errorB(logId, 'invalid_params', 'malformed request target', { status: 400 }));
      return;
    }
    if (!hostAllowed(req.headers.host, port)) {
      awaitingContinue.delete(req);
      send(res, errorB(logId, 'invalid_params', 'Host must be 127.0.0.1 or localhost with this port', { status: 421 }));
      return;
    }
    const match = router.match(method, url.pathname);
    const shape = match.kind === 'found' ? (match.route.errorShape ?? 'B') : 'B';

    const decision = faults.decide(method, url.pathname);
    if (decision.latencyMs > 0) await clock.sleep(decision.latencyMs);
    if (decision.outcome.kind === 'reset') {
      logger.info({ server: options.name, method, path: url.pathname, log_id: logId }, 'chaos: connection reset');
      resetMidBody(req, res);
      return;
    }
    if (decision.outcome.kind === 'status') {
      awaitingContinue.delete(req);
      send(res, failureInShape(shape, logId, decision.outcome.status, 'injected by a sandbox chaos rule'));
      return;
    }

    if (match.kind === 'not_found') {
      send(res, errorB(logId, 'not_found', `no route ${method} ${url.pathname}`, { status: 404 }));
      return;
    }
    if (match.kind === 'wrong_method') {
      send(res, errorB(logId, 'method_not_allowed', `${method} is not allowed on ${url.pathname}`, { status: 405, headers: { Allow: match.allowed.join(', ') } }));
      return;
    }
    const log = logger.child({ log_id: logId });
    try {
      const result = await match.route.handler({ req, res, url, params: match.params, logId, log });
      if (result !== HANDLED) send(res, result);
    } catch (err) {
      // A thrown error is a bug in the sandbox; the client still gets a well-formed answer.
      log.error({ err, path: url.pathname }, 'unhandled error in route');
      if (!res.headersSent) send(res, failureInShape(shape, logId, 500, 'internal error in the sandbox'));
      else res.destroy();
    }
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void handle(req, res);
  });
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (options.streamingBodies) awaitingContinue.add(req);
    else res.writeContinue();
    void handle(req, res);
  });
  answerClientErrors(server);

  port = await listen(server, options.port, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, port, close: () => closeServer(server) };
}

/** Starts listening; answers the port (the one the system chose for 0). */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Stops accepting and drops the open connections, idle keep-alive ones included, so close() does not wait on them. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A malformed request line or headers: a plain 400 instead of Node's silent reset. */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
}

function hostAllowed(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return;
  const body = reply.body ?? '';
  res.writeHead(reply.status, {
    'X-Content-Type-Options': 'nosniff',
    ...reply.headers,
    'Content-Length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

/** Chaos `reset`: read a little of the body (the client is mid-send), then drop the connection. */
function resetMidBody(req: IncomingMessage, res: ServerResponse): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) {
    req.socket.destroy();
    return;
  }
  acceptBody(req, res);
  const timer = setTimeout(() => req.socket.destroy(), 2_000);
  req.once('data', () => {
    clearTimeout(timer);
    req.socket.destroy();
  });
  req.once('end', () => {
    clearTimeout(timer);
    req.socket.destroy();
  });
}
