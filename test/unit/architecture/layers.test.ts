/**
 * The layer rules for every folder of the main process (docs/ARCHITECTURE.md "Layers"): run on the
 * repository, and on synthetic files that break each rule, to prove the rule can fail.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listSourceFiles, repoExists, type SourceFile } from './import-scan.js';
import { format, layerViolations } from './layer-rules.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const repoFiles = listSourceFiles(root, ['electron', 'common', 'sandbox']);
const exists = repoExists(root);

const tree = new Set([
  'common/log.ts', 'electron/core/result.ts', 'electron/core/contract/index.ts', 'electron/api/publish.ts', 'electron/api/http.ts',
  'electron/services/storage.ts', 'electron/services/settings.ts', 'electron/services/auth/pkce.ts', 'electron/services/accounts/accounts-service.ts',
  'electron/services/uploads/ports.ts', 'electron/services/uploads/upload-service.ts', 'electron/services/uploads/video-kind.ts', 'electron/services/uploads/media-kind.ts',
  'electron/hosts/web-host.ts', 'electron/platform/store.ts', 'electron/app.ts', 'sandbox/index.ts', 'sandbox/server.ts', 'renderer/src/a.ts',
]);
const fake = (path: string) => tree.has(path);
const lines = (files: SourceFile[]) => layerViolations(files, fake).map((v) => `${v.file}:${v.line}`);

describe('layer rules', () => {
  it('hold for every folder of the repository', () => {
    expect(layerViolations(repoFiles, exists).map(format)).toEqual([]);
  });

  it('refuse an import up a layer, type-only ones included', () => {
    expect(lines([
      { path: 'electron/core/result.ts', source: "import type { SettingsService } from '../services/settings.js';" },
      { path: 'electron/api/publish.ts', source: "import type { TokenSource } from '../services/uploads/ports.js';" },
      { path: 'electron/services/settings.ts', source: "import { startWebTransport } from '../hosts/web-host.js';" },
      { path: 'electron/hosts/web-host.ts', source: "import { createElectronStorage } from '../platform/store.js';" },
      { path: 'common/log.ts', source: "import { AppError } from '../electron/core/result.js';" },
      { path: 'electron/services/storage.ts', source: "import { createApp } from '../app.js';" },
    ])).toEqual(['electron/core/result.ts:1', 'electron/api/publish.ts:1', 'electron/services/settings.ts:1', 'electron/hosts/web-host.ts:1', 'common/log.ts:1', 'electron/services/storage.ts:1']);
  });

  it('allow imports down the layers and within one', () => {
    expect(lines([
      { path: 'electron/app.ts', source: "import { x } from './platform/store.js';\nimport { y } from './hosts/web-host.js';" },
      { path: 'electron/platform/store.ts', source: "import type { KeyValueStorage } from '../services/storage.js';" },
      { path: 'electron/hosts/web-host.ts', source: "import { AppError } from '../core/result.js';\nimport { log } from '../../common/log.js';" },
      { path: 'electron/services/accounts/accounts-service.ts', source: "import type { TokenSource } from '../uploads/ports.js';\nimport { createPkce } from '../auth/pkce.js';" },
    ])).toEqual([]);
  });

  it('refuse a service importing one beside or above it, or another’s internals past its port', () => {
    expect(lines([
      { path: 'electron/services/uploads/upload-service.ts', source: "import type { AccountsService } from '../accounts/accounts-service.js';" },
      { path: 'electron/services/auth/pkce.ts', source: "import { SettingsService } from '../settings.js';" },
      { path: 'electron/services/accounts/accounts-service.ts', source: "import { UploadService } from '../uploads/upload-service.js';" },
    ])).toEqual(['electron/services/uploads/upload-service.ts:1', 'electron/services/auth/pkce.ts:1', 'electron/services/accounts/accounts-service.ts:1']);
  });

  it('refuse a file in a folder no layer names, and a service no order names', () => {
    expect(lines([{ path: 'electron/ipc/contract.ts', source: '' }])).toEqual(['electron/ipc/contract.ts:1']);
    expect(lines([{ path: 'electron/services/newfeature/thing.ts', source: "import { x } from '../storage.js';" }])).toEqual(['electron/services/newfeature/thing.ts:1']);
  });

  it('keep the scheduler and the status poller free of any media kind', () => {
    expect(lines([
      { path: 'electron/services/uploads/scheduler.ts', source: "import { videoKind } from './video-kind.js';" },
      { path: 'electron/services/uploads/status-poller.ts', source: "import type { MediaKind } from './media-kind.js';" },
    ])).toEqual(['electron/services/uploads/scheduler.ts:1']);
  });

  it('keep the sandbox standalone, and reached by the app only through its index', () => {
    expect(lines([
      { path: 'sandbox/server.ts', source: "import { AppError } from '../electron/core/result.js';" },
      { path: 'electron/services/storage.ts', source: "import { x } from '../../sandbox/server.js';\nimport type { SandboxHandle } from '../../sandbox/index.js';" },
    ])).toEqual(['sandbox/server.ts:1', 'electron/services/storage.ts:1']);
  });
});
