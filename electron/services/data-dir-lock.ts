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
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../core/result.js';

export interface DataDirLock {
  release(): void;
}

export interface LockOptions {
  runtime: 'electron' | 'web';
  /** A process's start time as the OS reports it, null when it cannot be known (tests replace it). */
  startOf?: (pid: number) => string | null;
}

interface Holder {
  pid: number;
  started: string | null;
  runtime: 'electron' | 'web' | null;
}

export const LOCK_FILE = 'draftdeck.lock';

export function lockDataDir(dataDir: string, { runtime, startOf = processStartTime }: LockOptions): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, started: startOf(process.pid), runtime } satisfies Holder);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, mine);
      closeSync(fd);
      return {
        release() {
          try {
            if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseHolder(readFileSync(path, 'utf8'));
      if (holder && holdsIt(holder, runtime, startOf)) {
        throw new AppError('already_running', `Draftdeck is already running with this data folder (${dataDir}, process ${holder.pid}); use that window, or start with another --data-dir`);
      }
      unlinkSync(path); // left by a process that is gone: take it over
    }
  }
  throw new AppError('lock_failed', `Could not lock ${path}`);
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

function holdsIt(holder: Holder, runtime: LockOptions['runtime'], startOf: (pid: number) => string | null): boolean {
  if (holder.pid === process.pid || !isAlive(holder.pid)) return false;
  if (holder.runtime === 'electron' && runtime === 'electron') return false;
  const started = holder.started === null ? null : startOf(holder.pid);
  // Alive, and either the same process (same start time) or one we cannot tell apart from it.
  return started === null || started === holder.started;
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
