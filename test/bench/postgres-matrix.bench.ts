/**
 * postgres-matrix: the long form of the backend's PostgreSQL matrix. `npm test` runs the backend's
 * SQL-specific suites on PGlite and on PostgreSQL and the others on PGlite only
 * (test/support/backend-db.ts, DatabaseScope); this runs every backend suite, the burst of
 * webhooks included, on both (DRAFTDECK_POSTGRES_MATRIX=all), through vitest as the tiers do.
 *   tests, failed, skipped   how many ran, failed and were skipped (failed and skipped must be 0)
 *   seconds                  the wall time of the run
 * Run: npm run bench -- postgres-matrix   (needs DATABASE_URL, a PostgreSQL server: `.ci/run` starts one)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reporter } from './lib/report.js';

const report = reporter('postgres-matrix');
if (!process.env.DATABASE_URL) throw new Error('postgres-matrix needs DATABASE_URL (a PostgreSQL server; `.ci/run` starts one)');

const root = join(import.meta.dirname, '..', '..');
const out = await mkdtemp(join(tmpdir(), 'postgres-matrix-'));
const started = performance.now();
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    join(root, 'node_modules', '.bin', 'vitest'),
    ['run', '--project', 'integration', '--project', 'stress', '--reporter', 'json', '--outputFile', join(out, 'results.json'), 'test/integration/backend/'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: 'true', DRAFTDECK_POSTGRES_MATRIX: 'all' } },
  );
  child.on('close', (status) => resolve(status ?? 1));
});
const seconds = (performance.now() - started) / 1000;
const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as { numTotalTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
await rm(out, { recursive: true, force: true });
report('tests', results.numTotalTests, 'count');
report('failed', results.numFailedTests, 'count');
report('skipped', results.numPendingTests + results.numTodoTests, 'count');
report('seconds', seconds, 's');
if (code !== 0 || results.numFailedTests > 0 || results.numPendingTests + results.numTodoTests > 0) process.exitCode = 1;
