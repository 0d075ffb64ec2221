import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
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
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
      writeFileSync(join(dir, 'draftdeck.lock'), gone);
      const lock = lockDataDir(dir);
      lock.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
