/**
 * Only electron/main.ts, electron/preload.ts and electron/platform/ may import Electron; the
 * renderer and the common layer keep to their lanes. Each rule runs on the repository and, to
 * prove it can fail, on synthetic files that break it.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findImports, listSourceFiles, repoExists, type SourceFile } from './import-scan.js';
import { commonLayerViolations, ELECTRON_PACKAGE_EXCEPTIONS, electronImportViolations, format, rendererClosureViolations, rendererViolations } from './layer-rules.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SCANNED = ['electron', 'renderer', 'sandbox', 'backend', 'common', 'scripts'];
const repoFiles = listSourceFiles(root, SCANNED);
const exists = repoExists(root);

describe('import scanner', () => {
  it('finds every way a module can be loaded', () => {
    const source = `
      import a from 'm1';
      import { b } from "m2";
      import * as c from 'm3';
      import 'm4';
      export * from 'm5';
      export { d } from 'm6';
      import e = require('m7');
      const f = require('m8');
      const g = await import('m9');
      const req = createRequire(import.meta.url); req('not-a-require-call'); const h = require(\`m10\`);
    `;
    expect(findImports(source).map((found) => [found.specifier, found.typeOnly])).toEqual([
      ['m1', false], ['m2', false], ['m3', false], ['m4', false], ['m5', false], ['m6', false], ['m7', false], ['m8', false], ['m9', false], ['m10', false],
    ]);
  });

  it('tells type-only imports from imports that survive compilation', () => {
    const source = `
      import type { A } from 'electron';
      export type { B } from 'electron';
      import { type C } from 'electron-store';
      let x: typeof import('electron');
    `;
    expect(findImports(source).map((found) => [found.specifier, found.typeOnly])).toEqual([
      ['electron', true],
      ['electron', true],
      // verbatimModuleSyntax keeps this as \`import {} from 'electron-store'\`: it loads the module.
      ['electron-store', false],
    ]);
  });

  it('ignores modules named in comments and strings', () => {
    const source = `
      // import { app } from 'electron';
      /* require('electron') */
      const text = "require('electron')";
      const template = \`import('electron')\`;
      const external = ['electron'];
    `;
    expect(findImports(source)).toEqual([]);
  });

  it('reads the line of each import', () => {
    expect(findImports("\n\nimport x from 'electron';\n")[0]?.line).toBe(3);
  });

  it('sees the repository', () => {
    const paths = repoFiles.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['electron/main.ts', 'electron/preload.ts', 'electron/core/contract/index.ts', 'common/csp.ts', 'renderer/src/api/client.ts']));
    expect(paths.some((path) => path.includes('node_modules/') || path.startsWith('dist'))).toBe(false);
  });
});

describe('only electron/main.ts, electron/preload.ts and electron/platform/ import Electron', () => {
  it('holds for the repository', () => {
    expect(electronImportViolations(repoFiles).map(format)).toEqual([]);
  });

  it('keeps no stale exception: each excepted file exists and does require electron', () => {
    for (const path of Object.keys(ELECTRON_PACKAGE_EXCEPTIONS)) {
      const file = repoFiles.find((candidate) => candidate.path === path);
      expect(file, path).toBeDefined();
      expect(findImports(file!.source, path).some((found) => found.specifier === 'electron' && found.kind === 'require'), path).toBe(true);
    }
  });

  it('fails for any other file that loads electron, electron/… or electron-store', () => {
    const files: SourceFile[] = [
      { path: 'electron/services/vault.ts', source: "import { safeStorage } from 'electron';" },
      { path: 'electron/app.ts', source: "const store = await import('electron-store');" },
      { path: 'renderer/src/main.tsx', source: "import { ipcRenderer } from 'electron/renderer';" },
      { path: 'sandbox/server.ts', source: "const { app } = require('electron');" },
      { path: 'common/log.ts', source: "import { type App } from 'electron';" },
      { path: 'electron/web.ts', source: "export { app } from 'electron';" },
    ];
    expect(electronImportViolations(files).map((v) => v.file)).toEqual(files.map((file) => file.path));
  });

  it('allows main.ts, preload.ts, platform/ and type-only imports', () => {
    const files: SourceFile[] = [
      { path: 'electron/main.ts', source: "import { app } from 'electron';" },
      { path: 'electron/preload.ts', source: "import { contextBridge } from 'electron';" },
      { path: 'electron/platform/deep/store.ts', source: "import Store from 'electron-store';" },
      { path: 'electron/services/x.ts', source: "import type { App } from 'electron';" },
      { path: 'electron/services/y.ts', source: "import builder from 'electron-builder';" },
    ];
    expect(electronImportViolations(files)).toEqual([]);
    // npm start finds the Electron binary without loading the package (scripts/electron-launch.mjs).
    expect(electronImportViolations([{ path: 'scripts/start.mjs', source: "const require = createRequire(import.meta.url); const binary = require('electron');" }])).toHaveLength(1);
  });
});

describe('the renderer talks to the main process through the contract only', () => {
  it('holds for the repository', () => {
    expect(rendererViolations(repoFiles, exists).map(format)).toEqual([]);
    expect(rendererClosureViolations(repoFiles, exists).map(format)).toEqual([]);
  });

  const fakeTree = new Set(['renderer/src/a.ts', 'renderer/src/b.tsx', 'electron/core/contract/index.ts', 'electron/services/settings.ts', 'common/csp.ts', 'common/log.ts']);
  const fakeExists = (path: string) => fakeTree.has(path);

  it('refuses imports of services, platform code, Node and Electron', () => {
    const files: SourceFile[] = [
      { path: 'renderer/src/a.ts', source: "import { b } from './b';\nimport { channels } from '../../electron/core/contract';\nimport { RENDERER_CSP } from '../../common/csp';" },
      { path: 'renderer/src/b.tsx', source: "import type { SettingsService } from '../../electron/services/settings';\nimport { readFile } from 'node:fs';\nimport 'fs';\nimport { webUtils } from 'electron';" },
    ];
    expect(rendererViolations(files, fakeExists).map((v) => `${v.file}:${v.line}`)).toEqual(['renderer/src/b.tsx:1', 'renderer/src/b.tsx:2', 'renderer/src/b.tsx:3', 'renderer/src/b.tsx:4']);
  });

  it('refuses a common file the renderer reaches when it loads Node or a non-browser package', () => {
    const files: SourceFile[] = [
      { path: 'renderer/src/a.ts', source: "import { log } from '../../common/log';" },
      { path: 'common/log.ts', source: "import pino from 'pino';" },
    ];
    expect(rendererClosureViolations(files, fakeExists).map(format)).toEqual([expect.stringContaining("common/log.ts:1 imports 'pino'")]);
  });
});

describe('the common layer runs anywhere', () => {
  it('holds for the repository', () => {
    expect(commonLayerViolations(repoFiles, exists).map(format)).toEqual([]);
  });

  it('refuses Node built-ins and Electron in common/ and the core, and anything but zod in the core', () => {
    const fakeTree = new Set(['electron/core/contract/index.ts', 'electron/core/result.ts', 'electron/services/settings.ts', 'common/url-policy.ts']);
    const files: SourceFile[] = [
      { path: 'common/clock.ts', source: "import { setTimeout } from 'node:timers/promises';" },
      { path: 'common/paths.ts', source: "import { join } from 'path';" },
      { path: 'electron/core/contract/index.ts', source: "import { z } from 'zod';\nimport { isHttpsOrLoopback } from '../../../common/url-policy.js';\nimport { AppError } from '../result.js';\nimport pino from 'pino';\nimport { SettingsService } from '../../services/settings.js';" },
      { path: 'electron/core/bridge.ts', source: "import { ipcRenderer } from 'electron';" },
    ];
    expect(commonLayerViolations(files, (path) => fakeTree.has(path)).map((v) => `${v.file}:${v.line}`)).toEqual([
      'common/clock.ts:1',
      'common/paths.ts:1',
      'electron/core/contract/index.ts:4',
      'electron/core/contract/index.ts:5',
      'electron/core/bridge.ts:1',
    ]);
  });
});
