/**
 * The test tree mirrors the source tree (issue 26, point 6): a unit or integration test of
 * `electron/services/vault/` sits in `test/unit/electron/services/vault/` (or test/integration/…),
 * so a module's tests are found by its path. Shared helpers live in test/support/, and no test
 * imports the benchmarks' code (test/bench/): the benchmarks may use the tests' helpers, not the
 * other way round, so a benchmark can change without changing what a test checks.
 * Architecture tests (this folder) check the whole tree and mirror nothing; end-to-end specs are
 * grouped by view and flow under test/e2e/, as a person uses the app, not by module.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const MIRRORED = /^test\/(unit|integration)\//;
const NOT_SOURCE = /^(test|node_modules|dist[^/]*|release|\.git)(\/|$)/;

/** Tracked and new (not ignored) files under test/: the tree as the next commit would have it. */
function testFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'test'], { cwd: root, encoding: 'utf8' });
  return out.split('\n').filter((file) => file && existsSync(join(root, file)));
}

function isSourceDir(dir: string): boolean {
  if (dir === '') return true;
  if (NOT_SOURCE.test(dir)) return false;
  const path = join(root, dir);
  return existsSync(path) && statSync(path).isDirectory();
}

/** Why a file under test/unit/ or test/integration/ is misplaced, or null when it mirrors a source directory. */
function misplaced(file: string, sourceDir: (dir: string) => boolean = isSourceDir): string | null {
  if (!MIRRORED.test(file) || file.startsWith('test/unit/architecture/')) return null;
  if (!file.endsWith('.test.ts')) return 'not a test: helpers belong in test/support/';
  const mirrored = dirname(file.replace(MIRRORED, ''));
  return sourceDir(mirrored === '.' ? '' : mirrored) ? null : `mirrors no source directory (${mirrored}/)`;
}

/** Relative module specifiers a file imports or mocks (static, dynamic, vi.mock). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|vi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
}

/** The test/bench/ modules a file (not itself a benchmark) imports. */
function benchImports(file: string, text: string): string[] {
  if (file.startsWith('test/bench/')) return [];
  return importsOf(text)
    .map((spec) => normalize(join(dirname(file), spec)))
    .filter((target) => target.startsWith('test/bench/'));
}

describe('the test tree', () => {
  const files = testFiles();

  it('has each unit and integration test at the path of the source directory it tests, and no helper among them', () => {
    const wrong = files.map((file) => [file, misplaced(file)]).filter(([, why]) => why !== null);
    expect(wrong).toEqual([]);
    expect(files.filter((file) => MIRRORED.test(file)).length).toBeGreaterThan(100);
  });

  it('has no test or helper that imports benchmark code', () => {
    const wrong = files.filter((file) => /\.(ts|mts|mjs|js)$/.test(file)).flatMap((file) => benchImports(file, readFileSync(join(root, file), 'utf8')).map((target) => `${file} → ${target}`));
    expect(wrong).toEqual([]);
  });

  it('would catch a misplaced test, a helper among the tests and an import of benchmark code', () => {
    const dirs = new Set(['', 'electron/services/vault', 'sandbox']);
    const has = (dir: string) => dirs.has(dir);
    expect(misplaced('test/unit/electron/services/vault/vault.test.ts', has)).toBeNull();
    expect(misplaced('test/unit/electron-builder-config.test.ts', has)).toBeNull();
    expect(misplaced('test/integration/sandbox/cli.test.ts', has)).toBeNull();
    expect(misplaced('test/unit/vault/vault.test.ts', has)).toMatch(/mirrors no source directory \(vault\/\)/);
    expect(misplaced('test/integration/reliability/crash.test.ts', has)).toMatch(/mirrors no source directory/);
    expect(misplaced('test/unit/sandbox/helpers.ts', has)).toMatch(/test\/support/);
    expect(misplaced('test/e2e/photos.spec.ts', has)).toBeNull();
    // The real predicate: a folder that exists but is no source (the tests' own) does not count.
    expect(misplaced('test/unit/test/support/x.test.ts')).toMatch(/mirrors no source directory/);
    // Each line is written with SPEC standing for the path, so that this file itself imports nothing of the kind.
    const code = (line: string, spec: string) => line.replace('SPEC', spec);
    expect(benchImports('test/integration/sandbox/x.test.ts', code("import { runFuzz } from 'SPEC';", '../../bench/lib/fuzz-run.js'))).toEqual(['test/bench/lib/fuzz-run.js']);
    expect(benchImports('test/support/x.ts', code("const m = await import('SPEC');", '../bench/run.js'))).toEqual(['test/bench/run.js']);
    expect(benchImports('test/unit/x.test.ts', code("vi.mock('SPEC');", '../bench/lib/report.js'))).toEqual(['test/bench/lib/report.js']);
    expect(benchImports('test/bench/crash.bench.ts', code("import { x } from 'SPEC';", './lib/report.js'))).toEqual([]);
    expect(benchImports('test/unit/x.test.ts', code("import { x } from 'SPEC';", '../support/media.js'))).toEqual([]);
  });
});
