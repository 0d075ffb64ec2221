/**
 * The import rules that keep Draftdeck's layers honest (DESIGN.md, STYLE.md "layers by runtime"),
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

/** Files that require the `electron` package for another reason than its API, each with why. */
export const ELECTRON_PACKAGE_EXCEPTIONS: Readonly<Record<string, string>> = {
  'scripts/start.mjs': "in plain Node, require('electron') returns the path of the Electron binary; start.mjs launches that binary and never touches the API",
};

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
