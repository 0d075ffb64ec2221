/**
 * Runs the built main.cjs against the fake Electron in a process of its own, as Electron would run
 * it, for tests that watch what the process itself does (what reaches its stderr). Arguments: the
 * path of main.cjs, the fake's userData folder, then the app's own (--data-dir ...). Exits with the app's exit code once it
 * calls app.exit().
 */
import { createRequire } from 'node:module';
import { createFakeElectron } from './fake-electron.js';
import { installFakeElectron } from './install-fake-electron.js';

const [mainPath, userData] = process.argv.slice(2);
const fake = createFakeElectron({ singleInstanceLock: true, userData });
installFakeElectron(fake);
// main.cjs reads its options from process.argv (the two above are positionals it ignores).
createRequire(import.meta.url)(mainPath!);
fake.app.ready();
const poll = setInterval(() => {
  if (fake.app.exitCode === null) return;
  clearInterval(poll);
  process.exit(fake.app.exitCode);
}, 20);
