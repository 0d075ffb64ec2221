/**
 * One backend process per PGlite data dir. The lock is a file holding the owner's pid and that
 * process's start time as the OS reports it, created exclusively; a lock whose process is gone (a
 * kill -9, a stop past its deadline) is taken over, so a crashed backend restarts without anyone
 * deleting files by hand. The start time tells a pid the OS has since given to another process
 * (pids wrap at 32,768 on many Linux machines: a busy one reuses them within minutes) from the
 * backend that wrote the lock; by the pid alone such a lock was "in use" for as long as that other
 * process ran, and the built-in backend could not start again.
 *
 * The app's own data-dir lock (electron/services/data-dir-lock.ts) reads start times the same way;
 * the two programs share no Node code (common/ runs in the renderer too), so each has its reader.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const LOCK_FILE = 'backend.lock';

export interface LockOptions {
  /** A process's start time as the OS reports it, null when it cannot be known (tests replace it). */
  startOf?: (pid: number) => string | null;
}

export async function lockDataDir(dataDir: string, { startOf = processStartTime }: LockOptions = {}): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, JSON.stringify({ pid: process.pid, started: startOf(process.pid) }), { flag: 'wx' });
      return () => rm(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = parseOwner(await readFile(path, 'utf8').catch(() => ''));
      if (owner && isAlive(owner.pid) && startedAsRecorded(owner, startOf)) {
        throw new Error(`the data dir ${dataDir} is in use by another backend (pid ${owner.pid}); PGlite serves one process: use DATABASE_URL for several`, { cause: err });
      }
      await rm(path, { force: true });
    }
  }
  throw new Error(`could not lock the data dir ${dataDir}`);
}

/** The lock's content: {pid, started}, or a bare pid (locks written before start times were). */
function parseOwner(text: string): { pid: number; started: string | null } | null {
  const bare = Number(text.trim());
  if (Number.isInteger(bare) && bare > 0) return { pid: bare, started: null };
  try {
    const value = JSON.parse(text) as { pid?: unknown; started?: unknown };
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    return { pid: value.pid, started: typeof value.started === 'string' ? value.started : null };
  } catch {
    return null; // unreadable: nobody can be recognised as its owner
  }
}

/** Whether the live process `owner.pid` is the one that wrote the lock; when either start time is unknown, it is taken to be. */
function startedAsRecorded(owner: { pid: number; started: string | null }, startOf: (pid: number) => string | null): boolean {
  if (owner.started === null) return true;
  const started = startOf(owner.pid);
  return started === null || started === owner.started;
}

/** When `pid` started, in whatever unit the OS gives; null where it cannot be read (Windows). */
function processStartTime(pid: number): string | null {
  try {
    if (process.platform === 'linux') {
      // Field 22 of /proc/PID/stat; the fields after the command name (which may hold spaces and
      // parentheses) start at field 3.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
    }
    if (process.platform === 'darwin') return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2_000 }).trim() || null;
  } catch {
    // gone, or no permission to look
  }
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
