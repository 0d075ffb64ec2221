/**
 * `npm start` in Electron mode (scripts/electron-launch.mjs): the Node version Electron's installer
 * needs, the installer's progress kept off stdout, and the environment and options Electron gets.
 * The installer and the Electron binary are stand-ins run as real child processes.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/electron-launch.mjs', import.meta.url));
const { electronEnv, installedElectron, meetsNodeRange, nodeTooOldForElectron } = (await import(pathToFileURL(script).href)) as {
  installedElectron(root: string): string | null;
  electronEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
  meetsNodeRange(version: string, range: string | undefined): boolean;
  nodeTooOldForElectron(root: string, version?: string): string | null;
};

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'draftdeck-start-'));
  mkdirSync(join(root, 'node_modules', 'electron'), { recursive: true });
  writeFileSync(join(root, 'node_modules', 'electron', 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1', engines: { node: '>= 22.12.0' } }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Runs `code` (an ES module body with the launch module imported as `launch`) in a child Node. */
function runNode(code: string, env: Record<string, string> = {}) {
  const source = `import * as launch from ${JSON.stringify(pathToFileURL(script).href)};\n${code}`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 });
}

describe('the Node version Electron needs', () => {
  it('compares versions against the >= range of Electron\'s package', () => {
    expect(meetsNodeRange('v20.19.2', '>= 22.12.0')).toBe(false);
    expect(meetsNodeRange('v22.11.9', '>= 22.12.0')).toBe(false);
    expect(meetsNodeRange('v22.12.0', '>= 22.12.0')).toBe(true);
    expect(meetsNodeRange('v24.0.0', '>=22.12.0')).toBe(true);
    expect(meetsNodeRange('v20.0.0', undefined)).toBe(true);
  });

  it('says what to do when this Node is too old, naming both versions', () => {
    expect(nodeTooOldForElectron(root, 'v20.19.2')).toBe('Electron 45.4.1 needs Node >= 22.12.0 to fetch its binary; this is Node v20.19.2. Install a newer Node (or run `npm start -- --web`).');
    expect(nodeTooOldForElectron(root, 'v22.12.0')).toBeNull();
  });
});

describe('finding the Electron binary', () => {
  it('reads where the electron package put it, and answers null when it is not there', () => {
    expect(installedElectron(root)).toBeNull();
    writeFileSync(join(root, 'node_modules', 'electron', 'path.txt'), 'electron');
    expect(installedElectron(root)).toBeNull(); // named, but not downloaded
    mkdirSync(join(root, 'node_modules', 'electron', 'dist'));
    writeFileSync(join(root, 'node_modules', 'electron', 'dist', 'electron'), '');
    expect(installedElectron(root)).toBe(join(root, 'node_modules', 'electron', 'dist', 'electron'));
  });

  it('never loads the electron package, whose index.js would start a download with progress on stdout', () => {
    writeFileSync(join(root, 'node_modules', 'electron', 'index.js'), "process.stdout.write('Downloading Electron binary...\\n'); module.exports = '/nowhere';");
    writeFileSync(join(root, 'node_modules', 'electron', 'path.txt'), 'electron');
    const run = runNode(`process.stdout.write(String(launch.installedElectron(${JSON.stringify(root)})));`);
    expect(run.stdout).toBe('null');
  });
});

describe('fetching the Electron binary', () => {
  it('sends the installer\'s progress to stderr, never to stdout', () => {
    writeFileSync(join(root, 'node_modules', 'electron', 'install.js'), "process.stdout.write('Downloading electron-v45 [=====] 100%\\n'); process.stderr.write('installer warning\\n');");
    const run = runNode(`launch.fetchElectron(${JSON.stringify(root)}, (line) => process.stderr.write('draftdeck: ' + line + '\\n'));`);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('draftdeck: fetching the Electron binary (once)');
    expect(run.stderr).toContain('Downloading electron-v45 [=====] 100%');
    expect(run.stderr).toContain('installer warning');
  });
});

describe('starting Electron', () => {
  it('clears ELECTRON_RUN_AS_NODE and keeps the rest of the environment', () => {
    expect(electronEnv({ ELECTRON_RUN_AS_NODE: '1', PATH: '/bin', DRAFTDECK_DATA_DIR: '/d' })).toEqual({ PATH: '/bin', DRAFTDECK_DATA_DIR: '/d' });
  });

  it('runs the binary on the app folder with npm start\'s options, without ELECTRON_RUN_AS_NODE, and exits with its code', () => {
    const binary = join(root, 'electron');
    writeFileSync(binary, '#!/bin/sh\necho "run-as-node=${ELECTRON_RUN_AS_NODE:-unset} args=$*"\nexit 3\n');
    chmodSync(binary, 0o755);
    const run = runNode(`launch.startElectron(${JSON.stringify(binary)}, ${JSON.stringify(root)}, ['--data-dir', '/tmp/scratch', '--json']);`, { ELECTRON_RUN_AS_NODE: '1' });
    expect(run.stdout.trim()).toBe(`run-as-node=unset args=${root} --data-dir /tmp/scratch --json`);
    expect(run.status).toBe(3);
  });
});
