/**
 * The unit project runs its files without isolation (vitest.config.ts, `isolate: false`): one
 * module cache per worker, and vitest resets neither that cache nor the module mocks between
 * files. A file that mocks a module (vi.mock, vi.doMock) would hand its mock, and every module it
 * loaded through it, to whichever file the worker runs next, so the next file's result would
 * depend on the order files happen to run in. Such files belong in UNIT_ISOLATED (test/tiers.ts),
 * or in INTEGRATION_IN_UNIT when they start programs. The integration project shares its workers'
 * module caches the same way, and its mocking files are in INTEGRATION_ISOLATED.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';
import { INTEGRATION_IN_UNIT, INTEGRATION_ISOLATED, UNIT_ISOLATED } from '../../tiers.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/;
/** The integration tier's forks run file after file in one process, so a stubbed environment or global would stay too. */
const CHANGES_THE_PROCESS = /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/;

/** Test files that mock a module (or, with `pattern`, change the process so) but run in a shared, unisolated project. */
export function unisolatedMocks(files: Array<{ path: string; text: string }>, isolated: readonly string[], pattern = MOCKS_A_MODULE): string[] {
  return files.filter(({ path, text }) => pattern.test(text) && !isolated.some((glob) => minimatch(path, glob))).map(({ path }) => path);
}

/** The test files under `folder`, with their text (the architecture tests, which name mocks in strings, left out). */
function testFiles(folder: string): Array<{ path: string; text: string }> {
  const paths = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', folder], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => path.endsWith('.test.ts') && !path.startsWith('test/unit/architecture/'));
  return paths.map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

describe('unit files that mock a module run isolated', () => {
  it('every one is listed in UNIT_ISOLATED or INTEGRATION_IN_UNIT', () => {
    expect(unisolatedMocks(testFiles('test/unit'), [...UNIT_ISOLATED, ...INTEGRATION_IN_UNIT])).toEqual([]);
  });

  it('every integration file that does, or stubs the environment or a global, is listed in INTEGRATION_ISOLATED', () => {
    const integration = [...testFiles('test/integration'), ...testFiles('test/unit').filter(({ path }) => INTEGRATION_IN_UNIT.some((glob) => minimatch(path, glob)))];
    expect(unisolatedMocks(integration, INTEGRATION_ISOLATED, CHANGES_THE_PROCESS)).toEqual([]);
  });

  it('finds a module mock outside the lists, by name or through a glob', () => {
    const files = [
      { path: 'test/unit/a/mocks.test.ts', text: "vi.mock('../x.js', () => ({}));" },
      { path: 'test/unit/b/late.test.ts', text: "vi.doMock('../y.js');" },
      { path: 'test/unit/c/listed.test.ts', text: "vi.mock('../x.js');" },
      { path: 'test/unit/d/e/globbed.test.ts', text: "vi.mock('../x.js');" },
      { path: 'test/unit/f/plain.test.ts', text: 'expect(vi.fn()).not.toHaveBeenCalled();' },
    ];
    expect(unisolatedMocks(files, ['test/unit/c/listed.test.ts', 'test/unit/d/**/*.test.ts'])).toEqual(['test/unit/a/mocks.test.ts', 'test/unit/b/late.test.ts']);
  });
});
