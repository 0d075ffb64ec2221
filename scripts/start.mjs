// `npm start [-- --web] [--json] [--no-open] [--port N] [--data-dir DIR]`
// Builds what is stale, then launches the Electron shell where its binary can be had, and web
// mode otherwise (or with --web). Progress goes to stderr: with --json, stdout carries exactly
// one line, {"event":"ready","url":...}.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildElectronShell, buildRenderer } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const say = (line) => process.stderr.write(`draftdeck: ${line}\n`);

/** The Electron binary's path, fetching it once if the package is there but the binary is not. */
function electronBinary() {
  const require = createRequire(import.meta.url);
  const resolveBinary = () => {
    try {
      const path = require('electron');
      return typeof path === 'string' && existsSync(path) ? path : null;
    } catch {
      return null;
    }
  };
  const found = resolveBinary();
  if (found || process.env.CI) return found;
  const installer = join(root, 'node_modules', 'electron', 'install.js');
  if (!existsSync(installer)) return null;
  say('fetching the Electron binary (once)…');
  const result = spawnSync(process.execPath, [installer], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 180_000 });
  if (result.status !== 0) say('the Electron binary cannot be downloaded here');
  return resolveBinary();
}

function hasDisplay() {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

async function main() {
  const wantWeb = args.includes('--web');
  await buildRenderer();
  const binary = wantWeb || !hasDisplay() ? null : electronBinary();
  if (binary) {
    await buildElectronShell();
    say('starting the Electron shell');
    const child = spawn(binary, [root, ...args], { stdio: 'inherit' });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  if (!wantWeb) say(hasDisplay() ? 'Electron is not available: starting web mode' : 'no display: starting web mode');
  const { register } = await import('tsx/esm/api');
  register();
  const web = await import('../electron/web.ts');
  await web.runWeb(web.parseWebArgs(args));
}

main().catch((error) => {
  say(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
