/**
 * The PostgreSQL pool keeps its connections through a lull (backend/db/database.ts
 * IDLE_CONNECTION_MS): node-postgres closes an idle connection after 10 s by default, so every
 * burst of webhooks after a quiet moment opened its connections and prepared its statements again.
 * Still bounded: a connection idle for longer than that is closed. The pool's idle timers are
 * faked; the connections and queries are real.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_CONNECTION_MS, openDatabase, type OpenDatabase } from '../../../../backend/db/database.js';
import { createTestDatabase, databaseTargets, type TestDatabase } from '../../../support/backend-db.js';
import { memoryLogger } from '../../../support/silent-log.js';

const postgres = databaseTargets('sql').find((t) => t.target === 'postgres')!;

describe('the PostgreSQL pool', () => {
  let database: TestDatabase | undefined;
  let open: OpenDatabase | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await open?.close();
    await database?.drop();
  });

  it.skipIf(postgres.skip)('keeps its idle connections through a lull of a minute, and closes them once idle for IDLE_CONNECTION_MS', async () => {
    database = await createTestDatabase('postgres');
    // Only the timers the pool sets when a connection goes idle; sockets and promises stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    open = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, log: memoryLogger().log });
    const { db } = open;
    // Four at once, as concurrent deliveries would: four connections.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(db)));
    const opened = open.poolStats()!.total;
    expect(opened).toBeGreaterThanOrEqual(4);
    expect(open.poolStats()!.idle).toBe(opened);

    vi.advanceTimersByTime(60_000);
    expect(open.poolStats()!.total).toBe(opened);

    vi.advanceTimersByTime(IDLE_CONNECTION_MS);
    expect(open.poolStats()!.total).toBe(0);
    // And it opens them again when asked.
    expect((await sql<{ x: number }>`select 1 as x`.execute(db)).rows).toEqual([{ x: 1 }]);
  });
});
