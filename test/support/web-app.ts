/**
 * Starts Draftdeck's web mode from its bundle (`node dist-web/web.cjs`, what `npm start -- --web`
 * runs from source), with its own data dir, the tests' short waits (DRAFTDECK_TEST_TIMING) and the
 * one `ready` line read. Shared by the end-to-end tests and benchmarks; test/integration/scripts/
 * covers `npm start` itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { seedEmbeddedBackend } from './seed-backend.js';
import { TEST_TIMING } from './test-timing.js';

const root = resolve(import.meta.dirname, '..', '..');
const WEB_ENTRY = join(root, 'dist-web', 'web.cjs');

export interface RunningWebApp {
  /** Full URL including the session token, as printed in the ready line. */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  /** The app's own process (its programs are its children, in its process group). */
  pid: number;
  stderr: () => string;
  stop(): Promise<void>;
  /** kill -9 of the whole process group: no shutdown code runs. */
  kill9(): void;
  exited: Promise<void>;
}

type Build = (options?: { force?: boolean }) => Promise<boolean>;
let built: Promise<void> | null = null;

/**
 * The sandbox's default config ({}: 2,000 research videos, built in a blink) instead of the one
 * the app ships (420,000, a few seconds on a first research call: sandbox/builtin-config.json, checked
 * by test/integration/sandbox/research/builtin-dataset.test.ts); a test may pass its own.
 */
function defaultSandboxConfig(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'draftdeck-sandbox-config-')), 'sandbox.json');
  writeFileSync(file, '{}\n');
  return file;
}

/**
 * Set by a test runner's global setup to the run's own copy of the built app (copyBuiltApp): its
 * workers start that copy and never build, so two workers cannot write one bundle at once, and a
 * build made meanwhile (its sources edited mid-run, another run's setup) cannot replace the
 * renderer under a running app (its page then asked for assets that were gone: 404).
 */
export const BUILT_APP_ENV = 'DRAFTDECK_TEST_BUILT_APP';

/** What web mode reads from its root (electron/web.ts): its bundles, the renderer, the platform's programs, its version; node_modules is linked. */
const BUILT_PARTS = ['dist-web', join('dist', 'renderer'), 'dist-platform', 'package.json'];

/** Copies the built app into a directory of its own, laid out as web mode expects its root; returns that directory. */
export function copyBuiltApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'draftdeck-built-app-'));
  for (const part of BUILT_PARTS) cpSync(join(root, part), join(dir, part), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * What the app needs built, when stale (the test runners' global setups build it first, so this
 * finds nothing to do there; a benchmark run alone builds it here).
 */
export function buildWebApp(): Promise<void> {
  if (process.env[BUILT_APP_ENV]) return Promise.resolve();
  built ??= (async () => {
    const build = (await import(pathToFileURL(join(root, 'scripts', 'build.mjs')).href)) as { buildRenderer: Build; buildPlatformPrograms: Build; buildWebEntry: Build };
    await Promise.all([build.buildRenderer(), build.buildPlatformPrograms(), build.buildWebEntry()]);
  })();
  return built;
}

/**
 * `ownSession` (the default): the app leads a session of its own, so a test can end it and its
 * programs at once (its process group). A benchmark of the window beside the app's work keeps it in
 * its own session, as the desktop app's processes are (test/bench/lib/chromium-in-session.ts).
 */
export async function startWebApp(options: { dataDir?: string; env?: NodeJS.ProcessEnv; ownSession?: boolean } = {}): Promise<RunningWebApp> {
  const ownSession = options.ownSession ?? true;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'draftdeck-e2e-'));
  await Promise.all([seedEmbeddedBackend(dataDir), buildWebApp()]);
  const entry = process.env[BUILT_APP_ENV] ? join(process.env[BUILT_APP_ENV], 'dist-web', 'web.cjs') : WEB_ENTRY;
  const child = spawn(process.execPath, [entry, '--json', '--no-open', '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, CI: '1', DRAFTDECK_TEST_TIMING: JSON.stringify(TEST_TIMING), DRAFTDECK_SANDBOX_CONFIG: defaultSandboxConfig(), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownSession,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await readyUrl(child, () => stderr);
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    dataDir,
    pid: child.pid!,
    stderr: () => stderr,
    stop: () => stop(child, ownSession),
    kill9: () => process.kill(ownSession ? -child.pid! : child.pid!, 'SIGKILL'),
    exited,
  };
}

function readyUrl(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`web mode did not become ready in 60 s\n${stderr()}`)), 60_000);
    const lines = createInterface({ input: child.stdout! });
    let first = true;
    lines.on('line', (line) => {
      if (!first) return reject(new Error(`more than one line on stdout: ${line}`));
      first = false;
      clearTimeout(timer);
      try {
        const ready = JSON.parse(line) as { event?: string; url?: string };
        if (ready.event !== 'ready' || typeof ready.url !== 'string') throw new Error('not a ready event');
        resolvePromise(ready.url);
      } catch (error) {
        reject(new Error(`unexpected first stdout line ${JSON.stringify(line)}: ${String(error)}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web mode exited with ${code} before ready\n${stderr()}`));
    });
  });
}

/** Ctrl-C, as a person would at a terminal: to the whole process group. */
async function stop(child: ChildProcess, ownSession: boolean): Promise<void> {
  // Exited, or killed by a signal (kill9): exitCode stays null then.
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // Its process group when it leads one; otherwise the app alone, which stops its programs.
  const target = ownSession ? -child.pid : child.pid;
  process.kill(target, 'SIGINT');
  const timer = setTimeout(() => {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
