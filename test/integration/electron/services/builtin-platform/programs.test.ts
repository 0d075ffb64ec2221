/**
 * The built-in platform as programs of their own (docs/ARCHITECTURE.md "Processes"): the sandbox
 * and the partner backend run as child processes of the app, started from their bundles in the
 * background, stopped with the app (also when the app is killed), started again when one ends,
 * and never started for a custom profile.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backgroundPriority } from '../../../../../electron/services/builtin-platform/background-priority.js';
import { BuiltinPlatform } from '../../../../../electron/services/builtin-platform/builtin-platform.js';
import { childProcessLauncher } from '../../../../../electron/services/builtin-platform/child-process-launcher.js';
import { createConfStorage } from '../../../../../electron/services/storage.js';
import { createHttpClient, type HttpSend } from '../../../../../platform-api/http.js';
import { parseSandboxConfig, startSandbox } from '../../../../../sandbox/index.js';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { attachedSandboxLauncher, builtinPlatform, builtinProgramPid, builtinProgramsOf, threadNiceValues } from '../../../../support/builtin-platform.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import { waitFor } from '../../../../support/wait-for.js';
import { startWebApp, type RunningWebApp } from '../../../../support/web-app.js';
import { webClient } from '../../../../support/web-client.js';

let harness: AppHarness | null = null;
let web: RunningWebApp | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
  web?.kill9();
  web = null;
});

describe('the built-in platform as programs', () => {
  it('runs the sandbox and the backend as processes of their own, below its priority, stopped with the app', async () => {
    // Web mode's own launcher (the tests' harness runs programs at the test's priority).
    harness = await startAppHarness({ host: { builtinPlatform: builtinPlatform({ launch: childProcessLauncher() }) } });
    const h = harness;
    await h.signIn('sbx-user-ava');
    const programs = builtinProgramsOf(h.dataDir);
    expect([...programs.values()].sort()).toEqual(['backend', 'sandbox']);
    for (const pid of programs.keys()) expect(pid).not.toBe(process.pid);
    expect(await h.call('builtinPlatform.status')).toEqual({ state: 'running', problem: null });
    // Below the window's priority, every thread of each (Linux gives each thread its own).
    if (process.platform === 'linux') for (const pid of programs.keys()) expect(new Set(threadNiceValues(pid))).toEqual(new Set([backgroundPriority()]));

    await h.close({ keepData: true });
    harness = null;
    // Closed with the app, before close() resolves: nothing of this data dir is left running.
    expect(builtinProgramsOf(h.dataDir).size).toBe(0);
    rmSync(h.dataDir, { recursive: true, force: true });
    // Below the test workers' priority, its programs take several times as long to start under CI's load.
  }, 120_000);

  it('closed while the backend is still starting, leaves no program running and nothing writing under the data dir', async () => {
    harness = await startAppHarness();
    const h = harness;
    await h.sandboxUrl();
    // The sandbox answers; the backend program is still opening its database.
    expect((await h.call('builtinPlatform.status')).state).toBe('starting');
    await h.close({ keepData: true });
    harness = null;
    expect(builtinProgramsOf(h.dataDir).size).toBe(0);
    rmSync(h.dataDir, { recursive: true, force: true });
  });

  it('closed while it reads the sandbox it started, resolves only once that start has ended, and writes nothing after', async () => {
    // The sandbox answers the app's first questions only when the test lets it: close() comes
    // while the start waits on them (in CI, a test's data dir was removed at that moment, and the
    // start's late ports file made the removal fail).
    const sandbox = await startSandbox({ port: 0, uploadPort: 0, config: parseSandboxConfig({}), logger: memoryLogger().log });
    const dataDir = mkdtempSync(join(tmpdir(), 'dd-closing-'));
    try {
      let asked!: () => void;
      const askedOnce = new Promise<void>((resolve) => (asked = resolve));
      let answer!: () => void;
      const answering = new Promise<void>((resolve) => (answer = resolve));
      const send = createHttpClient();
      const held: HttpSend = async (request) => {
        asked();
        await answering;
        return send(request);
      };
      const platform = new BuiltinPlatform({ dataDir, log: memoryLogger().log, http: held, ...builtinPlatform({ launch: attachedSandboxLauncher(sandbox) }) });
      const start = platform.ensure().then(() => 'started', (error: Error) => error.message);
      await askedOnce;

      let startEnded = false;
      void start.then(() => (startEnded = true));
      const closing = platform.close();
      answer();
      await closing;
      expect(startEnded).toBe(true);
      expect(await start).toBe('the app is closing');
      expect(existsSync(join(dataDir, 'sandbox', 'ports.json'))).toBe(false);
    } finally {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says so when a program ends unexpectedly and starts it again on the same ports, its state kept', async () => {
    harness = await startAppHarness();
    const h = harness;
    await h.signIn('sbx-user-ava');
    const sandboxUrl = await h.sandboxUrl();
    const sandboxPid = builtinProgramPid(h.dataDir, 'sandbox')!;

    process.kill(sandboxPid, 'SIGKILL');
    const told = await h.waitForEvent('builtinPlatform.changed', (status) => status.state === 'restarting');
    expect(told.problem).toMatch(/The built-in platform sandbox was ended \(SIGKILL\)\. Starting it again\./);
    await h.waitForEvent('builtinPlatform.changed', (status) => status.state === 'running');
    expect(await h.sandboxUrl()).toBe(sandboxUrl);
    expect(builtinProgramPid(h.dataDir, 'sandbox')).not.toBe(sandboxPid);
    // The grant and the tokens survived in the sandbox's state: the account still works.
    const accounts = await h.call('accounts.list');
    expect(accounts.map((account) => [account.openId, account.status])).toEqual([['sbx-user-ava', 'ok']]);
    await expect(h.call('store.account', { openId: 'sbx-user-ava' })).resolves.toMatchObject({ openId: 'sbx-user-ava' });

    // The backend alone, too.
    const backendPid = builtinProgramPid(h.dataDir, 'backend')!;
    process.kill(backendPid, 'SIGKILL');
    await h.waitForEvent('builtinPlatform.changed', (status) => status.state === 'restarting' && /partner backend/.test(status.problem ?? ''));
    await waitFor('the backend running again', async () => ((await h.call('builtinPlatform.status')).state === 'running' ? true : undefined));
    await expect(h.call('store.catalog')).resolves.toBeTruthy();
  });

  it('keeps the backend on its own database under the data dir, whatever DATABASE_URL the app was started with', async () => {
    // A server's setting in the app's environment (a developer's shell, CI) must not reach the built-in backend.
    const before = process.env.DATABASE_URL;
    process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/not_here';
    try {
      harness = await startAppHarness();
      await harness.signIn('sbx-user-ava');
      await expect(harness.call('store.catalog')).resolves.toMatchObject({ available: true });
      expect(existsSync(join(harness.dataDir, 'backend', 'pglite', 'PG_VERSION'))).toBe(true);
    } finally {
      if (before === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = before;
    }
  });

  it('starts nothing for a custom profile', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dd-custom-'));
    const storage = createConfStorage(dataDir);
    storage.set('settings', { profile: { kind: 'custom', name: 'Studio platform', baseUrl: 'https://platform.example', uploadHost: 'https://upload.example', authorizeUrl: 'https://platform.example/v2/auth/authorize/', clientKey: 'studio', secret: { store: 'vault' } } });
    harness = await startAppHarness({ dataDir, host: { storage } });
    await harness.call('accounts.list');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await harness.call('builtinPlatform.status')).toEqual({ state: 'stopped', problem: null });
    expect((await harness.call('app.info')).sandbox).toBeNull();
    expect(builtinProgramsOf(dataDir).size).toBe(0);
  });

  it('ends its programs when the app is killed (kill -9), so none is left holding the data dir', async () => {
    web = await startWebApp();
    const dataDir = web.dataDir;
    await webClient(web).sandboxUrl();
    await waitFor('both programs running', async () => (builtinProgramsOf(dataDir).size === 2 ? true : undefined));

    // The app's own process alone, as a crash would end it (not its process group, which would take
    // the programs along and prove nothing).
    process.kill(web.pid, 'SIGKILL');
    await waitFor('the programs ended after the app', async () => (builtinProgramsOf(dataDir).size === 0 ? true : undefined), 20_000);
  });
});
