/**
 * The backend's HTTP server: the sandbox's route table and replies (server-kit/http) on a plain
 * node:http server, without the sandbox's loopback-only Host check and chaos, since the backend
 * runs on a public interface behind a load balancer. It answers browser origins from
 * `allowed_origins` (CORS, preflight included) and refuses any other Origin with 403, gives every
 * request a log_id, turns an unexpected exception into a 500 (507 `disk_full` when the database
 * could not write for want of space), and logs one line per request
 * without its query or headers (tokens live there). Every answer is counted in the metrics by
 * route pattern.
 *
 * Draining (before a deploy, on SIGTERM): the server stops accepting connections, closes the idle
 * ones, answers any new request on an open connection 503 with `Connection: close` (a load
 * balancer or the platform sends it elsewhere or later), lets the requests in flight finish (a
 * webhook in its transaction commits and is answered) and closes their connections after the
 * answer; after `timeoutMs` whatever is left is cut off (never acknowledged, so retried).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Clock } from '../../common/clock.js';
import type { Logger } from '../../common/log.js';
import { HANDLED } from '../../server-kit/http/reply.js';
import type { Router } from '../../server-kit/http/router.js';
import { answerClientErrors, beginRequest, closeServer, listen, send } from '../../server-kit/http/server.js';
import { isDiskFullError } from '../db/database.js';
import { apiError } from './answers.js';
import type { BackendMetrics } from './metrics.js';

export interface BackendServerOptions {
  host: string;
  port: number;
  router: Router;
  clock: Clock;
  logger: Logger;
  allowedOrigins: readonly string[];
  /** Paths called by servers, not browsers (the webhook): no Origin rules apply. */
  serverToServerPaths: readonly string[];
  metrics: BackendMetrics;
}

export interface RunningBackendServer {
  url: string;
  port: number;
  draining(): boolean;
  /** Stops accepting and waits (at most timeoutMs) for the requests in flight to be answered. */
  drain(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key',
  'Access-Control-Max-Age': '600',
};

export async function startBackendServer(options: BackendServerOptions): Promise<RunningBackendServer> {
  const { router, clock, logger } = options;
  const allowed = new Set(options.allowedOrigins);
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 15_000, keepAliveTimeout: 5_000 });

  let draining = false;
  let inFlight = 0;
  let settled: (() => void) | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { logId, method, url } = beginRequest(req, res, clock, logger, 'http://backend.invalid');
    const started = performance.now();
    let route = 'unmatched';
    inFlight++;
    res.once('close', () => {
      options.metrics.request(route, method, res.statusCode, (performance.now() - started) / 1000);
      if (--inFlight === 0) settled?.();
    });
    if (draining) {
      // Whatever is answered now is the connection's last answer.
      res.setHeader('Connection', 'close');
      send(res, apiError(503, 'draining', 'this server is shutting down; send the request again', { 'Retry-After': '1' }));
      return;
    }
    if (!url) {
      send(res, apiError(400, 'invalid_request', 'malformed request target'));
      return;
    }

    const origin = req.headers.origin;
    const browserFacing = !options.serverToServerPaths.includes(url.pathname);
    const cors: Record<string, string> = origin !== undefined && allowed.has(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
    if (browserFacing && origin !== undefined && !allowed.has(origin)) {
      // A page elsewhere must not spend a visitor's token or drive the broker (CSRF).
      send(res, apiError(403, 'origin_not_allowed', `requests from ${origin.slice(0, 100)} are not allowed (allowed_origins)`));
      return;
    }
    if (method === 'OPTIONS' && browserFacing) {
      send(res, { status: 204, headers: { ...cors, ...CORS_HEADERS } });
      return;
    }

    const match = router.match(method, url.pathname);
    if (match.kind === 'not_found') {
      send(res, apiError(404, 'not_found', `no route ${method} ${url.pathname}`, cors));
      return;
    }
    if (match.kind === 'wrong_method') {
      send(res, apiError(405, 'method_not_allowed', `${method} is not allowed on ${url.pathname}`, { ...cors, Allow: match.allowed.join(', ') }));
      return;
    }
    route = match.route.path;
    const log = logger.child({ log_id: logId });
    try {
      const reply = await match.route.handler({ req, res, url, params: match.params, logId, log });
      if (draining) res.setHeader('Connection', 'close');
      if (reply !== HANDLED) send(res, { ...reply, headers: { ...cors, ...reply.headers } });
    } catch (err) {
      log.error({ err, path: url.pathname }, 'unhandled error in route');
      // A full disk is the operator's (or, built in, the person's) to fix, and worth saying as such.
      const reply = isDiskFullError(err) ? apiError(507, 'disk_full', `the store server's disk is full (log_id ${logId})`, cors) : apiError(500, 'internal_error', `internal error (log_id ${logId})`, cors);
      if (!res.headersSent) send(res, reply);
      else res.destroy();
    }
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void handle(req, res);
  });
  answerClientErrors(server);
  const port = await listen(server, options.port, options.host);
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host.includes(':') ? `[${options.host}]` : options.host;
  const drain = async (timeoutMs: number): Promise<void> => {
    draining = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([new Promise<void>((resolve) => (settled = resolve)), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      if (inFlight > 0) logger.warn({ in_flight: inFlight }, 'drain: requests still in flight after the bound are cut off');
    }
    server.closeAllConnections();
    await closed;
  };
  return {
    url: `http://${shownHost}:${port}`,
    port,
    draining: () => draining,
    drain,
    close: () => (draining ? Promise.resolve() : closeServer(server)),
  };
}
