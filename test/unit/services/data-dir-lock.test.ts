import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { LOCK_FILE, lockDataDir, processStartTime } from '../../../electron/services/data-dir-lock.js';

function withDir(run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'dd-lock-'));
  try {
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// A live process other than this one: our parent (the test runner) will do.
const live = process.ppid;
const holder = (fields: object) => JSON.stringify(fields);

describe('data dir lock', () => {
  it('records the PID, its start time and the runtime, and frees the dir on release', () => {
    withDir((dir) => {
      const lock = lockDataDir(dir, { runtime: 'web' });
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toEqual({ pid: process.pid, started: processStartTime(process.pid), runtime: 'web' });
      lock.release();
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    });
  });

  it('reads a process start time from the OS (Linux /proc here)', () => {
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(processStartTime(live)).not.toBe(processStartTime(process.pid));
  });

  it('refuses a second holder while the first lives', () => {
    withDir((dir) => {
      writeFileSync(join(dir, LOCK_FILE), holder({ pid: live, started: processStartTime(live), runtime: 'web' }));
      expect(() => lockDataDir(dir, { runtime: 'web' })).toThrow(/already running/);
      expect(() => lockDataDir(dir, { runtime: 'electron' })).toThrow(/already running/);
    });
  });

  it('takes over a lock whose PID now belongs to another process (a reboot reused it)', () => {
    withDir((dir) => {
      writeFileSync(join(dir, LOCK_FILE), holder({ pid: live, started: '12345', runtime: 'web' }));
      lockDataDir(dir, { runtime: 'web' }).release();
    });
  });

  it('in Electron, takes over a lock another Electron left: holding the single-instance lock proves it gone', () => {
    withDir((dir) => {
      const lockedBy = holder({ pid: live, started: null, runtime: 'electron' });
      writeFileSync(join(dir, LOCK_FILE), lockedBy);
      expect(() => lockDataDir(dir, { runtime: 'web' })).toThrow(/already running/);
      lockDataDir(dir, { runtime: 'electron' }).release();
    });
  });

  it('still refuses a live holder whose start time cannot be read (Windows)', () => {
    withDir((dir) => {
      writeFileSync(join(dir, LOCK_FILE), holder({ pid: live, started: '12345', runtime: 'web' }));
      expect(() => lockDataDir(dir, { runtime: 'web', startOf: () => null })).toThrow(/already running/);
    });
  });

  it('takes over a lock left by a process that died, in the old bare-PID form too', () => {
    withDir((dir) => {
      const gone = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
      // A real process id, and that process is gone (signal 0 finds no such process).
      expect(Number.isInteger(gone) && gone > 0).toBe(true);
      expect(() => process.kill(gone, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
      writeFileSync(join(dir, LOCK_FILE), holder({ pid: gone, started: '1', runtime: 'web' }));
      lockDataDir(dir, { runtime: 'web' }).release();
      writeFileSync(join(dir, LOCK_FILE), String(gone));
      const lock = lockDataDir(dir, { runtime: 'web' });
      // Taken over: the lock now names this process, so a second Draftdeck is refused...
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
      const second = spawnSync(process.execPath, ['--import', 'tsx', '-e', `import('./electron/services/data-dir-lock.ts').then((m) => m.lockDataDir(${JSON.stringify(dir)}, { runtime: 'web' })).then(() => process.exit(0), (e) => { process.stdout.write(e.code); process.exit(1); })`], { cwd: process.cwd() });
      expect(second.stdout.toString()).toBe('already_running');
      expect(second.status).toBe(1);
      // ...and released, the dir is free again.
      lock.release();
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    });
  });

  it('takes over an unreadable lock (a crash while it was written)', () => {
    withDir((dir) => {
      writeFileSync(join(dir, LOCK_FILE), '{"pid":');
      lockDataDir(dir, { runtime: 'web' }).release();
    });
  });
});
