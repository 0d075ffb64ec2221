/**
 * Web-mode entry: the app's services and renderer on 127.0.0.1, for machines where the Electron
 * binary cannot be had (and for end-to-end tests). `npm start -- --web` runs it.
 *
 *   --port N        listen on N (default: the port of the last launch on this data dir when it
 *                   is free, else a random free port)
 *   --data-dir DIR  where settings and state live (default: the per-user config dir)
 *   --json          print exactly one line {"event":"ready","url":...} on stdout when ready, and
 *                   log JSON records (also when stdout is not a terminal; readable lines otherwise)
 *   --no-open       do not open the default browser (also when CI is set)
 *
 * DRAFTDECK_SANDBOX_CONFIG: the built-in sandbox's config file, instead of its default config.
 * DRAFTDECK_TEST_TIMING (tests only): a JSON object of AppTiming fields, the shorter waits the
 * end-to-end tests run with (test/support/web-app.ts); unset in any normal run.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createLogger } from '../common/log.js';
import { useProxy } from '../platform-api/agents.js';
import { proxyFromEnvironment } from '../platform-api/proxy.js';
import { createApp, type AppTiming } from './app.js';
import { platformProgramsIn, sandboxArgsFromEnv } from './services/builtin-platform/builtin-platform.js';
import { childProcessLauncher } from './services/builtin-platform/child-process-launcher.js';
import { prepareDataDir } from './services/data-dir.js';
import { ffmpegBinaryPath } from './services/video-fix/ffmpeg-binary.js';
import { openBrowser } from './transports/open-browser.js';
import { startWebTransport, type WebTransport } from './transports/web-host.js';
import { openWebSession, type WebSession } from './transports/web-session.js';
import { createConfStorage } from './services/storage.js';

/** This file: the bundle the tests start (dist-web/web.cjs, scripts/build-web.mjs), or the source through tsx. */
const here = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
const bundled = here.endsWith('.cjs');
const root = resolve(dirname(here), '..');

export interface WebOptions {
  port?: number;
  dataDir?: string;
  json?: boolean;
  open?: boolean;
}

export function parseWebArgs(argv: string[]): WebOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
      'no-open': { type: 'boolean', default: false },
      web: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer 0-65535, got ${values.port}`);
  return { port, dataDir: values['data-dir'], json: values.json, open: !values['no-open'] && !process.env.CI };
}

const testTiming = z.strictObject({
  statusPollMs: z.number().int().positive(),
  watchScanMs: z.number().int().positive(),
  watchStableMs: z.number().int().positive(),
  diskCheckMs: z.number().int().positive(),
  storePollMs: z.number().int().positive(),
  storeRetryMs: z.number().int().positive(),
  uploadRetryMs: z.number().int().positive(),
}).partial();

/** The shorter waits a test asked for in DRAFTDECK_TEST_TIMING; a value that is not one fails the start. */
export function testTimingFromEnv(value = process.env.DRAFTDECK_TEST_TIMING): Partial<AppTiming> | undefined {
  if (value === undefined || value === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('DRAFTDECK_TEST_TIMING must be a JSON object of AppTiming fields');
  }
  const result = testTiming.safeParse(parsed);
  if (!result.success) throw new Error(`DRAFTDECK_TEST_TIMING: ${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * The per-user data dir. XDG_CONFIG_HOME counts only when it is an absolute path (the XDG spec:
 * an empty or relative value is ignored); an empty one made the data dir `Draftdeck` inside
 * whatever folder the app was started from, the repository with `npm start`.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : undefined;
  const base = xdg ?? (process.platform === 'darwin' ? join(homedir(), 'Library', 'Application Support') : process.platform === 'win32' ? (env.APPDATA || homedir()) : join(homedir(), '.config'));
  return join(base, 'Draftdeck');
}

export async function runWeb(options: WebOptions): Promise<void> {
  const dataDir = resolve(options.dataDir ?? process.env.DRAFTDECK_DATA_DIR ?? defaultDataDir());
  prepareDataDir(dataDir);
  // Readable lines for a person at a terminal; JSON records when asked (--json) or when stdout is
  // a pipe or a file (a script or a service manager reads them).
  const forPerson = !options.json && process.stdout.isTTY === true;
  // A person at a terminal reads the address, then warnings and errors; the rest is there with LOG_LEVEL=info or debug.
  const log = createLogger({ name: 'draftdeck', format: forPerson ? 'text' : 'json', level: forPerson ? (process.env.LOG_LEVEL ?? 'warn') : undefined });
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  // Behind a proxy, requests to the platform follow HTTPS_PROXY / HTTP_PROXY / NO_PROXY.
  useProxy(proxyFromEnvironment(process.env));
  const app = await createApp({
    runtime: 'web',
    version,
    storage: createConfStorage(dataDir),
    dataDir,
    log,
    // In web mode the renderer opens links itself (a new tab of the browser it runs in).
    openExternal: async () => false,
    builtinPlatform: { programs: platformProgramsIn(root), launch: childProcessLauncher(), sandboxArgs: sandboxArgsFromEnv(root) },
    timing: testTimingFromEnv(),
    // Bundled, the photo worker is the bundle beside this one (the rows worker finds its own).
    photoWorker: bundled ? { file: join(dirname(here), 'photo-prep-worker.cjs') } : undefined,
    ffmpegPath: ffmpegBinaryPath(root),
  });
  // After createApp: it holds the data dir's lock, so no other launch is using this session.
  const session = openWebSession(dataDir);
  if (session.damaged) app.notices.fileSetAside(session.damaged);
  const { transport, portTaken } = await listen(options, session, (port) =>
    startWebTransport({ dispatch: app.dispatch, hub: app.hub, rendererDir: join(root, 'dist', 'renderer'), incoming: app.incoming, downloads: app.downloads, log, port, token: session.token }),
  );
  session.remember(transport.port);

  // The URL with the token goes to the terminal (or the ready line) only: it is what the person
  // must open (docs/ARCHITECTURE.md "The web host's security model"); no log line carries it.
  const moved = portTaken === null ? null : `The address changed: port ${portTaken}, used last time, is taken by another program. A tab still open on the old address cannot follow; open the address above.`;
  if (options.json) {
    process.stdout.write(JSON.stringify({ event: 'ready', url: transport.url }) + '\n');
    if (moved) log.warn({ lastPort: portTaken, port: transport.port }, moved);
  } else {
    process.stdout.write(`Draftdeck is running at ${transport.url}\n${moved ? `${moved}\n` : ''}Press Ctrl-C to stop.\n`);
  }
  if (options.open) {
    void openBrowser(transport.url).then((failure) => {
      if (failure === null) return;
      if (options.json) log.warn({ reason: failure }, 'no browser could be opened');
      else process.stdout.write(`No browser could be opened (${failure}). Open ${transport.url} in your browser.\n`);
    });
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await transport.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * Listens on the port asked for (--port), else on last launch's when it is free, else on any free
 * one; `portTaken` names last launch's port when it had to move.
 */
async function listen(options: WebOptions, session: WebSession, start: (port: number) => Promise<WebTransport>): Promise<{ transport: WebTransport; portTaken: number | null }> {
  if (options.port || session.lastPort === null) return { transport: await start(options.port ?? 0), portTaken: null };
  try {
    return { transport: await start(session.lastPort), portTaken: null };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return { transport: await start(0), portTaken: session.lastPort };
  }
}

if (process.argv[1] && resolve(process.argv[1]) === here) {
  runWeb(parseWebArgs(process.argv.slice(2))).catch((error: unknown) => {
    process.stderr.write(`Draftdeck failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
