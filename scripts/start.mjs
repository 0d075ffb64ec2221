// `npm start [-- --web] [--json] [--no-open] [--port N] [--data-dir DIR]`
// Builds what is stale, then launches the Electron shell where its binary can be had, and web
// mode otherwise (or with --web). Progress goes to stderr: with --json, stdout carries exactly
// one line, {"event":"ready","url":...}.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildElectronShell, buildPlatformPrograms, buildRenderer } from './build.mjs';
import { fetchElectron, installedElectron, nodeTooOldForElectron, startElectron } from './electron-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const say = (line) => process.stderr.write(`draftdeck: ${line}\n`);

/** The Electron binary's path, fetching it once if the package is there but the binary is not. */
function electronBinary() {
  const found = installedElectron(root);
  if (found || process.env.CI) return found;
  const tooOld = nodeTooOldForElectron(root);
  if (tooOld) {
    say(tooOld);
    return null;
  }
  return fetchElectron(root, say) ? installedElectron(root) : null;
}

function hasDisplay() {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

async function main() {
  const wantWeb = args.includes('--web');
  await Promise.all([buildRenderer(), buildPlatformPrograms()]);
  const binary = wantWeb || !hasDisplay() ? null : electronBinary();
  if (binary) {
    await buildElectronShell();
    say('starting the Electron shell');
    startElectron(binary, root, args);
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
