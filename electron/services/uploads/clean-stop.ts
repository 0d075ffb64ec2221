/**
 * Whether the previous run ended cleanly, for the queue to tell drafts resumed after a crash from
 * drafts resumed after a quit. A run writes `<journal>.running` when it opens the queue and
 * removes it when it closes the queue cleanly (after the last journal write): a marker found at
 * the next start means that run never got there (kill -9, a crash, power loss). The first run
 * ever, and a run after a clean stop, find none.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';

export interface RunMarker {
  /** The previous run stopped cleanly (or there was none). */
  readonly previousEndedCleanly: boolean;
  /** This run is stopping cleanly: the next start will not report a crash. */
  markCleanStop(): void;
}

export function openRunMarker(journalFile: string): RunMarker {
  const path = `${journalFile}.running`;
  const previousEndedCleanly = !existsSync(path);
  writeFileSync(path, String(process.pid), { mode: 0o600 });
  return {
    previousEndedCleanly,
    markCleanStop: () => rmSync(path, { force: true }),
  };
}
