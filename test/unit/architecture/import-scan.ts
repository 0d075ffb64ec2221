/**
 * Reads a module's imports with the TypeScript parser (not a regex), so comments and strings
 * that merely mention a module are not imports, and `import type` is told apart from imports that
 * survive compilation. With verbatimModuleSyntax, `import { type A } from 'x'` still loads 'x'
 * at run time (as `import {} from 'x'`), so only a whole-statement `import type` is type-only.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

export interface FoundImport {
  specifier: string;
  /** Erased by compilation: nothing is loaded at run time. */
  typeOnly: boolean;
  kind: 'import' | 'export' | 'require' | 'dynamic-import' | 'import-equals';
  line: number;
}

export function findImports(source: string, fileName = 'module.ts'): FoundImport[] {
  const kind = /\.(tsx|jsx)$/.test(fileName) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: FoundImport[] = [];
  const add = (specifier: string, node: ts.Node, importKind: FoundImport['kind'], typeOnly = false) =>
    found.push({ specifier, typeOnly, kind: importKind, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1 });

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node, 'import', node.importClause?.isTypeOnly ?? false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node, 'export', node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      add(node.moduleReference.expression.text, node, 'import-equals', node.isTypeOnly);
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const literal = first && ts.isStringLiteralLike(first) ? first.text : null;
      if (literal !== null && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(literal, node, 'dynamic-import');
      // require('x'), including a require made by createRequire(import.meta.url).
      else if (literal !== null && ts.isIdentifier(node.expression) && node.expression.text === 'require') add(literal, node, 'require');
    }
    // `typeof import('x')` (an ImportTypeNode) is a type: it is not visited as a call.
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Modules that load Electron's main-process or renderer APIs (electron-store imports 'electron'). */
export function isElectronModule(specifier: string): boolean {
  // electron-store and electron-updater load 'electron' themselves.
  return specifier === 'electron' || specifier.startsWith('electron/') || specifier === 'electron-store' || specifier === 'electron-updater';
}

const BUILTINS = new Set(builtinModules);
export function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0] ?? '');
}

export interface SourceFile {
  /** Repository-relative, with forward slashes. */
  path: string;
  source: string;
}

const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-electron', 'release', '.git']);

export function listSourceFiles(root: string, dirs: readonly string[]): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile() && SOURCE_EXTENSIONS.test(entry.name)) {
        files.push({ path: relative(root, full).split(sep).join('/'), source: readFileSync(full, 'utf8') });
      }
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir)) && statSync(join(root, dir)).isDirectory()) walk(join(root, dir));
  return files;
}

/**
 * The repository file a relative specifier names, or null for a package or a file that is not
 * there. Handles both spellings in the repo: `./x.js` for x.ts (Node ESM) and extensionless
 * `./x` (the renderer, resolved by Vite).
 */
export function resolveRelative(fromPath: string, specifier: string, exists: (path: string) => boolean): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = posix.normalize(posix.join(posix.dirname(fromPath), specifier));
  const stem = base.replace(/\.(js|mjs|cjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}.mjs`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find(exists) ?? null;
}

export function repoExists(root: string): (path: string) => boolean {
  return (path) => {
    const full = join(root, path);
    return existsSync(full) && statSync(full).isFile();
  };
}

