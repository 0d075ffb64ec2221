/**
 * The platform sandbox, in process: `startSandbox()` starts the API server and the upload host on
 * loopback (random ports by default) and resolves once both listen. The desktop app's built-in
 * sandbox profile, the tests and the CLI all start it this way.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { OffsetClock } from '../common/clock.js';
import { createLogger, type Logger } from '../common/log.js';
import { Chaos } from './chaos.js';
import { DEFAULT_SANDBOX_CONFIG, loadSandboxConfigFile, parseSandboxConfig, resolveConfig, type SandboxConfig } from './config.js';
import { consoleModule } from './console/page.js';
import type { SandboxContext, SandboxModule } from './context.js';
import { Router } from '../server-kit/http/router.js';
import { startHttpServer, type RunningServer } from '../server-kit/http/server.js';
import { SANDBOX_MODULES } from './modules.js';
import { SandboxState, type SetAsideFile } from './state/sandbox-state.js';

export { parseSandboxConfig, DEFAULT_SANDBOX_CONFIG, type SandboxConfig } from './config.js';
export type { SandboxApp, SandboxUser } from './config.js';
export type { SandboxModule, SandboxContext } from './context.js';

export interface StartSandboxOptions {
  /** API port; 0 (default) picks a free one. */
  port?: number;
  /** Upload host port; 0 (default) picks a free one. */
  uploadPort?: number;
  /** An already-parsed config (validated again). Takes precedence over configPath. */
  config?: SandboxConfig;
  /** A JSON config file. Without config or configPath, DEFAULT_SANDBOX_CONFIG. */
  configPath?: string;
  /** Keep state and media here across restarts; without it a temp dir is used and removed on close. */
  dataDir?: string;
  logger?: Logger;
  /** Seed of the chaos PRNG (default 1). */
  seed?: number;
}

export interface SandboxHandle {
  baseUrl: string;
  uploadBaseUrl: string;
  consoleUrl: string;
  /** The effective config (the sandbox media URL filled into verified prefixes). */
  config: SandboxConfig;
  clock: OffsetClock;
  /** Every route of the API server and of the upload host (method and path pattern), e.g. for a fuzzer's coverage check. */
  routes: { api: RouteKey[]; upload: RouteKey[] };
  /** The state file this start found damaged and moved aside (it started empty), or null. */
  setAside: SetAsideFile | null;
  close(): Promise<void>;
}

export type RouteKey = ReturnType<Router['list']>[number];

export async function startSandbox(options: StartSandboxOptions = {}): Promise<SandboxHandle> {
  const logger = options.logger ?? createLogger({ name: 'sandbox' });
  const parsed = options.config
    ? parseSandboxConfig(options.config)
    : options.configPath
      ? await loadSandboxConfigFile(options.configPath)
      : DEFAULT_SANDBOX_CONFIG;

  const ownsDir = !options.dataDir;
  const dataDir = options.dataDir ? resolve(options.dataDir) : await mkdtemp(join(tmpdir(), 'draftdeck-sandbox-'));
  const filesDir = join(dataDir, 'media');
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
    if (ownsDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    // Owner only: embedded, this is inside the app's data dir, and uploads are people's videos.
    await mkdir(filesDir, { recursive: true, mode: 0o700 });
    const state = await SandboxState.open(options.dataDir ? join(dataDir, 'state.json') : undefined, logger);
    const clock = new OffsetClock(state.loadedClockOffsetMs);
    state.trackClockOffset(() => clock.offsetSeconds * 1000);
    cleanups.push(() => state.close());
    const chaos = new Chaos(parsed.chaos, options.seed ?? 1);

    const ctx: SandboxContext = {
      config: parsed,
      clock,
      state,
      chaos,
      logger,
      filesDir,
      urls: { baseUrl: '', uploadBaseUrl: '', mediaBaseUrl: '', consoleUrl: '' },
    };
    const modules: SandboxModule[] = SANDBOX_MODULES.map((factory) => factory(ctx));
    modules.push(consoleModule(ctx, () => modules));

    const apiRouter = new Router();
    const uploadRouter = new Router();
    for (const module of modules) {
      apiRouter.add(...(module.apiRoutes?.() ?? []));
      uploadRouter.add(...(module.uploadRoutes?.() ?? []));
    }

    const servers: RunningServer[] = [];
    cleanups.push(async () => {
      await Promise.all(servers.map((server) => server.close()));
    });
    const api = await startHttpServer({ name: 'api', port: options.port ?? 0, router: apiRouter, faults: chaos, clock, logger });
    servers.push(api);
    const upload = await startHttpServer({ name: 'upload', port: options.uploadPort ?? 0, router: uploadRouter, faults: chaos, clock, logger, streamingBodies: true });
    servers.push(upload);

    ctx.urls = { baseUrl: api.url, uploadBaseUrl: upload.url, mediaBaseUrl: `${api.url}/sandbox/media/`, consoleUrl: `${api.url}/sandbox/console` };
    ctx.config = resolveConfig(parsed, ctx.urls.mediaBaseUrl);

    cleanups.push(async () => {
      for (const module of modules) await module.stop?.();
    });
    for (const module of modules) await module.start?.();

    logger.info({ base_url: ctx.urls.baseUrl, upload_base_url: ctx.urls.uploadBaseUrl, data_dir: options.dataDir ?? null }, 'sandbox ready');
    let closing: Promise<void> | undefined;
    return {
      baseUrl: ctx.urls.baseUrl,
      uploadBaseUrl: ctx.urls.uploadBaseUrl,
      consoleUrl: ctx.urls.consoleUrl,
      config: ctx.config,
      clock,
      routes: { api: apiRouter.list(), upload: uploadRouter.list() },
      setAside: state.setAside,
      close: () => (closing ??= cleanup()),
    };
  } catch (err) {
    await cleanup().catch(() => undefined);
    throw err;
  }
}
