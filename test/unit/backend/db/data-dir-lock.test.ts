/**
 * The backend's PGlite data-dir lock: held while its owner runs, taken over once the owner is gone,
 * and taken over when the owner's pid now belongs to a later process (pids wrap: a stopped
 * backend's pid given to another process kept the lock "in use" for as long as that one ran, and
 * the built-in backend could not start again).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../../../backend/db/data-dir-lock.js';

let dir: string;
let other: ChildProcess;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'backend-lock-'));
  // A live process that is not this one, to own locks.
  other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
});
afterEach(() => {
  other.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => join(dir, 'backend.lock');
const startOf = (pid: number) => (pid === other.pid ? 'started-at-10' : 'started-at-20');

describe('the backend data-dir lock', () => {
  it('is refused while the process that wrote it runs, started when it says', async () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, started: 'started-at-10' }));
    await expect(lockDataDir(dir, { startOf })).rejects.toThrow(`in use by another backend (pid ${other.pid})`);
  });

  it('is taken over when its pid now belongs to a process that started later', async () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, started: 'started-at-5' }));
    const release = await lockDataDir(dir, { startOf });
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({ pid: process.pid, started: 'started-at-20' });
    await release();
  });

  it('is taken over when its process is gone', async () => {
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, started: 'started-at-10' }));
    const release = await lockDataDir(dir, { startOf });
    await release();
  });

  it.runIf(process.platform === 'linux')('reads start times from the OS: a live owner is told apart from a reused pid', async () => {
    const real = readFileSync(`/proc/${other.pid}/stat`, 'utf8');
    const started = real.slice(real.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, started }));
    await expect(lockDataDir(dir)).rejects.toThrow('in use');
    writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, started: `${started}0` }));
    const release = await lockDataDir(dir);
    await release();
  });
});
