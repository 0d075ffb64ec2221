// The Electron half of `npm start` (scripts/start.mjs): finding or fetching the Electron binary
// and the environment it is started with. Separate from start.mjs so tests can run each piece.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The Electron binary's path when it is installed, else null. Read the way the electron package's
 * own index.js finds it (path.txt, beside dist/), without loading that module: loading it starts a
 * download when the binary is missing, with its progress on stdout.
 */
export function installedElectron(root = ROOT) {
  const pkg = join(root, 'node_modules', 'electron');
  let name;
  try {
    name = readFileSync(join(pkg, 'path.txt'), 'utf8').trim();
  } catch {
    return null;
  }
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(pkg, 'dist');
  const path = join(dist, name);
  return name && existsSync(path) ? path : null;
}

/** Whether `version` (e.g. "20.19.2") meets a `>= x.y.z` range as Electron's package states it; true for ranges it cannot read. */
export function meetsNodeRange(version, range) {
  const minimum = /^\s*>=\s*v?(\d+)\.(\d+)\.(\d+)\s*$/.exec(range ?? '');
  const actual = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!minimum || !actual) return true;
  for (let part = 1; part <= 3; part++) {
    const difference = Number(actual[part]) - Number(minimum[part]);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/**
 * Null when this Node can run Electron's installer, else a message saying what to do. The
 * installer is Electron's own (node_modules/electron/install.js) and needs the Node version its
 * package.json `engines` names.
 */
export function nodeTooOldForElectron(root, version = process.version) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'));
  } catch {
    return null;
  }
  const range = manifest.engines?.node;
  if (meetsNodeRange(version, range)) return null;
  return `Electron ${manifest.version} needs Node ${range.trim()} to fetch its binary; this is Node ${version}. Install a newer Node (or run \`npm start -- --web\`).`;
}

/**
 * Runs Electron's installer once. It reports progress on its stdout; that goes to our stderr, so
 * `npm start -- --json` keeps stdout for the one ready line.
 */
export function fetchElectron(root, say) {
  const installer = join(root, 'node_modules', 'electron', 'install.js');
  if (!existsSync(installer)) return false;
  say('fetching the Electron binary (once)…');
  const result = spawnSync(process.execPath, [installer], { stdio: ['ignore', 2, 2], timeout: 180_000 });
  if (result.status !== 0) say('the Electron binary cannot be downloaded here');
  return result.status === 0;
}

/**
 * The environment Electron starts with: ELECTRON_RUN_AS_NODE (set by tools that run Electron as
 * plain Node, e.g. an editor's terminal) would make it run main.cjs as a Node script, with no app.
 */
export function electronEnv(env = process.env) {
  const copy = { ...env };
  delete copy.ELECTRON_RUN_AS_NODE;
  return copy;
}

/** Starts the app in Electron with npm start's own options (--data-dir, --json, ...), passed on as they are. */
export function startElectron(binary, root, args) {
  const child = spawn(binary, [root, ...args], { stdio: 'inherit', env: electronEnv() });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}
