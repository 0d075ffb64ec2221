/**
 * The databases the backend tests run against: PGlite always, and a real PostgreSQL server for
 * the SQL-specific suites (DatabaseScope) when DATABASE_URL is set (`.ci/run` installs and starts
 * one). With CI=true a missing DATABASE_URL is a failure, never a skip; on a developer machine
 * without one the PostgreSQL cases are skipped and say so.
 *
 * Each test gets its own database: a fresh PGlite data dir copied from a template initialized and
 * migrated once per machine (PGlite's initdb takes seconds, the migrations half a second of CPU, a
 * copy a fraction of that), or a fresh database created on the server and dropped afterwards
 * (migrated by the backend as it starts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryLogger } from './silent-log.js';

export type DatabaseTarget = 'pglite' | 'postgres';

export interface TestDatabase {
  target: DatabaseTarget;
  /** For PGlite: the backend's data dir. */
  dataDir: string;
  /** For PostgreSQL: the URL of this test's own database. */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/** Why PostgreSQL cases cannot run here, or null when they can. */
export function postgresMissing(): string | null {
  return process.env.DATABASE_URL ? null : 'DATABASE_URL is not set (`.ci/run` starts a PostgreSQL server and sets it)';
}

/**
 * What a suite checks on PostgreSQL. `sql` suites check what depends on the database engine (two
 * processes on one database, concurrent writes to the same rows, prepared statements, values one
 * engine refuses, a restart or a drain mid-write): they run on PGlite and on PostgreSQL in the
 * integration tier. `general` suites check the backend's behaviour through its HTTP API, the same
 * SQL on either engine: they run on PGlite, and on PostgreSQL too only in the long form,
 * `npm run bench -- postgres-matrix` (DRAFTDECK_POSTGRES_MATRIX=all), not in every `npm test`.
 */
export type DatabaseScope = 'sql' | 'general';

/** The targets a suite runs on, and whether to skip one (only outside CI). */
export function databaseTargets(scope: DatabaseScope): Array<{ target: DatabaseTarget; skip: boolean }> {
  if (scope === 'general' && process.env.DRAFTDECK_POSTGRES_MATRIX !== 'all') return [{ target: 'pglite', skip: false }];
  const missing = postgresMissing();
  if (missing && !process.env.CI) console.warn(`backend tests: PostgreSQL cases skipped: ${missing}`);
  return [
    { target: 'pglite', skip: false },
    { target: 'postgres', skip: missing !== null && !process.env.CI },
  ];
}

export async function createTestDatabase(target: DatabaseTarget): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backend-test-'));
  if (target === 'pglite') {
    await copyPgliteDir(await migratedPgliteTemplate(), join(dataDir, 'pglite'));
    return { target, dataDir, databaseUrl: undefined, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const missing = postgresMissing();
  if (missing) throw new Error(`PostgreSQL tests cannot run: ${missing}`);
  const { default: pg } = await import('pg');
  const name = `backend_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    target,
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An initialized, empty PGlite data dir for this PGlite version, made once per machine. */
export async function pgliteTemplate(): Promise<string> {
  const manifest = await readFile(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8');
  const { version } = JSON.parse(manifest) as { version: string };
  const template = join(tmpdir(), `draftdeck-pglite-template-${version}`);
  if (await exists(join(template, 'PG_VERSION'))) return template;
  const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await mkdir(building, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(building);
  await db.close();
  // Several test workers may build it at once: the first rename wins, the others use it.
  await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  return template;
}

/**
 * The template with the backend's migrations applied, by the backend's own openDatabase, made once
 * per machine and set of migrations: the backend's tests and the app's (seed-backend.ts) start
 * from it, which would otherwise run every migration at each of their ~200 starts (a quarter of
 * the backend program's start CPU). Migrating a new database, as a first start does, stays tested:
 * on PGlite by pglite-set-aside.test.ts (a new data dir, then a fresh one after a damaged one) and
 * start-lines.test.ts (the app's first start, through the built program, on the empty template),
 * on PostgreSQL by every case there (a new database on the server).
 */
export async function migratedPgliteTemplate(): Promise<string> {
  const migrations = await readFile(new URL('../../backend/db/migrations.ts', import.meta.url));
  const key = createHash('sha256').update(migrations).digest('hex').slice(0, 16);
  const empty = await pgliteTemplate();
  const template = `${empty}-migrated-${key}`;
  if (await exists(join(template, 'pglite', 'PG_VERSION'))) return join(template, 'pglite');
  const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await mkdir(building, { recursive: true });
  await copyPgliteDir(empty, join(building, 'pglite'));
  const { openDatabase } = await import('../../backend/db/database.js');
  const { log } = memoryLogger();
  const opened = await openDatabase({ dataDir: building, log });
  await opened.close();
  await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  return join(template, 'pglite');
}

/**
 * Copies a PGlite data dir's ~1,000 files, owner-only (folders 0700, files 0600) like everything
 * the backend and the app write: fs.cp, and a chmod walk after it, took 0.85 s of CPU a copy, this
 * a third of that.
 */
export async function copyPgliteDir(from: string, to: string): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  await chmod(to, 0o700);
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      const [source, copy] = [join(from, entry.name), join(to, entry.name)];
      if (entry.isDirectory()) return copyPgliteDir(source, copy);
      await copyFile(source, copy);
      await chmod(copy, 0o600);
    }),
  );
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
