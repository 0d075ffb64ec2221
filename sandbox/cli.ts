/**
 * `npm run sandbox -- [--port N] [--upload-port N] [--config FILE] [--data-dir DIR] [--seed N] [--stop-with-stdin]`
 *
 * Starts the platform sandbox and prints exactly one line on stdout when it is ready:
 * `{"event":"ready","base_url":...,"upload_base_url":...,"console_url":...,"set_aside":[{what,file,moved_to}]}`
 * (set_aside: a damaged state file this start moved aside: the snapshot, starting empty, or the
 * journal, keeping the snapshot; sandbox/state/state-load.ts). Logs go to stderr.
 * Ctrl-C (SIGINT) or SIGTERM stops it cleanly, saving state when a data dir is used.
 */
import { createLogger } from '../common/log.js';
import { parseServerArgs, stopOnSignals } from '../server-kit/server-cli.js';
import { startSandbox } from './index.js';

const USAGE = `usage: npm run sandbox -- [--port N] [--upload-port N] [--config FILE] [--data-dir DIR] [--seed N]

  --port N          API port on 127.0.0.1 (default 0: any free port)
  --upload-port N   upload host port on 127.0.0.1 (default 0: any free port)
  --config FILE     JSON config (see sandbox/README.md); default: the built-in config
  --data-dir DIR    keep state and media in DIR across restarts (default: a temp dir, removed on exit)
  --seed N          seed of the chaos PRNG (default 1)
  --stop-with-stdin stop when standard input closes (a parent that starts this program dies)`;

async function main(): Promise<void> {
  const { values, cli } = parseServerArgs('sandbox', USAGE, {
    port: { type: 'string' },
    'upload-port': { type: 'string' },
    config: { type: 'string' },
    'data-dir': { type: 'string' },
    seed: { type: 'string' },
    'stop-with-stdin': { type: 'boolean' },
  });
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isSafeInteger(seed)) cli.fail('--seed must be an integer');

  const logger = createLogger({ name: 'sandbox' });
  let sandbox;
  try {
    sandbox = await startSandbox({
      port: cli.port('port', values.port),
      uploadPort: cli.port('upload-port', values['upload-port']),
      configPath: values.config,
      dataDir: values['data-dir'],
      seed,
      logger,
    });
  } catch (err) {
    console.error(`sandbox: ${(err as Error).message}`);
    process.exit(1);
  }
  // set_aside: the state files this start found damaged and moved aside (the app tells its window).
  const setAside = sandbox.setAside ? [{ what: 'The built-in platform sandbox’s state', ...sandbox.setAside }] : [];
  process.stdout.write(`${JSON.stringify({ event: 'ready', base_url: sandbox.baseUrl, upload_base_url: sandbox.uploadBaseUrl, console_url: sandbox.consoleUrl, set_aside: setAside })}\n`);

  stopOnSignals('sandbox', logger, () => sandbox.close(), { stdin: values['stop-with-stdin'] === true });
}

// Not top-level await: the built bundle (dist-platform/, scripts/build-platform.mjs) is CommonJS.
void main();
