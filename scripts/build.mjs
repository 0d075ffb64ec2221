// Builds what is stale: the renderer bundle (Vite), the built-in platform's two programs (the
// sandbox's and the backend's bundles, esbuild), web mode's bundle (dist-web/, esbuild) and, where the Electron shell is wanted, the
// main-process and preload bundles (esbuild). `--force` rebuilds everything.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale, touchStamp } from './stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => join(root, ...parts);

const SHARED_INPUTS = [at('common'), at('electron/core'), at('platform-api/wire'), at('package.json')];

/** The sandbox's and the backend's bundles, which every runtime starts as processes of their own. */
export async function buildPlatformPrograms({ force = false } = {}) {
  const stamp = at('dist-platform/.stamp');
  const inputs = [at('sandbox'), at('backend'), at('server-kit'), at('platform-api'), at('common'), at('scripts/build-platform.mjs'), at('package-lock.json')];
  if (!force && !isStale(stamp, inputs)) return false;
  const { buildPlatform } = await import(pathToFileURL(at('scripts/build-platform.mjs')).href);
  await buildPlatform();
  touchStamp(stamp);
  return true;
}

export async function buildRenderer({ force = false } = {}) {
  const stamp = at('dist/renderer/.stamp');
  if (!force && !isStale(stamp, [at('renderer'), at('vite.config.ts'), ...SHARED_INPUTS])) return false;
  const { build } = await import('vite');
  // Quiet: `npm start` shows the person the address, not the bundler's chunk sizes and plugin timings.
  await build({ configFile: at('vite.config.ts'), logLevel: 'error', build: { rolldownOptions: { checks: { bundlerTimings: false } } } });
  touchStamp(stamp);
  return true;
}

/** Web mode as one bundle (dist-web/web.cjs), which the end-to-end tests start. */
export async function buildWebEntry({ force = false } = {}) {
  const stamp = at('dist-web/.stamp');
  if (!force && !isStale(stamp, [at('electron'), at('platform-api'), at('scripts/build-web.mjs'), ...SHARED_INPUTS])) return false;
  const { buildWeb } = await import(pathToFileURL(at('scripts/build-web.mjs')).href);
  await buildWeb();
  touchStamp(stamp);
  return true;
}

export async function buildElectronShell({ force = false } = {}) {
  const script = at('scripts/build-electron.mjs');
  if (!existsSync(script)) return false;
  const stamp = at('dist-electron/.stamp');
  if (!force && !isStale(stamp, [at('electron'), at('platform-api'), at('scripts/build-electron.mjs'), ...SHARED_INPUTS])) return false;
  const { buildElectron } = await import(pathToFileURL(script).href);
  await buildElectron();
  touchStamp(stamp);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const force = process.argv.includes('--force');
  const built = [];
  if (await buildRenderer({ force })) built.push('renderer');
  if (await buildPlatformPrograms({ force })) built.push('built-in platform');
  if (await buildWebEntry({ force })) built.push('web mode');
  if (await buildElectronShell({ force })) built.push('electron shell');
  process.stderr.write(built.length ? `built: ${built.join(', ')}\n` : 'build: everything is up to date\n');
}
