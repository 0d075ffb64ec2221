/**
 * The built-in platform's programs run below the window's CPU priority. On a creator's laptop the
 * window competes with them for the same few cores: while a 1 GB upload runs, the built-in sandbox
 * receiving it is the busiest process on the machine, and at the same priority it takes as much
 * of a core as the window's renderer gets (docs/BENCHMARKS.md "queue-render"). Below it, their
 * work fills the time the window leaves, and a first paint or a scroll frame gets a core when it
 * asks for one.
 *
 * Ten below the app's own (nice 10 for an app at the usual 0) on Linux and macOS; Node maps that to
 * BELOW_NORMAL_PRIORITY_CLASS on Windows. Lowering the priority of one's own child needs no privilege.
 */
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import type { Logger } from '../../../common/log.js';

/** How far below the app's own priority (its nice value plus this, at most 19, the lowest). */
const BELOW_THE_APP = 10;

/** The priority background processes get: the app's own, lowered. */
export const backgroundPriority = (): number => Math.min(19, getPriority() + BELOW_THE_APP);

/**
 * Lowers a started process's priority. Linux gives each thread its own (a process's id names only
 * its main thread), so there every thread the process has is lowered; threads it starts later take
 * the priority of the thread that starts them. A failure (the process already gone) is logged,
 * not thrown.
 */
export function runInBackground(pid: number | undefined, log: Logger): void {
  if (pid === undefined) return;
  const priority = backgroundPriority();
  for (const id of threadsOf(pid)) {
    try {
      setPriority(id, priority);
    } catch (error) {
      log.debug({ err: error, pid, thread: id }, 'could not lower the process priority');
    }
  }
}

/**
 * A launched program lowered once it has started, and again once it is ready, when the threads it
 * starts with exist.
 */
export function runProgramInBackground(started: Promise<number | undefined>, ready: Promise<unknown>, log: Logger): void {
  void started.then((pid) => {
    runInBackground(pid, log);
    void ready.then(() => runInBackground(pid, log), () => undefined);
  });
}

function threadsOf(pid: number): number[] {
  if (process.platform !== 'linux') return [pid];
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}
