/**
 * Web-mode entry: the app's services and renderer on 127.0.0.1, for machines where the Electron
 * binary cannot be had (and for end-to-end tests). `npm start -- --web` runs it.
 *
 *   --port N        listen on N (default: a random free port)
 *   --data-dir DIR  where settings and state live (default: the per-user config dir)
 *   --json          print exactly one line {"event":"ready","url":...} on stdout when ready
 *   --no-open       do not open the default browser (also when CI is set)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLogger } from '../common/log.js';
import { createApp } from './app.js';
import { prepareDataDir } from './services/data-dir.js';
import { startWebTransport } from './hosts/web-host.js';
import { createConfStore } from './services/storage.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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

export function defaultDataDir(): string {
  const base = process.env.XDG_CONFIG_HOME ?? (process.platform === 'darwin' ? join(homedir(), 'Library', 'Application Support') : process.platform === 'win32' ? (process.env.APPDATA ?? homedir()) : join(homedir(), '.config'));
  return join(base, 'Draftdeck');
}

export async function runWeb(options: WebOptions): Promise<void> {
  const dataDir = resolve(options.dataDir ?? process.env.DRAFTDECK_DATA_DIR ?? defaultDataDir());
  prepareDataDir(dataDir);
  const log = createLogger({ name: 'draftdeck' });
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const app = await createApp({
    runtime: 'web',
    version,
    store: createConfStore(dataDir),
    dataDir,
    log,
    // In web mode the renderer opens links itself (a new tab of the browser it runs in).
    openExternal: async () => false,
  });
  const transport = await startWebTransport({ dispatch: app.dispatch, hub: app.hub, rendererDir: join(root, 'dist', 'renderer'), incoming: app.incoming, downloads: app.downloads, log, port: options.port });

  if (options.json) process.stdout.write(JSON.stringify({ event: 'ready', url: transport.url }) + '\n');
  else process.stdout.write(`Draftdeck is running at ${transport.url}\nPress Ctrl-C to stop.\n`);
  if (options.open) openBrowser(transport.url);

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

function openBrowser(url: string): void {
  const [command, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`Could not open a browser; open ${url} yourself.\n`));
  child.unref();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runWeb(parseWebArgs(process.argv.slice(2))).catch((error: unknown) => {
    process.stderr.write(`Draftdeck failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
