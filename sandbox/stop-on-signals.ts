/**
 * How a command-line server stops: on the first SIGINT (Ctrl-C) or SIGTERM it logs, closes what
 * it runs, and exits 0, or 1 if closing failed. Later signals while closing are ignored.
 */
import type { Logger } from '../common/log.js';

export function stopOnSignals(name: string, logger: Logger, close: () => Promise<void>): void {
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
}
