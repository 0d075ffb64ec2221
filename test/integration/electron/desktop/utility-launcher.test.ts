/**
 * The desktop app's launcher for the built-in platform (Electron's utilityProcess, here a stand-in
 * that carries a real process's id, as Electron's does once it has spawned): the program runs below
 * the window's priority, every thread of it, lowered when Electron says it spawned.
 */
import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import type { UtilityProcess } from 'electron';
import { describe, expect, it } from 'vitest';
import { utilityProcessLauncher } from '../../../../electron/desktop/utility-launcher.js';
import { backgroundPriority } from '../../../../electron/services/builtin-platform/background-priority.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { threadNiceValues } from '../../../support/builtin-platform.js';

describe.runIf(process.platform === 'linux')('utilityProcessLauncher', () => {
  it('lowers the program below the window once Electron says it spawned', async () => {
    const real = spawn(process.execPath, ['-e', 'console.log("up"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await once(real.stdout, 'data');
      // What Electron's fork answers: an emitter with the process's output, its pid once spawned.
      const utility = Object.assign(new EventEmitter(), { pid: undefined as number | undefined, stdout: real.stdout, stderr: real.stderr, kill: () => real.kill() });
      const launch = utilityProcessLauncher(() => utility as unknown as UtilityProcess);
      launch({ name: 'sandbox', script: 'sandbox.cjs', args: [] }, memoryLogger().log);
      expect(threadNiceValues(real.pid!).every((nice) => nice < backgroundPriority())).toBe(true);

      utility.pid = real.pid;
      utility.emit('spawn');
      await new Promise((resolve) => setImmediate(resolve));
      expect(new Set(threadNiceValues(real.pid!))).toEqual(new Set([backgroundPriority()]));
    } finally {
      real.kill('SIGKILL');
    }
  });
});
