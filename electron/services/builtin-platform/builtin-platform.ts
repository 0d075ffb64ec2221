/**
 * The built-in profile's platform: the platform sandbox and, in front of it, the partner backend
 * (its token broker and Store), each a program of its own started from its built bundle
 * (docs/ARCHITECTURE.md "Processes"). The app knows them only by the addresses their ready lines
 * give and by the sandbox's own API, as it knows a real platform; their state lives under
 * `<dataDir>/sandbox` and `<dataDir>/backend`, so a restart finds it again.
 *
 * Started on demand and in the background (the window does not wait for it), stopped with the
 * app; when one ends unexpectedly the window is told and it is started again, the sandbox on the
 * same ports so upload URLs journaled with a half-sent draft stay valid. A custom profile starts
 * nothing.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Clock } from '../../../common/clock.js';
import type { Logger } from '../../../common/log.js';
import type { HttpSend } from '../../../platform-api/http.js';
import { SandboxClock } from '../../../platform-api/sandbox-clock.js';
import { readSandboxApp, readSandboxLimits, readSandboxUsers, type SandboxLimits, type SandboxUser } from '../../../platform-api/sandbox-extras.js';
import type { BuiltinPlatformStatus } from '../../core/contract/index.js';
import type { DamagedFile } from '../damaged-files.js';
import { ProgramEndedError, type LaunchProgram, type ProgramName, type RunningProgram } from './program.js';
import { setAsideIn, stringField } from './ready-line.js';

export const SANDBOX_CLIENT_KEY = 'sbx_draftdeck_desktop';

export interface PlatformPrograms {
  sandbox: string;
  backend: string;
}

/**
 * The built-in sandbox's config file: the one built beside its bundle (dist-platform/
 * builtin-sandbox.json, from sandbox/builtin-config.json: a research dataset big enough to
 * explore, 420,000 videos over 90 days), or a developer's or a test's own when
 * DRAFTDECK_SANDBOX_CONFIG names one (users, limits, processing speed, research data or fault
 * rules; sandbox/README.md "Configuration").
 */
export function sandboxArgsFromEnv(appDir: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const file = env.DRAFTDECK_SANDBOX_CONFIG;
  return ['--config', file ? resolve(file) : join(appDir, 'dist-platform', 'builtin-sandbox.json')];
}

/** The two bundles scripts/build-platform.mjs makes, in `dist-platform/` under the app's folder. */
export function platformProgramsIn(appDir: string): PlatformPrograms {
  return { sandbox: join(appDir, 'dist-platform', 'sandbox.cjs'), backend: join(appDir, 'dist-platform', 'backend.cjs') };
}

export interface BuiltinPlatformOptions {
  dataDir: string;
  /** The app's logger: the supervisor logs as `builtin-platform`, each program's records as the program. */
  log: Logger;
  http: HttpSend;
  launch: LaunchProgram;
  programs: PlatformPrograms;
  /** More arguments for the sandbox program (tests: `--config FILE`). */
  sandboxArgs?: readonly string[];
  /** Waits before each start again after an unexpected end or a failed start; the last repeats. */
  restartDelaysMs?: readonly number[];
  /** How long a program may take to print its ready line (READY_WITHIN_MS). */
  readyWithinMs?: number;
  /**
   * Token lifetimes on the sandbox's virtual clock (the default), or on real time: then only the
   * platform's answers tell the app a token expired (tests of that path).
   */
  followSandboxClock?: boolean;
  /** A program's ready line said it found a file of its own damaged and moved it aside (`set_aside`). */
  fileSetAside?: (damaged: DamagedFile) => void;
}

/** The clock token lifetimes are measured on, while the sandbox runs. */
export interface FollowedClock extends Clock {
  /** Reads the sandbox's clock again unless a read sent after `since` answered (or is under way). */
  sync(since?: number): Promise<void>;
  stop(): void;
}

/** The sandbox as the app uses it: addresses, and what its own API says of the app, users and limits. */
export interface RunningSandbox {
  baseUrl: string;
  uploadBaseUrl: string;
  consoleUrl: string;
  clientKey: string;
  scopes: readonly string[];
  users: readonly SandboxUser[];
  limits: SandboxLimits;
  /** The sandbox's virtual clock, followed over HTTP: token lifetimes are measured on it. */
  clock: FollowedClock;
}

export interface RunningPlatform {
  sandbox: RunningSandbox;
  backendUrl: string;
}

const RESTART_DELAYS_MS = [500, 2_000, 5_000, 15_000, 30_000];
/** A program that has not printed its ready line by then is stopped and its start failed (PGlite's first initdb on a busy machine can take a minute). */
const READY_WITHIN_MS = 180_000;
/** Running this long without ending counts as healthy again: the next restart waits the shortest time. */
const HEALTHY_AFTER_MS = 60_000;

interface Started<T> {
  program: RunningProgram;
  value: T;
}

export class BuiltinPlatform {
  private sandboxStarting: Promise<Started<RunningSandbox>> | null = null;
  private starting: Promise<RunningPlatform> | null = null;
  /** Every start not yet settled, `starting` and any it overtook: what close() waits for. */
  private readonly inFlight = new Set<Promise<RunningPlatform>>();
  /** Every program started and not yet ended, whatever its state: what close() must stop. */
  private readonly live = new Set<{ name: ProgramName; program: RunningProgram }>();
  private sandboxProgram: RunningProgram | null = null;
  /** The previous backend's stop, while it lets go of its database. */
  private backendStopping: Promise<unknown> = Promise.resolve();
  private backendProgram: RunningProgram | null = null;
  private sandboxHandle: RunningSandbox | null = null;
  private current: BuiltinPlatformStatus = { state: 'stopped', problem: null };
  private readonly listeners = new Set<(status: BuiltinPlatformStatus) => void>();
  private restarts = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private closed = false;

  private readonly log: Logger;

  constructor(private readonly options: BuiltinPlatformOptions) {
    this.log = options.log.child({ service: 'builtin-platform' });
  }

  /**
   * Both programs, starting them once. A failed start is tried again by itself after growing
   * waits (0.5 s up to 30 s), and at once on the next call.
   */
  ensure(): Promise<RunningPlatform> {
    if (this.closed) return Promise.reject(new Error('the app is closing'));
    if (this.starting) return this.starting;
    const attempt: Promise<RunningPlatform> = this.startSandboxOnce()
      .then(async ({ value: sandbox }) => {
        const backendUrl = await this.startBackend(sandbox);
        const handle = { sandbox, backendUrl };
        this.setStatus({ state: 'running', problem: null });
        return handle;
      })
      .catch((error: unknown) => {
        // Overtaken (its sandbox ended while its backend started): the restart owns the status and
        // `starting`. Clearing that under the next start let a page's call launch a second backend
        // beside it, refused the database ("in use by another backend") for as long as it ran.
        if (this.starting !== attempt) {
          this.log.info({ err: error }, 'a start overtaken by its sandbox ending');
          if (this.starting) return this.starting;
          throw error;
        }
        this.starting = null;
        this.log.error({ err: error }, 'the built-in platform did not start');
        if (!this.closed) {
          this.setStatus({ state: 'failed', problem: describe(error) });
          // What failed may pass by itself (the previous run's backend still letting go of its
          // database, a port not yet free): try again after the growing waits.
          this.startAgainLater();
        }
        throw error;
      });
    this.starting = attempt;
    this.inFlight.add(attempt);
    void attempt.catch(() => undefined).finally(() => this.inFlight.delete(attempt));
    return attempt;
  }

  /** The sandbox, once it runs (the backend may still be starting). */
  get runningSandbox(): RunningSandbox | null {
    return this.sandboxHandle;
  }

  status(): BuiltinPlatformStatus {
    return this.current;
  }

  onStatus(listener: (status: BuiltinPlatformStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Stops every program started, also one still starting (closed while the backend opened its
   * database, it would go on writing under the data dir): the backend first, then the sandbox.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.sandboxHandle?.clock.stop();
    // A start under way ends at its next step (each checks `closed`); until it has, it may still
    // be writing under the data dir (its ports file, a program's folder), which the caller may be
    // about to remove: close() resolves only once it has ended.
    const inFlight = [...this.inFlight, this.sandboxStarting];
    this.starting = this.sandboxStarting = null;
    this.sandboxHandle = this.backendProgram = this.sandboxProgram = null;
    const started = [...this.live];
    await Promise.all(started.filter(({ name }) => name === 'backend').map(({ program }) => program.stop()));
    await Promise.all(started.filter(({ name }) => name === 'sandbox').map(({ program }) => program.stop()));
    await Promise.allSettled(inFlight);
  }

  /** Every step of a start that writes or launches checks first that the app is not closing. */
  private stillOpen(): void {
    if (this.closed) throw new Error('the app is closing');
  }

  /** A backend is started, and kept, only for the sandbox that runs. */
  private stillFor(sandbox: RunningSandbox): void {
    this.stillOpen();
    if (this.sandboxHandle !== sandbox) throw new Error('the built-in sandbox ended while its backend started');
  }

  private startSandboxOnce(): Promise<Started<RunningSandbox>> {
    if (this.closed) return Promise.reject(new Error('the app is closing'));
    if (!this.sandboxStarting) {
      if (this.current.state !== 'restarting') this.setStatus({ state: 'starting', problem: null });
      this.sandboxStarting = this.startSandbox().then(
        (started) => {
          this.sandboxProgram = started.program;
          this.sandboxHandle = started.value;
          return started;
        },
        (error: unknown) => {
          this.sandboxStarting = null;
          throw error;
        },
      );
    }
    return this.sandboxStarting;
  }

  /**
   * Reuses the ports of the last run when they are free, so upload URLs persisted with a
   * half-sent draft still point at this sandbox after a restart; random ports otherwise.
   */
  private async startSandbox(): Promise<Started<RunningSandbox>> {
    const dataDir = join(this.options.dataDir, 'sandbox');
    this.stillOpen();
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const portsFile = join(dataDir, 'ports.json');
    const last = await readFile(portsFile, 'utf8').then((text) => JSON.parse(text) as { port?: unknown; uploadPort?: unknown }, () => ({}) as { port?: unknown; uploadPort?: unknown });
    const remembered = { port: validPort(last.port), uploadPort: validPort(last.uploadPort) };
    let started: { program: RunningProgram; ready: Record<string, unknown> };
    try {
      started = await this.launch('sandbox', sandboxArgs(dataDir, remembered, this.options.sandboxArgs));
    } catch (error) {
      if (!(error instanceof ProgramEndedError && error.portTaken) || (remembered.port === 0 && remembered.uploadPort === 0)) throw error;
      started = await this.launch('sandbox', sandboxArgs(dataDir, { port: 0, uploadPort: 0 }, this.options.sandboxArgs));
    }
    try {
      const sandbox = await this.describeSandbox(started.ready);
      if (this.closed) sandbox.clock.stop();
      this.stillOpen();
      await writeFile(portsFile, JSON.stringify({ port: Number(new URL(sandbox.baseUrl).port), uploadPort: Number(new URL(sandbox.uploadBaseUrl).port) }), { mode: 0o600 });
      this.watch('sandbox', started.program);
      return { program: started.program, value: sandbox };
    } catch (error) {
      await started.program.stop();
      throw error;
    }
  }

  /** What the app needs of the running sandbox, from its ready line and its own API. */
  private async describeSandbox(ready: Record<string, unknown>): Promise<RunningSandbox> {
    const { http } = this.options;
    const baseUrl = stringField(ready, 'base_url');
    const [app, users, limits] = await Promise.all([readSandboxApp(http, baseUrl, SANDBOX_CLIENT_KEY), readSandboxUsers(http, baseUrl), readSandboxLimits(http, baseUrl)]);
    if (!app.ok) throw new Error(`the built-in sandbox has no app ${SANDBOX_CLIENT_KEY}: ${app.error.message}`);
    if (!users.ok) throw new Error(`the built-in sandbox did not list its users: ${users.error.message}`);
    if (!limits.ok) throw new Error(`the built-in sandbox did not give its limits: ${limits.error.message}`);
    const clock = this.options.followSandboxClock === false ? { now: () => Date.now(), sync: async () => undefined, stop: () => undefined } : await followClock(http, baseUrl);
    return {
      baseUrl,
      uploadBaseUrl: stringField(ready, 'upload_base_url'),
      consoleUrl: stringField(ready, 'console_url'),
      clientKey: app.value.client_key,
      scopes: app.value.scopes,
      users: users.value,
      limits: limits.value,
      clock,
    };
  }

  /** The backend program for this sandbox's app; it reads its keys from the sandbox and points the sandbox's webhooks at itself. */
  private async startBackend(sandbox: RunningSandbox): Promise<string> {
    await this.backendStopping;
    const dataDir = join(this.options.dataDir, 'backend');
    this.stillFor(sandbox);
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    this.stillFor(sandbox);
    const { program, ready } = await this.launch('backend', ['--sandbox', sandbox.baseUrl, '--client-key', sandbox.clientKey, '--data-dir', dataDir]);
    // Its sandbox ended while it started (the sandbox's end stopped it, unless it got ready just
    // before): one started since for the next sandbox must find the database free.
    try {
      this.stillFor(sandbox);
    } catch (error) {
      await program.stop();
      throw error;
    }
    this.backendProgram = program;
    this.watch('backend', program);
    return stringField(ready, 'base_url');
  }

  private async launch(name: ProgramName, args: string[]): Promise<{ program: RunningProgram; ready: Record<string, unknown> }> {
    this.stillOpen();
    const program = this.options.launch({ name, script: this.options.programs[name], args }, this.options.log.child({ service: name }));
    const entry = { name, program };
    this.live.add(entry);
    void program.exited.then(() => this.live.delete(entry));
    let timer: NodeJS.Timeout | undefined;
    const deadline = this.options.readyWithinMs ?? READY_WITHIN_MS;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the built-in ${name} did not start within ${Math.round(deadline / 1000)} s`)), deadline);
    });
    try {
      const ready = await Promise.race([program.ready, late]);
      for (const damaged of setAsideIn(ready, name)) this.options.fileSetAside?.(damaged);
      return { program, ready };
    } catch (error) {
      await program.stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** An end nobody asked for: say so, and start again (the sandbox takes the backend with it: its webhook URL lives in the sandbox's memory). */
  private watch(name: ProgramName, program: RunningProgram): void {
    const since = Date.now();
    void program.exited.then(async (exit) => {
      if (this.closed || !this.owns(name, program)) return;
      this.log.error({ program: name, code: exit.code, signal: exit.signal }, 'a built-in platform program ended unexpectedly');
      if (Date.now() - since > HEALTHY_AFTER_MS) this.restarts = 0;
      const how = exit.signal ? `was ended (${exit.signal})` : `stopped (exit code ${exit.code})`;
      this.setStatus({ state: 'restarting', problem: `The built-in ${name === 'sandbox' ? 'platform sandbox' : 'partner backend'} ${how}. Starting it again.` });
      this.starting = null;
      if (name === 'sandbox') {
        this.sandboxStarting = null;
        this.sandboxProgram = null;
        this.sandboxHandle?.clock.stop();
        this.sandboxHandle = null;
        this.backendProgram = null;
        // Every backend goes with it, also one still starting (a first initdb under load takes a
        // while). A start asked for meanwhile (a page's call) must not open the database while
        // one of them still holds it: startBackend waits for these stops.
        const backends = [...this.live].filter((entry) => entry.name === 'backend');
        this.backendStopping = Promise.all(backends.map(({ program }) => program.stop()));
        await this.backendStopping;
      } else {
        this.backendProgram = null;
      }
      this.startAgainLater();
    });
  }

  /** Starts the programs again after the next of the growing waits (counted since the last healthy run). */
  private startAgainLater(): void {
    if (this.restartTimer) return;
    const delays = this.options.restartDelaysMs ?? RESTART_DELAYS_MS;
    const delay = delays[Math.min(this.restarts, delays.length - 1)] ?? 0;
    this.restarts += 1;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.closed) this.ensure().catch(() => undefined);
    }, delay);
  }

  private owns(name: ProgramName, program: RunningProgram): boolean {
    return (name === 'backend' ? this.backendProgram : this.sandboxProgram) === program;
  }

  private setStatus(status: BuiltinPlatformStatus): void {
    if (status.state === this.current.state && status.problem === this.current.problem) return;
    this.current = status;
    for (const listener of this.listeners) listener(status);
  }
}

async function followClock(http: HttpSend, baseUrl: string): Promise<FollowedClock> {
  const clock = new SandboxClock(http, baseUrl);
  await clock.sync();
  clock.start();
  return clock;
}

function sandboxArgs(dataDir: string, ports: { port: number; uploadPort: number }, extra: readonly string[] = []): string[] {
  return ['--data-dir', dataDir, '--port', String(ports.port), '--upload-port', String(ports.uploadPort), ...extra];
}

function validPort(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 1024 && value < 65536 ? value : 0;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
