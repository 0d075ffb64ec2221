/**
 * The built-in platform started again after its sandbox ends while the backend is still starting
 * (its database being opened: a first initdb on a loaded machine takes up to a minute). The real
 * programs; the first backend's ready line is held back, so it is still "starting" for the app
 * while the process already holds its database. That backend must go with its sandbox, and the
 * start it belonged to must not touch the restart's state: in CI the platform stayed failed for
 * 120 s, each new backend refused as "in use by another backend (pid N)", N the one left running.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuiltinPlatform } from '../../../../../electron/services/builtin-platform/builtin-platform.js';
import { ProgramEndedError, type LaunchProgram, type RunningProgram } from '../../../../../electron/services/builtin-platform/program.js';
import { createHttpClient } from '../../../../../platform-api/http.js';
import { builtinPlatform, builtinProgramPid, builtinProgramsOf, testProgramLauncher } from '../../../../support/builtin-platform.js';
import { seedEmbeddedBackend } from '../../../../support/seed-backend.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import { waitFor } from '../../../../support/wait-for.js';

/**
 * Real programs; the first backend's ready line reaches the app only once `letThrough()` is
 * called, and if it ends before that, the app hears it ended before its ready line, as it would.
 */
function firstBackendHeld() {
  const real = testProgramLauncher();
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  let first: RunningProgram | null = null;
  let started!: (program: RunningProgram) => void;
  const firstStarted = new Promise<RunningProgram>((resolve) => (started = resolve));
  const launch: LaunchProgram = (spec, log) => {
    const program = real(spec, log);
    if (spec.name !== 'backend' || first) return program;
    first = program;
    // Ready for itself (listening, its database open and locked), not yet for the app.
    void program.ready.then(() => started(program), () => undefined);
    const ended = program.exited.then((exit) => Promise.reject(new ProgramEndedError('backend', exit, [])));
    const ready = Promise.race([program.ready.then(async (line) => (await held, line)), ended]);
    return { ...program, ready };
  };
  return { launch, letThrough, firstStarted };
}

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

/** The platform on a data dir of its own, with the statuses it told, from the first start. */
async function startPlatform(launch: LaunchProgram) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dd-restart-'));
  await seedEmbeddedBackend(dataDir);
  const platform = new BuiltinPlatform({ dataDir, log: memoryLogger().log, http: createHttpClient(), ...builtinPlatform({ launch }) });
  cleanup = async () => {
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const statuses: string[] = [];
  platform.onStatus((status) => statuses.push(status.state));
  const firstStart = platform.ensure().then(() => 'started', (error: Error) => error.message);
  return { dataDir, platform, statuses, firstStart };
}

/** Both programs run again, the first backend gone, and the new one answers. */
async function runsAgain(platform: BuiltinPlatform, dataDir: string, firstBackendPid: number): Promise<void> {
  const running = await platform.ensure();
  expect(platform.status()).toEqual({ state: 'running', problem: null });
  const now = builtinProgramsOf(dataDir);
  expect([...now.values()].sort()).toEqual(['backend', 'sandbox']);
  expect(now.has(firstBackendPid)).toBe(false);
  const catalog = await createHttpClient()({ method: 'GET', url: `${running.backendUrl}/v1/catalog` });
  expect(catalog.ok).toBe(true);
}

describe('the built-in platform when its sandbox ends while the backend is still starting', () => {
  it('stops that backend with it and starts both again, the restart never failed by the start it replaced', async () => {
    const programs = firstBackendHeld();
    const { dataDir, platform, statuses, firstStart } = await startPlatform(programs.launch);
    const firstBackend = await programs.firstStarted;
    const firstBackendPid = builtinProgramPid(dataDir, 'backend')!;
    expect(platform.status().state).toBe('starting');

    process.kill(builtinProgramPid(dataDir, 'sandbox')!, 'SIGKILL');
    // Left running, it held the database: every backend started again was refused it.
    let ended = false;
    void firstBackend.exited.then(() => (ended = true));
    await waitFor('the starting backend to end with its sandbox', async () => (ended ? true : undefined), 60_000);
    // Whoever waited on that start is told it did not start; the restart carries on.
    expect(await firstStart).not.toBe('started');

    await runsAgain(platform, dataDir, firstBackendPid);
    expect(statuses).toEqual(['starting', 'restarting', 'running']);
  }, 240_000);

  it('does not keep a backend whose ready line comes once its sandbox has ended', async () => {
    const programs = firstBackendHeld();
    const { dataDir, platform, statuses, firstStart } = await startPlatform(programs.launch);
    // Ready the moment the app hears of the sandbox's end, before it stops anything.
    platform.onStatus((status) => status.state === 'restarting' && programs.letThrough());
    await programs.firstStarted;
    const firstBackendPid = builtinProgramPid(dataDir, 'backend')!;

    process.kill(builtinProgramPid(dataDir, 'sandbox')!, 'SIGKILL');
    expect(await firstStart).toBe('the built-in sandbox ended while its backend started');

    await runsAgain(platform, dataDir, firstBackendPid);
    // Kept, it made the platform "running" on a sandbox that had ended, then "restarting" again as it stopped.
    expect(statuses).toEqual(['starting', 'restarting', 'running']);
  }, 240_000);
});
