/**
 * The partner backend, in process: `startBackend()` opens the database (PGlite in the data dir,
 * or the PostgreSQL server at databaseUrl), applies the migrations, and serves the token broker,
 * the store API and the payment webhook receiver. The CLI (`npm run backend`), the tests and the
 * app's built-in profile all start it this way.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Clock } from '../common/clock.js';
import { createLogger, type Logger } from '../common/log.js';
import { createHttpClient, type HttpSend } from '../platform-api/http.js';
import { Router } from '../server-kit/http/router.js';
import { brokerRoutes } from './broker/routes.js';
import { parseBackendConfig, type BackendConfig, type BackendConfigInput } from './config.js';
import type { BackendContext } from './context.js';
import { openDatabase, type DatabaseKind } from './db/database.js';
import type { SetAsideDir } from './db/pglite-dir.js';
import { healthRoutes } from './http/health.js';
import { createMetrics } from './http/metrics.js';
import { startMetricsServer } from './http/metrics-server.js';
import { startBackendServer } from './http/server.js';
import { orderRoutes } from './orders/routes.js';
import { SandboxClock } from '../platform-api/sandbox-clock.js';
import { webhookRoute } from './webhooks/receiver.js';

export { parseBackendConfig, loadBackendConfigFile, SANDBOX_CATALOG, DEFAULT_WEBHOOK_PATH, type BackendConfig, type BackendConfigInput } from './config.js';

export interface StartBackendOptions {
  /** Validated again here, defaults filled. */
  config: BackendConfig | BackendConfigInput;
  /** PGlite's home (`<dataDir>/pglite`); without it (and without databaseUrl) a temp dir removed on close. */
  dataDir?: string;
  /** postgres://… : use this PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  logger?: Logger;
  /**
   * The backend's time. Default: real time, or in the sandbox profile the sandbox's virtual clock
   * read over HTTP; an app embedding both can pass the sandbox's own clock object.
   */
  clock?: Clock;
  /** Default 127.0.0.1; 0.0.0.0 behind a load balancer. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Connections per process to a PostgreSQL server (default: the config's database_pool_size). */
  poolSize?: number;
}

export interface BackendHandle {
  baseUrl: string;
  /** Where the platform must send payment webhooks (baseUrl + webhook_path). */
  webhookUrl: string;
  databaseKind: DatabaseKind;
  /** Where GET /metrics is served (config `metrics`), or null. */
  metricsUrl: string | null;
  /** PGlite's folder, found damaged at start and moved aside (a fresh database was made), or null. */
  databaseSetAside: SetAsideDir | null;
  config: BackendConfig;
  /**
   * Drains, then stops: /readyz turns 503, no new connection is accepted, the requests in flight
   * are answered (at most the config's drain_timeout_ms), then the pool is closed.
   */
  close(): Promise<void>;
}

export async function startBackend(options: StartBackendOptions): Promise<BackendHandle> {
  const config = parseBackendConfig(options.config);
  const logger = options.logger ?? createLogger({ name: 'backend' });
  const http: HttpSend = createHttpClient({ log: logger });
  const ownsDir = !options.dataDir && !options.databaseUrl;
  const dataDir = options.dataDir ? resolve(options.dataDir) : ownsDir ? await mkdtemp(join(tmpdir(), 'draftdeck-backend-')) : '';

  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
    if (ownsDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const database = await openDatabase({ dataDir, databaseUrl: options.databaseUrl, log: logger, poolSize: options.poolSize ?? config.database_pool_size });
    cleanups.push(() => database.close());

    const sandboxClock = !options.clock && config.platform.sandbox ? new SandboxClock(http, config.platform.base_url) : null;
    if (sandboxClock) {
      await sandboxClock.sync();
      sandboxClock.start();
      cleanups.push(() => Promise.resolve(sandboxClock.stop()));
    }
    const clock: Clock = options.clock ?? sandboxClock ?? { now: () => Date.now() };

    const ctx: BackendContext = {
      config,
      db: database.db,
      clock,
      resyncClock: (since) => sandboxClock?.sync(since) ?? Promise.resolve(),
      http,
      logger,
      instanceId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
      metrics: createMetrics(database.poolStats),
    };
    let draining = () => false;
    const router = new Router().add(...healthRoutes(database.db, () => draining()), ...brokerRoutes(ctx), ...orderRoutes(ctx), webhookRoute(ctx));
    const server = await startBackendServer({
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      router,
      clock,
      logger,
      allowedOrigins: config.allowed_origins,
      serverToServerPaths: [config.webhook_path],
      metrics: ctx.metrics,
    });
    draining = server.draining;
    cleanups.push(() => server.drain(config.drain_timeout_ms));
    const metricsServer = config.metrics ? await startMetricsServer(ctx.metrics, config.metrics.host, config.metrics.port, logger) : null;
    if (metricsServer) cleanups.push(() => metricsServer.close());

    logger.info({ base_url: server.url, database: database.kind, instance: ctx.instanceId }, 'backend ready');
    let closing: Promise<void> | undefined;
    return {
      baseUrl: server.url,
      webhookUrl: `${server.url}${config.webhook_path}`,
      databaseKind: database.kind,
      metricsUrl: metricsServer?.url ?? null,
      databaseSetAside: database.setAside,
      config,
      close: () => (closing ??= cleanup()),
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
