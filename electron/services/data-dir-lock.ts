/**
 * One Draftdeck per data dir. Two processes on the same queue would each send the same drafts
 * (Electron's single-instance lock does not cover web mode, nor web mode beside Electron), so
 * the app takes this lock before it reads anything.
 *
 * A lock left behind never stops the app: after a crash and a reboot its PID often belongs to some
 * other process. The lock therefore records who holds it: the PID, that process's start time as
 * the OS reports it (Linux /proc, `ps` on macOS), and the runtime. The holder is recognised only
 * when the PID is alive and still has that start time; and an Electron holder can never be alive
 * beside a new Electron process, which already holds Electron's single-instance lock on the same
 * folder (main.ts claims it before the app is built). Anything else is a lock to take over.
 *
 * Windows gives no start time to read, so there the holder also listens on a named pipe of its
 * own for as long as it runs (the OS removes it with the process): a live PID whose pipe does not
 * answer is some other process that got the number after a reboot.
 *
 * Taking a stale lock over is a compare-and-swap: two starts can judge the same lock stale, and
 * the slower one must not delete the lock the faster one has just written. So a start renames the
 * lock aside (atomic: one rename of that file succeeds) and discards it only when what it moved is
 * the stale lock it judged; a fresh lock moved by mistake goes straight back (link: never over a
 * lock), and the start looks again.
 *
 * The lock appears whole or not at all: it is written to a file of its own and linked into place
 * (link, like open with O_EXCL, fails when the name exists). Written in place, a start under load
 * could read the empty file of a start that had just created it, judge it unreadable (as a crash
 * while writing leaves it), and discard it: both would win.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { refusal } from './main-words.js';

export interface DataDirLock {
  release(): void;
}

export interface LockOptions {
  runtime: 'electron' | 'web';
  /** A process's start time as the OS reports it, null when it cannot be known (tests replace it). */
  startOf?: (pid: number) => string | null;
  /**
   * Where the holder answers while it runs, asked when a holder's start time cannot be read: a
   * named pipe on Windows (aliveEndpoint), none elsewhere; tests name a Unix socket.
   */
  aliveAt?: string | null;
}

interface Holder {
  pid: number;
  started: string | null;
  runtime: 'electron' | 'web' | null;
}

export const LOCK_FILE = 'draftdeck.lock';
/** Looks at the lock at most this often before giving up: each look that loses a race is followed by another. */
const ATTEMPTS = 5;

export async function lockDataDir(dataDir: string, { runtime, startOf = processStartTime, aliveAt = aliveEndpoint(dataDir) }: LockOptions): Promise<DataDirLock> {
  const path = join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, started: startOf(process.pid), runtime } satisfies Holder);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      placeWhole(path, mine);
      const answering = aliveAt ? await answerAt(aliveAt) : null;
      return {
        release() {
          answering?.close();
          try {
            if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const judged = readIfThere(path);
      if (judged === null) continue; // released meanwhile: try again
      const holder = parseHolder(judged);
      if (holder && (await holdsIt(holder, runtime, startOf, aliveAt))) {
        throw refusal('already_running', 'start.already_running', { path: dataDir, pid: holder.pid });
      }
      discardIfStill(path, judged); // left by a process that is gone: take it over
    }
  }
  throw refusal('lock_failed', 'start.lock_failed', { path });
}

/** Creates `path` holding `text`, complete from the first moment anyone can read it; EEXIST when there is one. */
function placeWhole(path: string, text: string): void {
  const draft = `${path}.${process.pid}.${randomUUID()}.new`;
  writeFileSync(draft, text, { mode: 0o600 });
  try {
    linkSync(draft, path);
  } finally {
    unlinkSync(draft);
  }
}

function readIfThere(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Removes the lock at `path` only if it still is the one judged stale (`judged`); any other is put back. */
function discardIfStill(path: string, judged: string): void {
  const aside = `${path}.${process.pid}.${randomUUID()}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // another start discarded it first
    throw error;
  }
  if (readFileSync(aside, 'utf8') !== judged) {
    // A lock written after the judgement: back where it was, unless yet another start wrote one there.
    try {
      linkSync(aside, path);
    } catch {
      // that start's lock stands; the one moved aside lost the race it had already won
    }
  }
  unlinkSync(aside);
}

/** The named pipe a holder of `dataDir` answers on, on Windows; null elsewhere (start times are read there). */
export function aliveEndpoint(dataDir: string, platform: NodeJS.Platform = process.platform): string | null {
  if (platform !== 'win32') return null;
  // Windows paths are case-insensitive: one folder, one pipe name.
  return `\\\\.\\pipe\\draftdeck-${createHash('sha256').update(resolve(dataDir).toLowerCase()).digest('hex').slice(0, 32)}`;
}

/** Listens at `endpoint` for as long as the lock is held; null if it cannot (the lock still holds, its holder is just not recognisable from outside). */
function answerAt(endpoint: string): Promise<Server | null> {
  return new Promise((done) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', () => done(null));
    server.listen(endpoint, () => {
      server.unref();
      done(server);
    });
  });
}

/** Whether something listens at `endpoint`. */
function answers(endpoint: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(endpoint);
    const finish = (alive: boolean) => {
      socket.destroy();
      done(alive);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.setTimeout(2_000, () => finish(true)); // slow, not gone: do not take it over
  });
}

/** The lock's content: {pid, started, runtime}, or a bare PID (locks written before this format). */
function parseHolder(text: string): Holder | null {
  const bare = Number(text.trim());
  if (Number.isInteger(bare) && bare > 0) return { pid: bare, started: null, runtime: null };
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0) return null;
    return { pid: value.pid as number, started: typeof value.started === 'string' ? value.started : null, runtime: value.runtime === 'electron' || value.runtime === 'web' ? value.runtime : null };
  } catch {
    return null; // unreadable (a crash while writing it): nobody can be recognised as its holder
  }
}

async function holdsIt(holder: Holder, runtime: LockOptions['runtime'], startOf: (pid: number) => string | null, aliveAt: string | null): Promise<boolean> {
  if (holder.pid === process.pid || !isAlive(holder.pid)) return false;
  if (holder.runtime === 'electron' && runtime === 'electron') return false;
  const started = holder.started === null ? null : startOf(holder.pid);
  if (started !== null) return started === holder.started;
  // Alive, and no start time to compare: the holder's pipe tells (Windows), else it cannot be told apart.
  return aliveAt ? answers(aliveAt) : true;
}

/** When `pid` started, in whatever unit the OS gives; null where it cannot be read (Windows). */
export function processStartTime(pid: number): string | null {
  try {
    if (process.platform === 'linux') {
      // Field 22 of /proc/PID/stat, in clock ticks since boot; the fields after the command name
      // (which may hold spaces and parentheses) start at field 3.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
    }
    if (process.platform === 'darwin') {
      return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2_000 }).trim() || null;
    }
  } catch {
    // gone, or no permission to look
  }
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process nobody has reaped yet (a zombie) still answers signal 0 but holds nothing.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS, Windows): signal 0 is all we can know
  }
}
