/**
 * The built-in platform's programs (the platform sandbox and the partner backend) as the app sees
 * them: a script started as a process of its own, known by the ready line it prints and by its
 * exit. How a process is started is the host's (a Node child process in web mode and tests,
 * Electron's utilityProcess in the desktop app); reading the ready line and the logs is here, once.
 * docs/ARCHITECTURE.md "Processes".
 */
import type { Readable } from 'node:stream';

/** A process's output as a Node stream (Electron types a utility process's as NodeJS.ReadableStream). */
type Output = Readable | NodeJS.ReadableStream;
import { createInterface } from 'node:readline';
import type { Logger } from '../../../common/log.js';

export type ProgramName = 'sandbox' | 'backend';

export interface ProgramSpec {
  name: ProgramName;
  /** The program's built bundle (dist-platform/<name>.cjs). */
  script: string;
  args: string[];
}

export interface ProgramExit {
  code: number | null;
  signal: string | null;
}

export interface RunningProgram {
  /** The ready line's fields (`{"event":"ready",...}`); rejects when the program ends before it. */
  readonly ready: Promise<Record<string, unknown>>;
  /** Settles once, when the process has ended, for whatever reason. */
  readonly exited: Promise<ProgramExit>;
  /** Asks the program to stop (SIGTERM), and kills it if it has not ended within the deadline. */
  stop(deadlineMs?: number): Promise<ProgramExit>;
}

/** Starts a program; `log` is the program's own logger (its records are relayed to it). */
export type LaunchProgram = (spec: ProgramSpec, log: Logger) => RunningProgram;

/** What a runtime's launcher hands over: the process's two output streams, its exit, and how to end it. */
export interface ProcessParts {
  stdout: Output | null;
  stderr: Output | null;
  exited: Promise<ProgramExit>;
  terminate(): void;
  kill(): void;
}

export const STOP_DEADLINE_MS = 10_000;

/**
 * The environment a program starts with: the app's, without what configures a server run by hand
 * (DATABASE_URL would send the built-in backend to someone's PostgreSQL instead of its own PGlite
 * under the data dir), and without colours (its logs are records the app relays).
 */
export function programEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, ...rest } = env;
  return { ...rest, FORCE_COLOR: '0' };
}

/** The last stderr lines kept to explain a program that ended before it was ready. */
const KEPT_LINES = 8;

/**
 * A RunningProgram over a started process: the first stdout line that is a ready event resolves
 * `ready`; stderr lines (the programs log pino JSON there) are logged as the app's own records
 * through the program's logger, and the last few name the cause when the program ends early.
 */
export function superviseProcess(name: ProgramName, parts: ProcessParts, programLog: Logger): RunningProgram {
  const lastLines: string[] = [];
  if (parts.stderr) {
    createInterface({ input: parts.stderr, crlfDelay: Infinity }).on('line', (line) => {
      lastLines.push(line);
      if (lastLines.length > KEPT_LINES) lastLines.shift();
      relayLogLine(programLog, line);
    });
  }
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    if (parts.stdout) {
      createInterface({ input: parts.stdout, crlfDelay: Infinity }).on('line', (line) => {
        const record = parseRecord(line);
        if (record?.event === 'ready') resolve(record);
      });
    }
    void parts.exited.then((exit) => reject(new ProgramEndedError(name, exit, lastLines.filter((line) => parseRecord(line) === null))));
  });
  ready.catch(() => undefined);
  let stopping: Promise<ProgramExit> | null = null;
  return {
    ready,
    exited: parts.exited,
    stop(deadlineMs = STOP_DEADLINE_MS) {
      stopping ??= (async () => {
        parts.terminate();
        const timer = setTimeout(() => {
          programLog.warn({ deadlineMs }, 'did not stop in time: killed');
          parts.kill();
        }, deadlineMs);
        try {
          return await parts.exited;
        } finally {
          clearTimeout(timer);
        }
      })();
      return stopping;
    },
  };
}

/** A program ended before its ready line: its exit and its last plain stderr lines (its own words). */
export class ProgramEndedError extends Error {
  constructor(
    readonly program: ProgramName,
    readonly exit: ProgramExit,
    readonly lastLines: readonly string[],
  ) {
    const how = exit.signal ? `was ended by ${exit.signal}` : `exited with code ${exit.code}`;
    super(`the built-in ${program} ${how}${lastLines.length ? `: ${lastLines.join(' ').slice(0, 500)}` : ''}`);
  }

  /** Its port was taken (a remembered port another program now holds). */
  get portTaken(): boolean {
    return this.lastLines.some((line) => line.includes('EADDRINUSE'));
  }
}

function parseRecord(line: string): Record<string, unknown> | null {
  if (!line.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A program's records at the app's levels: its info lines (a chunk received, a request, a
 * migration applied, ready) are its inner workings, debug in the app's log; its warnings and
 * errors stay what they are.
 */
const PINO_LEVELS: Record<number, 'debug' | 'info' | 'warn' | 'error'> = { 10: 'debug', 20: 'debug', 30: 'debug', 40: 'warn', 50: 'error', 60: 'error' };

/** A program's log record becomes one of the app's (so its scrubbing applies); a plain line is a warning. */
function relayLogLine(log: Logger, line: string): void {
  const record = parseRecord(line);
  if (!record) {
    if (line.trim()) log.warn({ line: line.slice(0, 2000) }, 'program said');
    return;
  }
  const { level, msg, time: _time, pid: _pid, hostname: _host, name: _name, ...fields } = record;
  const method = PINO_LEVELS[typeof level === 'number' ? level : 30] ?? 'debug';
  log[method](fields, typeof msg === 'string' ? msg : 'program log');
}
