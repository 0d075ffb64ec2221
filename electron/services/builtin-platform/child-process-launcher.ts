/**
 * Starts a built-in platform program as a Node child process: web mode's way, and the tests'.
 * (The desktop app uses Electron's utilityProcess instead: electron/desktop/utility-launcher.ts.)
 * The program is told to stop when its standard input closes, so it ends with the app even when
 * the app is killed and never gets to stop it.
 */
import { spawn } from 'node:child_process';
import type { Logger } from '../../../common/log.js';
import { runProgramInBackground } from './background-priority.js';
import { programEnv, superviseProcess, type LaunchProgram, type ProgramExit, type ProgramSpec, type RunningProgram } from './program.js';

/**
 * `background` (the default): the program runs below the app's priority (background-priority.ts).
 * The tests' harnesses run theirs at their own: dozens of apps at once under CI's load, where
 * programs below the test workers' priority waited 6 times as long for a core.
 */
export function childProcessLauncher(nodePath: string = process.execPath, { background = true }: { background?: boolean } = {}): LaunchProgram {
  return (spec: ProgramSpec, log: Logger): RunningProgram => {
    const child = spawn(nodePath, [spec.script, ...spec.args, '--stop-with-stdin'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: programEnv(),
      windowsHide: true,
    });
    const exited = new Promise<ProgramExit>((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      child.once('error', (error) => {
        log.error({ err: error, program: spec.name }, 'could not start the program');
        resolve({ code: null, signal: null });
      });
    });
    const running = superviseProcess(spec.name, {
      stdout: child.stdout,
      stderr: child.stderr,
      exited,
      terminate: () => child.kill('SIGTERM'),
      kill: () => child.kill('SIGKILL'),
    }, log);
    if (background) runProgramInBackground(Promise.resolve(child.pid), running.ready, log);
    return running;
  };
}
