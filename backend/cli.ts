/**
 * `npm run backend -- --config FILE [--port N] [--host H] [--data-dir DIR]`
 *
 * Starts the partner backend and prints exactly one line on stdout when it is ready:
 * `{"event":"ready","base_url":...,"webhook_url":...,"database":"pglite"|"postgres"}`. Storage is
 * PGlite in the data dir, or the PostgreSQL server in DATABASE_URL. Logs go to stderr. Ctrl-C
 * (SIGINT) or SIGTERM stops it cleanly.
 */
import { parseArgs } from 'node:util';
import { createLogger } from '../common/log.js';
import { stopOnSignals } from '../sandbox/stop-on-signals.js';
import { loadBackendConfigFile, startBackend } from './index.js';

const DEFAULT_DATA_DIR = 'backend-data';

const USAGE = `usage: npm run backend -- --config FILE [--port N] [--host H] [--data-dir DIR]

  --config FILE     JSON config (see README "Partner backend"); required
  --port N          port (default 0: any free port)
  --host H          interface to listen on (default 127.0.0.1; 0.0.0.0 behind a load balancer)
  --data-dir DIR    where PGlite keeps the database (default ./${DEFAULT_DATA_DIR}); unused with DATABASE_URL

  DATABASE_URL=postgres://…   use this PostgreSQL server instead of PGlite`;

function fail(message: string): never {
  console.error(`backend: ${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        config: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.config) fail('--config FILE is required');
  const port = values.port === undefined ? 0 : Number(values.port);
  if (values.port !== undefined && (!/^\d+$/.test(values.port) || port > 65535)) fail('--port must be a port number from 0 to 65535');

  const logger = createLogger({ name: 'backend' });
  let backend;
  try {
    const config = await loadBackendConfigFile(values.config);
    const databaseUrl = process.env.DATABASE_URL || undefined;
    backend = await startBackend({ config, port, host: values.host, dataDir: databaseUrl ? undefined : (values['data-dir'] ?? DEFAULT_DATA_DIR), databaseUrl, logger });
  } catch (err) {
    console.error(`backend: ${(err as Error).message}`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify({ event: 'ready', base_url: backend.baseUrl, webhook_url: backend.webhookUrl, database: backend.databaseKind })}\n`);

  stopOnSignals('backend', logger, () => backend.close());
}

await main();
