/**
 * What the command-line servers (`npm run sandbox`, `npm run backend`) share: strict argument
 * parsing that answers a mistake with the usage and exit code 2, port options, and a clean stop
 * on Ctrl-C or SIGTERM.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Logger } from '../common/log.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface ServerCli {
  /** Prints the message and the usage on stderr and exits 2 (a mistake on the command line). */
  fail(message: string): never;
  /** A `--name N` port: 0 (any free port) when absent, else a number from 0 to 65535. */
  port(name: string, value: string | undefined): number;
}

/**
 * Parses `process.argv` strictly (no positionals, no unknown options) with `--help`/`-h` added.
 * On `--help` it prints the usage and exits 0, so the caller only ever sees a run to start.
 */
export function parseServerArgs<O extends Options>(name: string, usage: string, options: O) {
  const cli: ServerCli = {
    fail(message) {
      console.error(`${name}: ${message}\n\n${usage}`);
      process.exit(2);
    },
    port(option, value) {
      if (value === undefined) return 0;
      const n = Number(value);
      if (!/^\d+$/.test(value) || n > 65535) cli.fail(`--${option} must be a port number from 0 to 65535`);
      return n;
    },
  };
  let parsed;
  try {
    parsed = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false });
  } catch (err) {
    cli.fail((err as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return { values: parsed.values, cli };
}

/**
 * How a command-line server stops: on the first SIGINT (Ctrl-C) or SIGTERM it logs, closes what
 * it runs, and exits 0, or 1 if closing failed. Later signals while closing are ignored.
 * With `stdin`, also when standard input ends: a program started by another (the desktop app
 * starts the sandbox and the backend) stops with its parent even when the parent is killed,
 * since the parent's end of the pipe closes with it.
 */
export function stopOnSignals(name: string, logger: Logger, close: () => Promise<void>, options: { stdin?: boolean } = {}): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${name} stopping`);
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`${name}: error while stopping: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (options.stdin) {
    process.stdin.on('end', () => stop('stdin closed'));
    process.stdin.on('error', () => stop('stdin closed'));
    process.stdin.resume();
  }
}
