import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { aliveEndpoint, LOCK_FILE, lockDataDir, processStartTime } from '../../../../electron/services/data-dir-lock.js';

async function withDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dd-lock-'));
  try {
    await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// A live process other than this one: our parent (the test runner) will do.
const live = process.ppid;
const holder = (fields: object) => JSON.stringify(fields);

describe('data dir lock', () => {
  it('records the PID, its start time and the runtime, and frees the dir on release', async () => {
    await withDir(async (dir) => {
      const lock = await lockDataDir(dir, { runtime: 'web' });
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toEqual({ pid: process.pid, started: processStartTime(process.pid), runtime: 'web' });
      lock.release();
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    });
  });

  it('reads a process start time from the OS (Linux /proc here)', () => {
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(processStartTime(live)).not.toBe(processStartTime(process.pid));
  });

  it('refuses a second holder while the first lives', async () => {
    await withDir(async (dir) => {
      writeFileSync(join(dir, LOCK_FILE), holder({ pid: live, started: processStartTime(live), runtime: 'web' }));
      await expect(lockDataDir(dir, { runtime: 'web' })).rejects.toThrow(/already running/);
      await expect(lockDataDir(dir, { runtime: 'electron' })).rejects.toThrow(/already running/);
    });
  });

  it('takes over a lock whose PID now belongs to another process (a reboot reused it)', async () => {
    await withDir(async (dir) => {
      writeFileSync(join(dir, LOCK_FILE), holder({ pid: live, started: '12345', runtime: 'web' }));
      (await lockDataDir(dir, { runtime: 'web' })).release();
    });
  });

  it('in Electron, takes over a lock another Electron left: holding the single-instance lock proves it gone', async () => {
    await withDir(async (dir) => {
      const lockedBy = holder({ pid: live, started: null, runtime: 'electron' });
      writeFileSync(join(dir, LOCK_FILE), lockedBy);
      await expect(lockDataDir(dir, { runtime: 'web' })).rejects.toThrow(/already running/);
      (await lockDataDir(dir, { runtime: 'electron' })).release();
    });
  });

  it('with no start time to read (Windows), refuses a live holder that answers at its endpoint', async () => {
    await withDir(async (dir) => {
      const endpoint = join(dir, 'alive.sock');
      const holderListening = createServer((socket) => socket.destroy());
      await new Promise<void>((done) => holderListening.listen(endpoint, done));
      try {
        writeFileSync(join(dir, LOCK_FILE), holder({ pid: live, started: '12345', runtime: 'web' }));
        await expect(lockDataDir(dir, { runtime: 'web', startOf: () => null, aliveAt: endpoint })).rejects.toThrow(/already running/);
      } finally {
        holderListening.close();
      }
    });
  });

  it('with no start time to read (Windows), takes over a lock whose live PID does not answer (a reboot gave the number to another process)', async () => {
    await withDir(async (dir) => {
      writeFileSync(join(dir, LOCK_FILE), holder({ pid: live, started: '12345', runtime: 'web' }));
      const lock = await lockDataDir(dir, { runtime: 'web', startOf: () => null, aliveAt: join(dir, 'alive.sock') });
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
      lock.release();
    });
  });

  it('answers at its endpoint while it holds the lock, so another process is refused, and stops answering on release', async () => {
    await withDir(async (dir) => {
      const endpoint = join(dir, 'alive.sock');
      const lock = await lockDataDir(dir, { runtime: 'web', startOf: () => null, aliveAt: endpoint });
      const options = `{ runtime: 'web', startOf: () => null, aliveAt: ${JSON.stringify(endpoint)} }`;
      const second = spawnSync(process.execPath, ['--import', 'tsx', '-e', `import('./electron/services/data-dir-lock.ts').then((m) => m.lockDataDir(${JSON.stringify(dir)}, ${options})).then(() => process.exit(0), (e) => { process.stdout.write(e.code); process.exit(1); })`], { cwd: process.cwd(), encoding: 'utf8' });
      expect(second.stdout).toBe('already_running');
      lock.release();
      const reached = await new Promise<boolean>((done) => connect(endpoint).once('connect', () => done(true)).once('error', () => done(false)));
      expect(reached).toBe(false);
    });
  });

  it('names a pipe per data folder on Windows, whatever the letter case, and none elsewhere', () => {
    expect(aliveEndpoint('/data/Draftdeck', 'win32')).toMatch(/^\\\\\.\\pipe\\draftdeck-[0-9a-f]{32}$/);
    expect(aliveEndpoint('/data/Draftdeck', 'win32')).toBe(aliveEndpoint('/DATA/draftdeck', 'win32'));
    expect(aliveEndpoint('/data/other', 'win32')).not.toBe(aliveEndpoint('/data/Draftdeck', 'win32'));
    expect(aliveEndpoint('/data/Draftdeck', 'linux')).toBeNull();
    expect(aliveEndpoint('/data/Draftdeck', 'darwin')).toBeNull();
  });

  it('takes over a lock left by a process that died, in the old bare-PID form too', async () => {
    await withDir(async (dir) => {
      const gone = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
      // A real process id, and that process is gone (signal 0 finds no such process).
      expect(Number.isInteger(gone) && gone > 0).toBe(true);
      expect(() => process.kill(gone, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
      writeFileSync(join(dir, LOCK_FILE), holder({ pid: gone, started: '1', runtime: 'web' }));
      (await lockDataDir(dir, { runtime: 'web' })).release();
      writeFileSync(join(dir, LOCK_FILE), String(gone));
      const lock = await lockDataDir(dir, { runtime: 'web' });
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

  it('takes over an unreadable lock (a crash while it was written)', async () => {
    await withDir(async (dir) => {
      writeFileSync(join(dir, LOCK_FILE), '{"pid":');
      (await lockDataDir(dir, { runtime: 'web' })).release();
    });
  });
});

/**
 * One start of Draftdeck in a process of its own, taking the lock of `dir`. With `lateFor`, it
 * judges that stale holder only once the lock has changed under it (the other start took it over
 * meanwhile): the slow half of a race, made certain instead of left to timing. With
 * `writesAfter`, every file write it makes waits until that file exists, after leaving
 * `paused` beside it: a start stopped by a loaded machine in the middle of writing its lock.
 */
function start(dir: string, { lateFor = null, writesAfter = null }: { lateFor?: number | null; writesAfter?: string | null } = {}) {
  const script = `
    import fs, { existsSync, readFileSync } from 'node:fs';
    import { syncBuiltinESMExports } from 'node:module';
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const go = ${JSON.stringify(writesAfter)};
    if (go) {
      const mark = fs.writeFileSync;
      const waitForGo = (write) => (...args) => {
        mark(go + '.paused', '');
        while (!existsSync(go)) Atomics.wait(pause, 0, 0, 5);
        return write(...args);
      };
      fs.writeSync = waitForGo(fs.writeSync);
      fs.writeFileSync = waitForGo(fs.writeFileSync);
      syncBuiltinESMExports();
    }
    const { lockDataDir, processStartTime } = await import('./electron/services/data-dir-lock.ts');
    const lockPath = ${JSON.stringify(join(dir, LOCK_FILE))};
    const judged = existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null;
    // Missing for a moment while the other start takes it over (moved aside, its own not yet linked): not changed yet.
    const current = () => (existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : judged);
    const startOf = (pid) => {
      if (pid === ${lateFor}) while (current() === judged) Atomics.wait(pause, 0, 0, 5);
      return processStartTime(pid);
    };
    lockDataDir(${JSON.stringify(dir)}, { runtime: 'web', startOf }).then(
      () => process.stdout.write('won\\n'),
      (error) => process.stdout.write((error.code ?? error.message) + '\\n'),
    );
    process.stdin.resume(); // holds what it won until the test ends it
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] });
  const answer = new Promise<string>((resolve) => child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim())));
  return { answer, end: () => child.stdin.end() };
}

async function untilExists(path: string): Promise<void> {
  while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('two starts racing for a stale lock', () => {
  it('exactly one wins, even when the slower one judged the lock stale before the faster one took it', async () => {
    await withDir(async (dir) => {
      // A live PID whose start time is not the recorded one: stale, as after a reboot.
      writeFileSync(join(dir, LOCK_FILE), holder({ pid: live, started: 'before the reboot', runtime: 'web' }));
      const slow = start(dir, { lateFor: live });
      const fast = start(dir);
      try {
        expect([await fast.answer, await slow.answer]).toEqual(['won', 'already_running']);
      } finally {
        fast.end();
        slow.end();
      }
    });
  }, 30_000);

  it('exactly one wins when the first is stopped in the middle of writing its lock', async () => {
    await withDir(async (dir) => {
      const go = join(dir, 'go');
      const stopped = start(dir, { writesAfter: go });
      await untilExists(`${go}.paused`);
      const other = start(dir);
      try {
        const otherAnswer = await other.answer;
        writeFileSync(go, '');
        expect([otherAnswer, await stopped.answer]).toEqual(['won', 'already_running']);
      } finally {
        stopped.end();
        other.end();
      }
    });
  }, 30_000);
});
