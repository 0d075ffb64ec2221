import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { lockDataDir } from '../../../electron/services/data-dir-lock.js';

describe('data dir lock', () => {
  it('refuses a second holder while the first lives, and frees the dir on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dd-lock-'));
    try {
      // A live process other than this one holds it: our parent (the test runner) will do.
      writeFileSync(join(dir, 'draftdeck.lock'), String(process.ppid));
      expect(() => lockDataDir(dir)).toThrow(/already running/);
      rmSync(join(dir, 'draftdeck.lock'));
      const lock = lockDataDir(dir);
      lock.release();
      expect(existsSync(join(dir, 'draftdeck.lock'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dd-lock-'));
    try {
      const gone = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
      // A real process id, and that process is gone (signal 0 finds no such process).
      expect(Number.isInteger(gone) && gone > 0).toBe(true);
      expect(() => process.kill(gone, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
      writeFileSync(join(dir, 'draftdeck.lock'), String(gone));
      const lock = lockDataDir(dir);
      // Taken over: the lock now names this process, so a second Draftdeck is refused...
      expect(readFileSync(join(dir, 'draftdeck.lock'), 'utf8')).toBe(String(process.pid));
      const second = spawnSync(process.execPath, ['--import', 'tsx', '-e', `import('./electron/services/data-dir-lock.ts').then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(() => process.exit(0), (e) => { process.stdout.write(e.code); process.exit(1); })`], { cwd: process.cwd() });
      expect(second.stdout.toString()).toBe('already_running');
      expect(second.status).toBe(1);
      // ...and released, the dir is free again.
      lock.release();
      expect(existsSync(join(dir, 'draftdeck.lock'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
