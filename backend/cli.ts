/**
 * `npm run backend -- --config FILE [--port N] [--host H] [--data-dir DIR]`
 *
 * Starts the partner backend and prints exactly one line on stdout when it is ready:
 * `{"event":"ready","base_url":...,"webhook_url":...,"database":"pglite"|"postgres"}`. Storage is
 * PGlite in the data dir, or the PostgreSQL server in DATABASE_URL. Logs go to stderr. Ctrl-C
 * (SIGINT) or SIGTERM stops it cleanly.
 */
import { createLogger } from '../common/log.js';
import { parseServerArgs, stopOnSignals } from '../server-kit/server-cli.js';
import { loadBackendConfigFile, startBackend } from './index.js';

const DEFAULT_DATA_DIR = 'backend-data';

const USAGE = `usage: npm run backend -- --config FILE [--port N] [--host H] [--data-dir DIR]

  --config FILE     JSON config (see README "Partner backend"); required
  --port N          port (default 0: any free port)
  --host H          interface to listen on (default 127.0.0.1; 0.0.0.0 behind a load balancer)
  --data-dir DIR    where PGlite keeps the database (default ./${DEFAULT_DATA_DIR}); unused with DATABASE_URL

  DATABASE_URL=postgres://…   use this PostgreSQL server instead of PGlite`;

async function main(): Promise<void> {
  const { values, cli } = parseServerArgs('backend', USAGE, {
    config: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
  });
  const configPath = values.config ?? cli.fail('--config FILE is required');
  const port = cli.port('port', values.port);

  const logger = createLogger({ name: 'backend' });
  let backend;
  try {
    const config = await loadBackendConfigFile(configPath);
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
