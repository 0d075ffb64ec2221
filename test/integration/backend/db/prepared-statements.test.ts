/**
 * The webhook's statements are prepared once per connection on PostgreSQL (backend/db/prepared-statements.ts):
 * after deliveries on one connection its session holds them by name, an unmarked statement is not
 * prepared, and a column added to orders meanwhile (another process's migration, a rolling
 * deploy) does not break the prepared ones. On PGlite the mark is a comment and the same events apply.
 */
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../../backend/db/database.js';
import { preparedStatement } from '../../../../backend/db/prepared-statements.js';
import type { Database } from '../../../../backend/db/schema.js';
import { insertOrReuseOrder, setTradeOrderId } from '../../../../backend/orders/orders-store.js';
import { SANDBOX_CATALOG, parseBackendConfig } from '../../../../backend/config.js';
import { applyPaymentEvent } from '../../../../backend/webhooks/apply-event.js';
import { PAYMENT_SUCCESS, type PaymentEvent } from '../../../../backend/webhooks/payment-event.js';
import { createTestDatabase, databaseTargets, type TestDatabase } from '../../../support/backend-db.js';
import { memoryLogger } from '../../../support/silent-log.js';

const gems = parseBackendConfig({ platform: { base_url: 'http://127.0.0.1:9', client_key: 'k', client_secret: 's' }, catalog: SANDBOX_CATALOG, redirect_uris: ['http://127.0.0.1:*/callback/'] }).catalog.find((p) => p.id === 'gems_100')!;

async function paidOrder(db: Kysely<Database>, n: number): Promise<PaymentEvent> {
  const orderId = `ord_prepared_${n}`;
  const tradeOrderId = `7000${n}`;
  await insertOrReuseOrder(db, { orderId, openId: 'prepared-user', idempotencyKey: orderId, product: gems, now: Date.now() });
  await setTradeOrderId(db, orderId, tradeOrderId, Date.now());
  return { clientKey: 'k', event: PAYMENT_SUCCESS, createTime: 0, tradeOrderId, orderId, refundAmount: null };
}

const deliver = (db: Kysely<Database>, event: PaymentEvent) =>
  applyPaymentEvent(db, event, `${PAYMENT_SUCCESS}:${event.tradeOrderId}`, { receivedAt: new Date(), bodySha256: 'ab'.repeat(32), handledBy: 'test' });

describe.each(databaseTargets('sql'))('the webhook statements on $target', ({ target, skip }) => {
  let database: TestDatabase | undefined;
  let open: OpenDatabase | undefined;
  afterEach(async () => {
    await open?.close();
    await database?.drop();
  });

  it.skipIf(skip)('are prepared once per connection by name, survive a column added meanwhile, and leave unmarked statements unprepared', async () => {
    database = await createTestDatabase(target);
    open = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, log: memoryLogger().log });
    const { db } = open;
    const session = (conn: Kysely<Database>) => sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn).then(({ rows }) => rows[0]!.pid);
    let first = 0;
    await db.connection().execute(async (conn) => {
      expect(await deliver(conn, await paidOrder(conn, 1))).toEqual({ outcome: 'fulfilled', detail: '{"gem": 100}' });
      // A duplicate takes the read-and-decide path.
      expect(await deliver(conn, await paidOrder(conn, 1))).toEqual({ outcome: 'duplicate', detail: null });
      if (target === 'postgres') {
        const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(conn);
        expect(rows.map((row) => row.name)).toEqual(['webhook_fulfil_untouched', 'webhook_read_for_event']);
        first = await session(conn);
      }
    });
    // Another process's migration, while this one's connections hold the prepared statements.
    await sql`alter table orders add column prepared_test_extra text`.execute(db);
    await db.connection().execute(async (conn) => {
      // The same session, so the statements prepared before the column was added.
      if (target === 'postgres') expect(await session(conn)).toBe(first);
      for (let n = 2; n < 10; n++) expect((await deliver(conn, await paidOrder(conn, n))).outcome).toBe('fulfilled');
    });
    const fulfilled = await db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('fulfilled_at', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(fulfilled.n)).toBe(9);
  });
});

describe.each(databaseTargets('sql'))('a statement compiled once on $target', ({ target, skip }) => {
  let database: TestDatabase | undefined;
  let open: OpenDatabase | undefined;
  afterEach(async () => {
    await open?.close();
    await database?.drop();
  });

  it.skipIf(skip)('lines each run\'s values up by name, a value used twice included, and refuses a value computed in its template', async () => {
    database = await createTestDatabase(target);
    open = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, log: memoryLogger().log });
    const { db } = open;
    const pair = preparedStatement<{ a: string; b: number | null }, { a: string; b: number | null; again: string }>(
      'prepared_test_pair',
      (v) => sql`select ${v.a}::text as a, ${v.b}::integer as b, ${v.a}::text || '!' as again`,
    );
    expect(await pair.run(db, { a: 'one', b: 1 })).toEqual([{ a: 'one', b: 1, again: 'one!' }]);
    // The text was compiled on the first run; these values must not be the first run's.
    expect(await pair.run(db, { a: 'two', b: null })).toEqual([{ a: 'two', b: null, again: 'two!' }]);
    // A value the template computes would be fixed at the first run: refused, not run.
    const computed = preparedStatement<{ a: string }, { a: string }>('prepared_test_computed', (v) => sql`select ${`${v.a}`.toUpperCase()}::text as a`);
    await expect(computed.run(db, { a: 'x' })).rejects.toThrow(/prepared_test_computed: parameter 1 is not one of its values/);
  });
});

const postgres = databaseTargets('sql').find((t) => t.target === 'postgres')!;

describe('a prepared statement name on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  let open: OpenDatabase | undefined;
  afterEach(async () => {
    await open?.close();
    await database?.drop();
  });

  // node-postgres refuses another text under a known name only on the connection that already has
  // it, so a marked statement whose text varied (a fragment chosen by a value) would fail now and
  // then in production and never on PGlite. The pool refuses it on any connection, the first time.
  it.skipIf(postgres.skip)('stands for one text: another text under it is refused on every connection, not only on the one that prepared the first', async () => {
    database = await createTestDatabase('postgres');
    open = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, log: memoryLogger().log });
    const { db } = open;
    const probe = preparedStatement<Record<string, never>, { x: number }>('prepared_test_probe', () => sql`select 1 as x`);
    const other = preparedStatement<Record<string, never>, { x: number }>('prepared_test_probe', () => sql`select 2 as x`);
    const pid = (conn: Kysely<Database>) => sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn).then(({ rows }) => rows[0]!.pid);
    await db.connection().execute(async (first) => {
      expect(await probe.run(first, {})).toEqual([{ x: 1 }]);
      await db.connection().execute(async (second) => {
        expect(await pid(second)).not.toBe(await pid(first));
        await expect(other.run(second, {})).rejects.toThrow(/prepared_test_probe.*another text/);
      });
      await expect(other.run(first, {})).rejects.toThrow(/prepared_test_probe.*another text/);
      // The first text still runs under its name.
      expect(await probe.run(first, {})).toEqual([{ x: 1 }]);
    });
  });

  it.skipIf(postgres.skip)('is on a connection whose end by the server, while it is checked out, fails its next query and does not crash the process', async () => {
    database = await createTestDatabase('postgres');
    open = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, log: memoryLogger().log });
    const { db } = open;
    await db.connection().execute(async (conn) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
      const pid = rows[0]!.pid;
      // Another connection ends this one (an administrator, a failover) while it sits checked out.
      await sql`select pg_terminate_backend(${pid})`.execute(db);
      await expect(sql`select 1`.execute(conn)).rejects.toThrow();
    });
    expect((await sql<{ x: number }>`select 1 as x`.execute(db)).rows).toEqual([{ x: 1 }]);
  });
});
