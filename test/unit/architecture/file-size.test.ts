/**
 * No source file over 400 lines (issue 24): a file that long does several jobs, and is split by
 * them (docs/ARCHITECTURE.md "The publishing engine" shows how the upload engine was). Run on
 * every source file git tracks, and on synthetic files, to prove the rule can fail.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
/** Test data, not code anyone reads as a module: fixture folders. (Lock files are JSON, so never matched.) */
const EXEMPT = /(^|\/)(__)?fixtures(__)?\//;

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(text: string): number {
  if (text === '') return 0;
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.endsWith('\n') ? lines : lines + 1;
}

/** The source files over the limit, longest first, as `path: N lines`. */
function oversized(files: readonly { path: string; text: string }[], max = MAX_LINES): string[] {
  return files
    .filter((file) => SOURCE.test(file.path) && !EXEMPT.test(file.path))
    .map((file) => ({ path: file.path, lines: lineCount(file.text) }))
    .filter((file) => file.lines > max)
    .sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path))
    .map((file) => `${file.path}: ${file.lines} lines`);
}

const root = fileURLToPath(new URL('../../..', import.meta.url));

function trackedFiles(): { path: string; text: string }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0');
  // A tracked file deleted in the working tree (about to be committed as deleted) is not read.
  return paths.filter((path) => SOURCE.test(path) && existsSync(join(root, path))).map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

describe('source file size', () => {
  it(`keeps every tracked source file at ${MAX_LINES} lines or fewer`, () => {
    expect(oversized(trackedFiles())).toEqual([]);
  });

  it('lists the files over the limit, longest first, and only source files outside fixtures', () => {
    const lines = (n: number, end = '\n') => 'x\n'.repeat(n - 1) + `x${end}`;
    expect(oversized([
      { path: 'electron/a.ts', text: lines(401) },
      { path: 'renderer/src/b.tsx', text: lines(400) },
      { path: 'scripts/c.mjs', text: lines(402, '') },
      { path: 'test/e2e/fixtures/big.ts', text: lines(900) },
      { path: 'docs/long.md', text: lines(900) },
      { path: 'sandbox/d.cjs', text: lines(450) },
    ])).toEqual(['sandbox/d.cjs: 450 lines', 'scripts/c.mjs: 402 lines', 'electron/a.ts: 401 lines']);
  });

  it('counts lines as wc -l does, and a last line without a newline', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('\n\n')]).toEqual([0, 1, 1, 2, 2]);
  });
});
