/**
 * The built-in platform as the app's tests start it: the sandbox's and the backend's built bundles
 * (dist-platform/, built once per run by test/support/build-platform.ts, vitest's global setup)
 * started as child processes, as web mode does. A test that needs a sandbox config of its own
 * writes it to a file and passes it with `--config`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppHost } from '../../electron/app.js';
import { childProcessLauncher } from '../../electron/services/builtin-platform/child-process-launcher.js';
import type { LaunchProgram, ProgramExit } from '../../electron/services/builtin-platform/program.js';
import { platformProgramsIn } from '../../electron/services/builtin-platform/builtin-platform.js';
import { repoRoot } from './backend-process.js';

/**
 * The programs as web mode starts them, at the test's own priority: under CI's load, at the
 * background priority web mode gives them, they waited for a core behind the test workers
 * (child-process-launcher.ts). programs.test.ts checks web mode's own launcher.
 */
export const testProgramLauncher = (): LaunchProgram => childProcessLauncher(process.execPath, { background: false });

export function builtinPlatform(options: { sandboxConfig?: unknown; launch?: LaunchProgram } = {}): AppHost['builtinPlatform'] {
  return {
    programs: platformProgramsIn(repoRoot),
    launch: options.launch ?? testProgramLauncher(),
    sandboxArgs: options.sandboxConfig === undefined ? [] : ['--config', writeSandboxConfig(options.sandboxConfig)],
  };
}

/** A sandbox config in a file of its own (the sandbox program reads its config from a file). */
export function writeSandboxConfig(config: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'dd-sandbox-config-')), 'sandbox.json');
  writeFileSync(file, JSON.stringify(config), { mode: 0o600 });
  return file;
}

/**
 * A launcher whose "sandbox program" is a sandbox the test already runs (in the test's process, so
 * it can reach into it: its clock, stopping it and starting it again on the same ports): the app
 * gets its ready line as from a started program. Stopping it leaves it running for the test,
 * unless `closeWithApp`. The backend is the real program.
 */
export function attachedSandboxLauncher(
  sandbox: { baseUrl: string; uploadBaseUrl: string; consoleUrl: string; close(): Promise<void> },
  options: { closeWithApp?: boolean; backend?: LaunchProgram } = {},
): LaunchProgram {
  const backend = options.backend ?? testProgramLauncher();
  return (spec, log) => {
    if (spec.name !== 'sandbox') return backend(spec, log);
    let end: (exit: ProgramExit) => void = () => undefined;
    const exited = new Promise<ProgramExit>((resolve) => (end = resolve));
    return {
      ready: Promise.resolve({ event: 'ready', base_url: sandbox.baseUrl, upload_base_url: sandbox.uploadBaseUrl, console_url: sandbox.consoleUrl }),
      exited,
      async stop() {
        if (options.closeWithApp) await sandbox.close();
        end({ code: 0, signal: null });
        return exited;
      },
    };
  };
}

/**
 * The built-in sandbox's address once it runs, asked of `app.info` as a page would: the platform
 * starts in the background, after the app (and web mode's ready line).
 */
export async function waitForSandboxUrl(appInfo: () => Promise<{ sandbox: { baseUrl: string } | null }>): Promise<string> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const { sandbox } = await appInfo();
    if (sandbox) return sandbox.baseUrl;
  }
  throw new Error('the built-in sandbox did not start within 60 s');
}

/** The running programs started for this data dir (from `ps`): the bundle each runs, by PID. */
export function builtinProgramsOf(dataDir: string): Map<number, 'sandbox' | 'backend'> {
  const found = new Map<number, 'sandbox' | 'backend'>();
  const listing = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  for (const line of listing.split('\n')) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!match || !match[2]!.includes(dataDir)) continue;
    if (match[2]!.includes('dist-platform/sandbox.cjs')) found.set(Number(match[1]), 'sandbox');
    else if (match[2]!.includes('dist-platform/backend.cjs')) found.set(Number(match[1]), 'backend');
  }
  return found;
}

/** The PID of one built-in program started for this data dir, if it runs. */
export const builtinProgramPid = (dataDir: string, name: 'sandbox' | 'backend') => [...builtinProgramsOf(dataDir)].find(([, program]) => program === name)?.[0];


/** Linux: the nice value of each thread of a process (/proc/PID/task/TID/stat, its 19th field). */
export function threadNiceValues(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((thread) => {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    // The fields after the command name, which is in brackets and may hold spaces: the state is the 3rd field.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19 - 3]);
  });
}
