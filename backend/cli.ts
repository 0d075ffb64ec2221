/**
 * `npm run backend -- (--config FILE | --sandbox URL [--client-key K]) [--port N] [--host H] [--data-dir DIR] [--stop-with-stdin]`
 *
 * Starts the partner backend and prints exactly one line on stdout when it is ready:
 * `{"event":"ready","base_url":...,"webhook_url":...,"database":"pglite"|"postgres","set_aside":[...]}`
 * (set_aside: a damaged PGlite folder this start moved aside). Storage is
 * PGlite in the data dir, or the PostgreSQL server in DATABASE_URL. Logs go to stderr. Ctrl-C
 * (SIGINT) or SIGTERM stops it cleanly.
 */
import { createLogger } from '../common/log.js';
import { createHttpClient } from '../platform-api/http.js';
import { parseServerArgs, stopOnSignals } from '../server-kit/server-cli.js';
import { loadBackendConfigFile, startBackend } from './index.js';
import { configForSandbox, pointSandboxWebhooksAt } from './sandbox-mode.js';

const DEFAULT_DATA_DIR = 'backend-data';

/** The desktop app's own app on the sandbox (sandbox/config.ts's default config). */
const DEFAULT_SANDBOX_CLIENT_KEY = 'sbx_draftdeck_desktop';

const USAGE = `usage: npm run backend -- (--config FILE | --sandbox URL [--client-key K]) [--port N] [--host H] [--data-dir DIR]

  --config FILE     JSON config (see backend/README.md "Config")
  --sandbox URL     serve an app of the platform sandbox at URL instead: its keys and redirect URIs
                    are read from the sandbox, its webhooks pointed here (no config file)
  --client-key K    with --sandbox: the app to serve (default ${DEFAULT_SANDBOX_CLIENT_KEY})
  --stop-with-stdin stop when standard input closes (a parent that starts this program dies)
  --port N          port (default 0: any free port)
  --host H          interface to listen on (default 127.0.0.1; 0.0.0.0 behind a load balancer)
  --data-dir DIR    where PGlite keeps the database (default ./${DEFAULT_DATA_DIR}); unused with DATABASE_URL

  DATABASE_URL=postgres://…   use this PostgreSQL server instead of PGlite`;

async function main(): Promise<void> {
  const { values, cli } = parseServerArgs('backend', USAGE, {
    config: { type: 'string' },
    sandbox: { type: 'string' },
    'client-key': { type: 'string' },
    'stop-with-stdin': { type: 'boolean' },
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
  });
  if ((values.config === undefined) === (values.sandbox === undefined)) cli.fail('give either --config FILE or --sandbox URL');
  if (values['client-key'] !== undefined && values.sandbox === undefined) cli.fail('--client-key goes with --sandbox');
  const port = cli.port('port', values.port);

  const logger = createLogger({ name: 'backend' });
  let backend;
  try {
    const http = createHttpClient({ log: logger });
    const config = values.sandbox !== undefined ? await configForSandbox(http, values.sandbox, values['client-key'] ?? DEFAULT_SANDBOX_CLIENT_KEY) : await loadBackendConfigFile(values.config!);
    const databaseUrl = process.env.DATABASE_URL || undefined;
    // PGlite creates its files with the default modes, also later as the database grows; the
    // umask is the one setting that reaches them, and a database of orders is the owner's alone.
    if (!databaseUrl && process.platform !== 'win32') process.umask(0o077);
    backend = await startBackend({ config, port, host: values.host, dataDir: databaseUrl ? undefined : (values['data-dir'] ?? DEFAULT_DATA_DIR), databaseUrl, logger });
    if (values.sandbox !== undefined) await pointSandboxWebhooksAt(http, config, backend.webhookUrl);
  } catch (err) {
    console.error(`backend: ${(err as Error).message}`);
    process.exit(1);
  }
  // set_aside: a damaged PGlite folder this start moved aside (the app tells its window).
  const setAside = backend.databaseSetAside ? [{ what: 'The built-in partner backend’s database', ...backend.databaseSetAside }] : [];
  process.stdout.write(`${JSON.stringify({ event: 'ready', base_url: backend.baseUrl, webhook_url: backend.webhookUrl, database: backend.databaseKind, set_aside: setAside, ...(backend.metricsUrl ? { metrics_url: backend.metricsUrl } : {}) })}\n`);

  stopOnSignals('backend', logger, () => backend.close(), { stdin: values['stop-with-stdin'] === true });
}

// Not top-level await: the built bundle (dist-platform/, scripts/build-platform.mjs) is CommonJS.
void main();
