/**
 * `npm run sandbox -- [--port N] [--upload-port N] [--config FILE] [--data-dir DIR] [--seed N]`
 *
 * Starts the platform sandbox and prints exactly one line on stdout when it is ready:
 * `{"event":"ready","base_url":...,"upload_base_url":...,"console_url":...}`. Logs go to stderr.
 * Ctrl-C (SIGINT) or SIGTERM stops it cleanly, saving state when a data dir is used.
 */
import { parseArgs } from 'node:util';
import { createLogger } from '../common/log.js';
import { stopOnSignals } from './stop-on-signals.js';
import { startSandbox } from './index.js';

const USAGE = `usage: npm run sandbox -- [--port N] [--upload-port N] [--config FILE] [--data-dir DIR] [--seed N]

  --port N          API port on 127.0.0.1 (default 0: any free port)
  --upload-port N   upload host port on 127.0.0.1 (default 0: any free port)
  --config FILE     JSON config (see sandbox/README.md); default: the built-in config
  --data-dir DIR    keep state and media in DIR across restarts (default: a temp dir, removed on exit)
  --seed N          seed of the chaos PRNG (default 1)`;

function fail(message: string): never {
  console.error(`sandbox: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function port(name: string, value: string | undefined): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) fail(`--${name} must be a port number from 0 to 65535`);
  return n;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        'upload-port': { type: 'string' },
        config: { type: 'string' },
        'data-dir': { type: 'string' },
        seed: { type: 'string' },
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
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isSafeInteger(seed)) fail('--seed must be an integer');

  const logger = createLogger({ name: 'sandbox' });
  let sandbox;
  try {
    sandbox = await startSandbox({
      port: port('port', values.port),
      uploadPort: port('upload-port', values['upload-port']),
      configPath: values.config,
      dataDir: values['data-dir'],
      seed,
      logger,
    });
  } catch (err) {
    console.error(`sandbox: ${(err as Error).message}`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify({ event: 'ready', base_url: sandbox.baseUrl, upload_base_url: sandbox.uploadBaseUrl, console_url: sandbox.consoleUrl })}\n`);

  stopOnSignals('sandbox', logger, () => sandbox.close());
}

await main();
