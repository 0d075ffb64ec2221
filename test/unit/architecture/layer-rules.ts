/**
 * The import rules that keep Draftdeck's layers honest (docs/ARCHITECTURE.md "Layers"),
 * as pure functions over source files so each rule is tested on synthetic files as well as run on
 * the repository.
 */
import { findImports, isElectronModule, isNodeBuiltin, resolveRelative, type SourceFile } from './import-scan.js';

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

export const format = (v: Violation) => `${v.file}:${v.line} imports '${v.specifier}': ${v.rule}`;

/** "electron-main": the only code that may load Electron (in plain Node, loading it fails). */
export function mayImportElectron(path: string): boolean {
  return path === 'electron/main.ts' || path === 'electron/preload.ts' || path.startsWith('electron/platform/');
}

/**
 * Files that require the `electron` package for another reason than its API, each with why. None:
 * npm start reads the binary's path without loading the package (scripts/electron-launch.mjs).
 */
export const ELECTRON_PACKAGE_EXCEPTIONS: Readonly<Record<string, string>> = {};

/** The transport-free core (contract, domain types, errors, dispatcher): "common", and stricter. */
export const CORE_DIR = 'electron/core/';
export function isCore(path: string): boolean {
  return path.startsWith(CORE_DIR);
}
/** "common": importable by the renderer, the preload, both hosts and the services. */
export function isCommonLayer(path: string): boolean {
  return path.startsWith('common/') || isCore(path);
}

/** Packages code that the renderer pulls from outside renderer/ may use. */
const PURE_PACKAGES = new Set(['zod']);

export function electronImportViolations(files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    if (mayImportElectron(file.path)) continue;
    for (const found of findImports(file.source, file.path)) {
      if (found.typeOnly || !isElectronModule(found.specifier)) continue;
      if (found.specifier === 'electron' && found.kind === 'require' && file.path in ELECTRON_PACKAGE_EXCEPTIONS) continue;
      violations.push({ file: file.path, line: found.line, specifier: found.specifier, rule: 'only electron/main.ts, electron/preload.ts and electron/platform/ may import Electron' });
    }
  }
  return violations;
}

/** The renderer imports only its own files, the common layer, and browser-safe packages. */
export function rendererViolations(files: readonly SourceFile[], exists: (path: string) => boolean): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    if (!file.path.startsWith('renderer/')) continue;
    for (const found of findImports(file.source, file.path)) {
      const push = (rule: string) => violations.push({ file: file.path, line: found.line, specifier: found.specifier, rule });
      if (isElectronModule(found.specifier) || isNodeBuiltin(found.specifier)) {
        push('the renderer runs in a sandboxed page: no Node, no Electron');
        continue;
      }
      const target = resolveRelative(file.path, found.specifier, exists);
      if (target === null || target.startsWith('renderer/') || isCommonLayer(target)) continue;
      push(`the renderer may import only renderer/, common/ and ${CORE_DIR} (found ${target})`);
    }
  }
  return violations;
}

/**
 * Everything the renderer reaches outside renderer/ (followed through relative imports) loads no
 * Node built-in, no Electron and no package but zod at run time: it ends up in a browser bundle.
 */
export function rendererClosureViolations(files: readonly SourceFile[], exists: (path: string) => boolean): Violation[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const queue = files.filter((file) => file.path.startsWith('renderer/')).map((file) => file.path);
  const seen = new Set(queue);
  const violations: Violation[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const file = byPath.get(path);
    if (!file) continue;
    for (const found of findImports(file.source, file.path)) {
      if (found.typeOnly) continue;
      const target = resolveRelative(path, found.specifier, exists);
      if (target !== null) {
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
        continue;
      }
      if (path.startsWith('renderer/') || found.specifier.startsWith('.')) continue;
      if (isNodeBuiltin(found.specifier) || isElectronModule(found.specifier) || !PURE_PACKAGES.has(found.specifier)) {
        violations.push({ file: path, line: found.line, specifier: found.specifier, rule: `reached from the renderer, so it may load only ${[...PURE_PACKAGES].join(', ')} and other such files` });
      }
    }
  }
  return violations;
}

/**
 * The common layer runs anywhere: no Node built-ins, no Electron. The core goes further: zod and
 * common code only, since the preload and the renderer bundle it.
 */
export function commonLayerViolations(files: readonly SourceFile[], exists: (path: string) => boolean): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    if (!isCommonLayer(file.path)) continue;
    for (const found of findImports(file.source, file.path)) {
      if (found.typeOnly) continue;
      const push = (rule: string) => violations.push({ file: file.path, line: found.line, specifier: found.specifier, rule });
      if (isNodeBuiltin(found.specifier) || isElectronModule(found.specifier)) {
        push('common code runs in the renderer and the preload too: no Node built-ins, no Electron');
        continue;
      }
      const target = resolveRelative(file.path, found.specifier, exists);
      if (found.specifier.startsWith('.')) {
        if (target !== null && !isCommonLayer(target)) push(`common code may import only common code (found ${target})`);
      } else if (isCore(file.path) && !PURE_PACKAGES.has(found.specifier)) {
        push('the core may import only zod');
      }
    }
  }
  return violations;
}

/**
 * The layers of the main process, lowest first. A file may import its own layer and those below
 * it, never one above (type-only imports included: a type couples as much as a value). Every file
 * under electron/ and common/ must belong to one, so a new folder fails until it is placed.
 */
export const LAYERS: ReadonlyArray<{ name: string; holds(path: string): boolean }> = [
  { name: 'common', holds: (p) => p.startsWith('common/') },
  { name: 'core', holds: (p) => p.startsWith('electron/core/') },
  { name: 'api', holds: (p) => p.startsWith('electron/api/') },
  { name: 'services', holds: (p) => p.startsWith('electron/services/') },
  { name: 'hosts', holds: (p) => p.startsWith('electron/hosts/') },
  { name: 'platform', holds: (p) => p.startsWith('electron/platform/') },
  { name: 'entries', holds: (p) => ['electron/app.ts', 'electron/main.ts', 'electron/web.ts', 'electron/preload.ts'].includes(p) },
];

export function layerOf(path: string): number {
  return LAYERS.findIndex((layer) => layer.holds(path));
}

/**
 * Services, lowest first. A service imports only services below it (so never one beside it in
 * both directions, and never in a cycle); a service with a `ports.ts` is imported only through it.
 * A unit is a folder under services/ or a file directly in it.
 */
export const SERVICE_ORDER = ['storage', 'data-dir', 'data-dir-lock', 'vault', 'auth', 'platform-profile', 'embedded-backend', 'embedded-sandbox', 'settings', 'settings-channels', 'app-channels', 'shell', 'uploads', 'accounts', 'downloads', 'research', 'purchases', 'photos', 'watch-folders'] as const;

export function serviceUnit(path: string): string | null {
  if (!path.startsWith('electron/services/')) return null;
  const rest = path.slice('electron/services/'.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? rest.replace(/\.[cm]?[jt]sx?$/, '') : rest.slice(0, slash);
}

/** Engine parts that must not know any media kind: a new kind is added without touching them. */
export const MEDIA_NEUTRAL = ['scheduler.ts', 'status-poller.ts', 'transitions.ts', 'queue.ts'].map((f) => `electron/services/uploads/${f}`);
const MEDIA_SPECIFIC = ['video-kind.ts', 'chunk-transfer.ts', 'chunk-plan.ts'].map((f) => `electron/services/uploads/${f}`).concat('electron/api/chunk-put.ts');

export function layerViolations(files: readonly SourceFile[], exists: (path: string) => boolean): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const inMain = file.path.startsWith('electron/') || file.path.startsWith('common/');
    if (!inMain && !file.path.startsWith('sandbox/')) continue;
    if (inMain && layerOf(file.path) === -1) {
      violations.push({ file: file.path, line: 1, specifier: '', rule: `belongs to no layer (${LAYERS.map((l) => l.name).join(' < ')}): place its folder in LAYERS` });
      continue;
    }
    for (const found of findImports(file.source, file.path)) {
      const target = resolveRelative(file.path, found.specifier, exists);
      if (target === null) continue;
      const push = (rule: string) => violations.push({ file: file.path, line: found.line, specifier: found.specifier, rule });
      if (file.path.startsWith('sandbox/')) {
        // The sandbox runs on its own (npm run sandbox): it knows nothing of the app.
        if (target.startsWith('electron/') || target.startsWith('renderer/')) push('the sandbox is standalone: it imports nothing of the app');
        continue;
      }
      if (target.startsWith('sandbox/')) {
        if (target !== 'sandbox/index.ts') push('the app reaches the sandbox only through sandbox/index.ts');
        continue;
      }
      const from = layerOf(file.path);
      const to = layerOf(target);
      if (to > from) {
        push(`${LAYERS[from]!.name} may not import ${LAYERS[to]!.name}, a layer above it (${LAYERS.map((l) => l.name).join(' < ')})`);
        continue;
      }
      const fromUnit = serviceUnit(file.path);
      const toUnit = serviceUnit(target);
      if (fromUnit !== null && toUnit !== null && fromUnit !== toUnit) {
        const fromRank = (SERVICE_ORDER as readonly string[]).indexOf(fromUnit);
        const toRank = (SERVICE_ORDER as readonly string[]).indexOf(toUnit);
        if (fromRank === -1 || toRank === -1) push(`service ${fromRank === -1 ? fromUnit : toUnit} is not placed in SERVICE_ORDER`);
        else if (toRank >= fromRank) push(`service ${fromUnit} may not import ${toUnit}: services import only those below them (${SERVICE_ORDER.join(' < ')})`);
        else if (exists(`electron/services/${toUnit}/ports.ts`) && target !== `electron/services/${toUnit}/ports.ts`) push(`other services reach ${toUnit} only through its ports.ts`);
      }
      if (MEDIA_NEUTRAL.includes(file.path) && MEDIA_SPECIFIC.includes(target)) push('the queue, scheduler and status poller know no media kind (media-kind.ts is the seam)');
    }
  }
  return violations;
}
