/**
 * Background processes run below the app's priority, every thread of them: a process that is
 * already running its threads (as an Electron utility process is by its `spawn` event) has each
 * lowered, not only its main thread.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { backgroundPriority, runInBackground } from '../../../../../electron/services/builtin-platform/background-priority.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import { threadNiceValues } from '../../../../support/builtin-platform.js';

describe.runIf(process.platform === 'linux')('runInBackground', () => {
  it('lowers every thread of a running process to the background priority', async () => {
    // A Node process that has started: its platform threads exist by the time it prints.
    const child = spawn(process.execPath, ['-e', 'console.log("up"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await once(child.stdout, 'data');
      const before = threadNiceValues(child.pid!);
      expect(before.length).toBeGreaterThan(1);
      expect(before.every((nice) => nice < backgroundPriority())).toBe(true);

      runInBackground(child.pid, memoryLogger().log);
      expect(new Set(threadNiceValues(child.pid!))).toEqual(new Set([backgroundPriority()]));
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('leaves a process that is gone without throwing', () => {
    expect(() => runInBackground(2 ** 22 + 1, memoryLogger().log)).not.toThrow();
  });
});
