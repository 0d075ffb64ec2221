/**
 * The import boundaries (.dependency-cruiser.cjs, docs/ARCHITECTURE.md "Layers"), run with
 * dependency-cruiser's API on a synthetic tree laid out like the repository (`npm run lint:deps`
 * checks the repository itself), where files planted to break each rule must make that rule fail (and
 * files that keep to the rules must not).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration;

/** Every violation, as `rule: from → to`, sorted. */
async function violations(baseDir: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const tsConfigFile = join(baseDir, 'tsconfig.json');
  const result = await cruise(
    ['.'],
    { validate: true, ruleSet: structuredClone(config), baseDir, tsConfig: { fileName: tsConfigFile }, outputType: 'json', ...extra },
    undefined,
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const output = (typeof result.output === 'string' ? JSON.parse(result.output) : result.output) as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the repository', () => {
  // That the repository keeps every boundary is `npm run lint:deps` (in npm test and test:quick),
  // whose exit code on violations the last test below checks; running the same cruise here again
  // cost the unit tier a third of its time.
  it('names a port rule for each service that has a ports.ts', () => {
    const ported = readdirSync(join(root, 'electron/services'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, 'electron/services', entry.name, 'ports.ts')))
      .map((entry) => `through-ports-${entry.name}`);
    expect(ported.length).toBeGreaterThan(0);
    expect(config.forbidden!.map((rule) => rule.name)).toEqual(expect.arrayContaining(ported));
  });
});

/**
 * A small tree shaped like the repository. Files under "keeps" import only what their zone allows;
 * each planted file breaks one rule, and is expected to fail exactly that rule (and, where one
 * import breaks two rules, both).
 */
const keeps: Record<string, string> = {
  'common/log.ts': "import type pino from 'pino';\nexport type Log = pino.Logger;",
  'common/csp.ts': "import { z } from 'zod';\nexport const csp = z.string();",
  'platform-api/wire/orders.ts': "import { z } from 'zod';\nimport { csp } from '../../common/csp.js';\nexport const order = z.object({ id: csp });",
  'platform-api/http.ts': "import { request } from 'node:http';\nimport { order } from './wire/orders.js';\nexport { order, request };",
  'platform-api/chunk-put.ts': 'export const put = 1;',
  'server-kit/router.ts': "import { createServer } from 'node:http';\nimport type { Log } from '../common/log.js';\nexport type { Log };\nexport { createServer };",
  'sandbox/index.ts': "import { createServer } from '../server-kit/router.js';\nimport { csp } from '../common/csp.js';\nexport { createServer, csp };",
  'backend/index.ts': "import { createServer } from '../server-kit/router.js';\nimport { order } from '../platform-api/http.js';\nexport { createServer, order };",
  'electron/core/result.ts': "import { z } from 'zod';\nimport { order } from '../../platform-api/wire/orders.js';\nexport const result = z.object({ order });",
  'electron/core/contract/index.ts': "import { result } from '../result.js';\nexport { result };",
  'electron/services/storage.ts': "import type { App } from 'electron';\nimport { result } from '../core/result.js';\nimport { order } from '../../platform-api/http.js';\nexport type { App };\nexport { order, result };",
  'electron/services/settings.ts': "import { result } from './storage.js';\nexport { result };",
  'electron/services/auth/pkce.ts': "import { result } from '../storage.js';\nexport { result };",
  'electron/services/uploads/ports.ts': 'export interface TokenSource { token(): string }',
  'electron/services/uploads/upload-service.ts': "import { put } from '../../../platform-api/chunk-put.js';\nimport type { TokenSource } from './ports.js';\nexport type { TokenSource };\nexport { put };",
  'electron/services/uploads/video-kind.ts': "import { put } from '../../../platform-api/chunk-put.js';\nexport { put };",
  'electron/services/uploads/media-kind.ts': 'export interface MediaKind { name: string }',
  'electron/services/uploads/status-poller.ts': "import type { MediaKind } from './media-kind.js';\nexport type { MediaKind };",
  'electron/services/accounts/accounts-service.ts': "import type { TokenSource } from '../uploads/ports.js';\nimport { result } from '../auth/pkce.js';\nexport type { TokenSource };\nexport { result };",
  'electron/transports/web-host.ts': "import { result } from '../services/settings.js';\nexport { result };",
  'electron/desktop/store.ts': "import Store from 'electron-store';\nimport { result } from '../transports/web-host.js';\nexport { Store, result };",
  'electron/app.ts': "import { result } from './transports/web-host.js';\nexport { result };",
  'electron/main.ts': "import { app } from 'electron';\nimport { Store } from './desktop/store.js';\nimport { result } from './app.js';\nexport { app, Store, result };",
  'renderer/src/main.tsx': "import { createRoot } from 'react-dom/client';\nimport { result } from '../../electron/core/contract/index.js';\nimport { csp } from '../../common/csp.js';\nimport { order } from '../../platform-api/wire/orders.js';\nexport { createRoot, csp, order, result };",
  'test/support/harness.ts': "import { result } from '../../electron/app.js';\nimport { createServer } from '../../sandbox/index.js';\nexport { createServer, result };",
  'test/unit/sandbox/server.test.ts': "import { createServer } from '../../../sandbox/index.js';\nimport { createServer as again } from '../../support/harness.js';\nexport { again, createServer };",
  'scripts/build.mjs': "import { build } from 'esbuild';\nimport { result } from '../electron/app.js';\nexport { build, result };",
  'vite.config.ts': "import { defineConfig } from 'vite';\nexport default defineConfig({});",
};

/** Planted files, each with the violations it must cause. */
const planted: Array<{ why: string; files: Record<string, string>; expected: string[] }> = [
  {
    why: 'the sandbox imports the app, or the client it is meant to check independently',
    files: {
      'sandbox/planted-electron.ts': "import { result } from '../electron/core/result.js';\nexport { result };",
      'sandbox/planted-client.ts': "import type { order } from '../platform-api/http.js';\nexport type { order };",
    },
    expected: [
      'zone-sandbox: sandbox/planted-electron.ts → electron/core/result.ts',
      'zone-sandbox: sandbox/planted-client.ts → platform-api/http.ts',
    ],
  },
  {
    why: 'the backend imports the sandbox or the app',
    files: {
      'backend/planted.ts': "import { csp } from '../sandbox/index.js';\nimport type { result } from '../electron/services/storage.js';\nexport { csp };\nexport type { result };",
    },
    expected: [
      'zone-backend: backend/planted.ts → electron/services/storage.ts',
      'zone-backend: backend/planted.ts → sandbox/index.ts',
    ],
  },
  {
    why: 'the main process imports a server or the servers’ kit',
    files: {
      'electron/services/planted-backend.ts': "import { order } from '../../backend/index.js';\nexport { order };",
      'electron/transports/planted.ts': "import { createServer } from '../../server-kit/router.js';\nimport type { csp } from '../../sandbox/index.js';\nexport { createServer };\nexport type { csp };",
    },
    expected: [
      // planted-backend is also a service no SERVICE_ORDER names.
      'unplaced-file: electron/services/planted-backend.ts → backend/index.ts',
      'zone-transports: electron/transports/planted.ts → sandbox/index.ts',
      'zone-transports: electron/transports/planted.ts → server-kit/router.ts',
    ],
  },
  {
    why: 'a placed service imports a server',
    files: { 'electron/services/settings-channels.ts': "import { order } from '../../backend/index.js';\nexport { order };" },
    expected: ['zone-services: electron/services/settings-channels.ts → backend/index.ts'],
  },
  {
    why: 'a layer of the main process imports one above it, type-only imports included',
    files: {
      'electron/core/planted.ts': "import type { result } from '../services/settings.js';\nexport type { result };",
      'electron/services/data-dir.ts': "import { result } from '../transports/web-host.js';\nexport { result };",
      'electron/transports/planted-up.ts': "import type { Store } from '../desktop/store.js';\nexport type { Store };",
      'electron/desktop/planted.ts': "import { result } from '../app.js';\nexport { result };",
      'common/planted.ts': "import type { result } from '../electron/core/result.js';\nexport type { result };",
      'platform-api/wire/planted.ts': "import { request } from '../http.js';\nexport { request };",
    },
    expected: [
      'zone-common: common/planted.ts → electron/core/result.ts',
      'zone-core: electron/core/planted.ts → electron/services/settings.ts',
      'zone-desktop: electron/desktop/planted.ts → electron/app.ts',
      'zone-platform-wire: platform-api/wire/planted.ts → platform-api/http.ts',
      'zone-services: electron/services/data-dir.ts → electron/transports/web-host.ts',
      'zone-transports: electron/transports/planted-up.ts → electron/desktop/store.ts',
    ],
  },
  {
    why: 'a service imports one beside or above it, or another’s internals past its port',
    files: {
      'electron/services/auth/planted.ts': "import { result } from '../settings.js';\nexport { result };",
      'electron/services/uploads/planted.ts': "import type { TokenSource } from '../accounts/accounts-service.js';\nexport type { TokenSource };",
      'electron/services/accounts/planted.ts': "import { put } from '../uploads/upload-service.js';\nexport { put };",
    },
    expected: [
      'service-order-auth: electron/services/auth/planted.ts → electron/services/settings.ts',
      'service-order-uploads: electron/services/uploads/planted.ts → electron/services/accounts/accounts-service.ts',
      'through-ports-uploads: electron/services/accounts/planted.ts → electron/services/uploads/upload-service.ts',
    ],
  },
  {
    why: 'a file sits in a folder no zone names',
    files: {
      'electron/ipc/contract.ts': "import { result } from '../core/result.js';\nexport { result };",
      'electron/ipc/empty.ts': 'export const nothing = 0;',
      'electron/services/newfeature/thing.ts': "import { result } from '../storage.js';\nexport { result };",
      'plugins/planted.ts': "import { csp } from '../common/csp.js';\nexport { csp };",
      'electron/web.ts': "import { nothing } from './ipc/empty.js';\nexport { nothing };",
    },
    expected: [
      'unplaced-file: electron/ipc/contract.ts → electron/core/result.ts',
      'unplaced-file: electron/services/newfeature/thing.ts → electron/services/storage.ts',
      'unplaced-file: plugins/planted.ts → common/csp.ts',
      'zone-entries: electron/web.ts → electron/ipc/empty.ts',
    ],
  },
  {
    why: 'a file no zone names imports nothing and nothing imports it',
    files: { 'lib/orphan.ts': 'export const alone = 1;' },
    expected: ['unplaced-orphan: lib/orphan.ts → lib/orphan.ts'],
  },
  {
    why: 'anything but main.ts, preload.ts and desktop/ loads Electron',
    files: {
      'electron/services/vault/planted.ts': "import { safeStorage } from 'electron';\nexport { safeStorage };",
      'electron/app.ts': "const store = await import('electron-store');\nexport { store };",
      'electron/transports/planted-updater.ts': "export { autoUpdater } from 'electron-updater';",
      'scripts/start.mjs': "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nexport const binary = require('electron');",
    },
    expected: [
      'electron-only-in-desktop: electron/app.ts → node_modules/electron-store/index.js',
      'electron-only-in-desktop: electron/services/vault/planted.ts → node_modules/electron/index.js',
      'electron-only-in-desktop: electron/transports/planted-updater.ts → node_modules/electron-updater/out/main.js',
      'electron-only-in-desktop: scripts/start.mjs → node_modules/electron/index.js',
    ],
  },
  {
    why: 'the renderer imports the main process past the contract, Node or Electron',
    files: {
      'renderer/src/planted.ts': "import type { result } from '../../electron/services/settings.js';\nimport { readFile } from 'node:fs';\nimport { ipcRenderer } from 'electron';\nexport type { result };\nexport { ipcRenderer, readFile };",
    },
    expected: [
      'electron-only-in-desktop: renderer/src/planted.ts → node_modules/electron/index.js',
      'no-node-in-shared-code: renderer/src/planted.ts → fs',
      'renderer-bundle-no-node: renderer/src/planted.ts → fs',
      // Reached through the type-only import of settings.ts (storage.ts, platform-api/http.ts): types count too.
      'renderer-bundle-no-node: renderer/src/planted.ts → http',
      'renderer-bundle-packages: renderer/src/planted.ts → node_modules/electron/index.js',
      'zone-renderer: renderer/src/planted.ts → electron/services/settings.ts',
    ],
  },
  {
    why: 'code the renderer reaches outside renderer/ loads Node or a package other than zod',
    files: {
      'renderer/src/log-view.ts': "import type { Log } from '../../common/log.js';\nexport type { Log };",
      'common/clock.ts': "import { setTimeout } from 'node:timers/promises';\nexport { setTimeout };",
      'electron/core/planted-pino.ts': "import pino from 'pino';\nexport { pino };",
      'common/planted-react.ts': "import type { ReactNode } from 'react';\nexport type { ReactNode };",
    },
    expected: [
      'common-packages: common/planted-react.ts → node_modules/react/index.js',
      'no-node-in-shared-code: common/clock.ts → timers/promises',
      'renderer-bundle-packages: renderer/src/log-view.ts → node_modules/pino/pino.js',
      'zod-only-in-core: electron/core/planted-pino.ts → node_modules/pino/pino.js',
    ],
  },
  {
    why: 'the engine’s media-neutral parts import a media kind',
    files: {
      'electron/services/uploads/scheduler.ts': "import { put } from './video-kind.js';\nexport { put };",
      'electron/services/uploads/queue.ts': "import type { put } from '../../../platform-api/chunk-put.js';\nexport type { put };",
    },
    expected: [
      'media-neutral-engine: electron/services/uploads/queue.ts → platform-api/chunk-put.ts',
      'media-neutral-engine: electron/services/uploads/scheduler.ts → electron/services/uploads/video-kind.ts',
    ],
  },
  {
    why: 'a source or a tool imports a test, or a server’s test imports the app',
    files: {
      'electron/services/photos/planted.ts': "import { result } from '../../../test/support/harness.js';\nexport { result };",
      'scripts/planted.mjs': "export { result } from '../test/support/harness.js';",
      'test/integration/backend/planted.test.ts': "import type { result } from '../../../electron/core/result.js';\nexport type { result };",
    },
    expected: [
      'server-tests-standalone: test/integration/backend/planted.test.ts → electron/core/result.ts',
      'zone-services: electron/services/photos/planted.ts → test/support/harness.ts',
      'zone-tools: scripts/planted.mjs → test/support/harness.ts',
    ],
  },
  {
    why: 'an import resolves to nothing',
    files: { 'sandbox/planted-missing.ts': "export { gone } from './gone.js';" },
    expected: ['no-unresolvable: sandbox/planted-missing.ts → ./gone.js'],
  },
];

describe('each rule fails on a planted violation', () => {
  let dir = '';
  let found: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'draftdeck-boundaries-'));
    // The repository's packages and compiler settings, so imports resolve as they do in the repository.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    for (const file of ['tsconfig.json', 'package.json']) copyFileSync(join(root, file), join(dir, file));
    const files = { ...keeps, ...Object.assign({}, ...planted.map((plant) => plant.files)) } as Record<string, string>;
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    // The fixture's node_modules is a symlink: keep its paths under node_modules/, as in the repository.
    found = await violations(dir, { preserveSymlinks: true });
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('and only there: files that keep to their zone pass', () => {
    const plantedPaths = new Set(planted.flatMap((plant) => Object.keys(plant.files)));
    expect(found.filter((line) => !plantedPaths.has(line.split(': ')[1]!.split(' → ')[0]!))).toEqual([]);
  });

  for (const plant of planted) {
    it(`when ${plant.why}`, () => {
      const paths = new Set(Object.keys(plant.files));
      expect(found.filter((line) => paths.has(line.split(': ')[1]!.split(' → ')[0]!))).toEqual([...plant.expected].sort());
    });
  }

  it('and the command line npm test runs exits non-zero on them', () => {
    const cli = spawnSync(process.execPath, [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', join(root, '.dependency-cruiser.cjs'), '--preserve-symlinks', '--output-type', 'err', '.'], { cwd: dir, encoding: 'utf8' });
    expect(cli.status).not.toBe(0);
    expect(cli.stdout).toContain('zone-sandbox: sandbox/planted-electron.ts → electron/core/result.ts');
  }, 60_000);
});
