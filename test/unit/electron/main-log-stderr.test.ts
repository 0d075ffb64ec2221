/**
 * Where the Electron app's log lines go besides its log file: to stderr only when stderr is a
 * terminal. A packaged app has no console (Windows: writing to fd 2 fails), and a pipe nobody reads
 * must not get them either. The built main.cjs runs in a child process against the fake
 * (run-main-bundle.ts), once with stderr a pipe and once with a terminal (util-linux `script` gives
 * it one), and logs its start failure: a --data-dir it cannot make.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const runner = fileURLToPath(new URL('../../support/fake-electron/run-main-bundle.ts', import.meta.url));
const FAILURE_LINE = '"msg":"Draftdeck failed to start"';
/** A child Node with tsx loading the bundle: seconds, and tens of them on a busy machine. */
const CHILD_RUN_MS = 120_000;

let root: string;
let mainBundle: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'draftdeck-stderr-'));
  writeFileSync(join(root, 'a-file'), '');
  // Built into a folder of its own: other test files build or pack the repo's dist-electron at the same time.
  const { buildElectron } = (await import(pathToFileURL(join(repo, 'scripts', 'build-electron.mjs')).href)) as { buildElectron(options: { outDir: string }): Promise<{ main: string }> };
  mainBundle = (await buildElectron({ outDir: join(root, 'dist-electron') })).main;
}, 180_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function startApp(userData: string, terminal: boolean) {
  const command = [process.execPath, '--import', 'tsx', runner, mainBundle, userData, '--data-dir', join(root, 'a-file', 'data')];
  const env = { ...process.env, LOG_LEVEL: 'info', DRAFTDECK_DATA_DIR: '' };
  const quoted = command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  return terminal
    ? spawnSync('script', ['-qec', quoted, '/dev/null'], { cwd: repo, env, encoding: 'utf8', timeout: CHILD_RUN_MS })
    : spawnSync(command[0]!, command.slice(1), { cwd: repo, env, encoding: 'utf8', timeout: CHILD_RUN_MS });
}

describe('the Electron app\'s log lines on stderr', () => {
  it('are not written to a stderr that is a pipe, only to the log file', () => {
    const userData = join(root, 'piped');
    const run = startApp(userData, false);
    expect(run.status, run.stderr).toBe(1);
    expect(readFileSync(join(userData, 'logs', 'draftdeck.log'), 'utf8')).toContain(FAILURE_LINE);
    expect(run.stderr).not.toContain(FAILURE_LINE);
    expect(run.stdout).not.toContain(FAILURE_LINE);
  }, CHILD_RUN_MS);

  it('are written to a stderr that is a terminal too', () => {
    const userData = join(root, 'terminal');
    const run = startApp(userData, true);
    // `script` puts the child's stdout and stderr on one terminal and copies it to its own stdout.
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain(FAILURE_LINE);
    expect(readFileSync(join(userData, 'logs', 'draftdeck.log'), 'utf8')).toContain(FAILURE_LINE);
  }, CHILD_RUN_MS);
});
