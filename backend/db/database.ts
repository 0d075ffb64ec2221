/**
 * Opens the backend's PostgreSQL: embedded PGlite in the data dir by default, a PostgreSQL server
 * when a DATABASE_URL is given. Both go through the same Kysely query builder, schema and
 * migrations; nothing above this file knows which one it has. Migrations run before the database
 * is handed out.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, type Dialect } from 'kysely';
import type { Logger } from '../../common/log.js';
import { migrationProvider } from './migrations.js';
import type { Database } from './schema.js';
import { lockDataDir } from './data-dir-lock.js';
import { openPglite, type SetAsideDir } from './pglite-dir.js';
import { preparingPool } from './prepared-statements.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabaseOptions {
  /** Where PGlite keeps its files (`<dataDir>/pglite`); unused with a databaseUrl. */
  dataDir: string;
  /** postgres://… of a PostgreSQL server; without it, PGlite. */
  databaseUrl?: string;
  log: Logger;
  /** Connections per process to a PostgreSQL server (default 10). */
  poolSize?: number;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** PGlite's folder, found damaged at start and moved aside (a fresh database was made), or null. */
  setAside: SetAsideDir | null;
  /** The PostgreSQL pool's connections (for the metrics); null on PGlite. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The database could not write for want of disk space: SQLSTATE 53100 (disk_full), which both
 * PostgreSQL and PGlite raise ("could not extend file …: No space left on device"), or ENOSPC.
 */
export function isDiskFullError(err: unknown): boolean {
  for (let current = err, depth = 0; current && typeof current === 'object' && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '53100' || code === 'ENOSPC') return true;
  }
  return false;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  const { dialect, kind, release, setAside = null, poolStats = () => null } = options.databaseUrl ? await postgresDialect(options.databaseUrl, options.poolSize ?? 10) : await pgliteDialect(options.dataDir, options.log);
  const db = new Kysely<Database>({ dialect });
  try {
    await migrate(db, options.log);
  } catch (err) {
    await db.destroy().catch(() => undefined);
    await release();
    throw err;
  }
  return {
    db,
    kind,
    setAside,
    poolStats,
    close: async () => {
      await db.destroy();
      await release();
    },
  };
}

async function migrate(db: Kysely<Database>, log: Logger): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') log.info({ migration: result.migrationName }, 'migration applied');
    else if (result.status === 'Error') log.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) throw new Error(`database migration failed: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * How long a pooled PostgreSQL connection may sit idle before it is closed: 10 minutes, not
 * node-postgres' 10 seconds. Closing after 10 s made the first deliveries after any lull open new
 * connections and prepare the webhook's statements again on each (new server processes with cold
 * caches), so a burst after a quiet quarter-minute paid that on its slowest answers. The pool stays
 * bounded by its size; an idle connection the server ends meanwhile is dropped and replaced.
 */
export const IDLE_CONNECTION_MS = 10 * 60_000;

async function postgresDialect(databaseUrl: string, poolSize: number): Promise<{ dialect: Dialect; kind: DatabaseKind; release: () => Promise<void>; setAside?: null; poolStats: () => PoolStats }> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, idleTimeoutMillis: IDLE_CONNECTION_MS });
  // An idle client's error (the server restarting) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { dialect: new PostgresDialect({ pool: preparingPool(pool) }), kind: 'postgres', release: () => Promise.resolve(), poolStats };
}

async function pgliteDialect(dataDir: string, log: Logger): Promise<{ dialect: Dialect; kind: DatabaseKind; release: () => Promise<void>; setAside: SetAsideDir | null; poolStats?: undefined }> {
  const dir = join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  // PGlite is one process's database: a second backend on the same data dir would corrupt it.
  const unlock = await lockDataDir(dataDir);
  try {
    const { PGliteDialect } = await import('kysely-pglite-dialect');
    const { pglite, setAside } = await openPglite(dir, log);
    return { dialect: new PGliteDialect(pglite), kind: 'pglite', release: unlock, setAside };
  } catch (err) {
    await unlock();
    throw err;
  }
}
