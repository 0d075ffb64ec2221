/**
 * Starts a built-in platform program as an Electron utility process: Node in a process of its
 * own, which Chromium ends with the app (so it needs no stdin to notice a crash of the app, and
 * utility processes cannot be given one). Web mode starts the same bundles as Node child processes
 * (services/builtin-platform/child-process-launcher.ts).
 */
import type { UtilityProcess } from 'electron';
import type { Logger } from '../../common/log.js';
import { BUILTIN_PLATFORM_SERVICE_PREFIX } from './process-failures.js';
import { runProgramInBackground } from '../services/builtin-platform/background-priority.js';
import { programEnv, superviseProcess, type LaunchProgram, type ProgramExit, type ProgramSpec } from '../services/builtin-platform/program.js';

type Fork = (modulePath: string, args: string[], options: { stdio: 'pipe'; serviceName: string; env: NodeJS.ProcessEnv }) => UtilityProcess;

export function utilityProcessLauncher(fork: Fork): LaunchProgram {
  return (spec: ProgramSpec, log: Logger) => {
    const child = fork(spec.script, spec.args, { stdio: 'pipe', serviceName: `${BUILTIN_PLATFORM_SERVICE_PREFIX}${spec.name}`, env: programEnv() });
    const exited = new Promise<ProgramExit>((resolve) => child.once('exit', (code) => resolve({ code, signal: null })));
    const running = superviseProcess(spec.name, {
      stdout: child.stdout,
      stderr: child.stderr,
      exited,
      terminate: () => void child.kill(),
      // utilityProcess has one way to end a child; a second kill() after the deadline is the most there is.
      kill: () => void child.kill(),
    }, log);
    // Below the window's priority (background-priority.ts); Electron knows the pid once it spawned.
    runProgramInBackground(new Promise((resolve) => child.once('spawn', () => resolve(child.pid))), running.ready, log);
    return running;
  };
}
