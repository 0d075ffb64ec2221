/**
 * The backend as separate processes (`backend/cli.ts` from its bundle, as the app starts it; cli.test.ts starts it as `npm run backend` does):
 * two processes on one PostgreSQL database receiving the same deliveries at the same time grant
 * nothing twice; a kill -9 in the middle of a burst loses no acknowledged event and applies none
 * twice after the restart (PGlite and PostgreSQL); PGlite refuses a second process on its data dir.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseTargets, type TestDatabase } from '../../support/backend-db.js';
import { startTestSandbox, type Sandbox } from '../../support/sandbox-client.js';
import {
  api, backendConfig, buy, deliver, items, nowSeconds, rawBody, sandboxDeliveries, sandboxOrderAction, setWebhookUrl, signedHeaders, signInThroughBroker, startBackendProcess, stopProcess,
  type OrderView,
} from '../../support/backend-harness.js';
import { allInPool, pool, SETUP_CONCURRENCY } from '../../support/pool.js';

const running: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const child of running.splice(0)) await stopProcess(child, 'SIGKILL');
  for (const step of cleanups.splice(0).reverse()) await step();
});

async function setup(target: 'pglite' | 'postgres'): Promise<{ sandbox: Sandbox; database: TestDatabase }> {
  const sandbox = await startTestSandbox();
  const database = await createTestDatabase(target);
  cleanups.push(() => sandbox.close(), () => database.drop());
  await setWebhookUrl(sandbox, null); // the test plays the platform's webhook sender
  return { sandbox, database };
}

async function start(sandbox: Sandbox, database: TestDatabase) {
  const started = await startBackendProcess({ config: backendConfig(sandbox), dataDir: database.dataDir, databaseUrl: database.databaseUrl, built: true });
  running.push(started.child);
  return started;
}

/** `n` paid gems_100 orders of one account, and the success event the platform sent for each. */
async function paidOrders(sandbox: Sandbox, orderApis: string[], token: string, n: number): Promise<Array<{ order: OrderView; body: string }>> {
  // Bought and paid a few at a time: the deliveries, not the setup, are what these tests are about.
  const orders = await allInPool(Array.from({ length: n }, (_, i) => () => buy(orderApis[i % orderApis.length]!, token, 'gems_100')), SETUP_CONCURRENCY);
  await allInPool(orders.map((order) => () => sandboxOrderAction(sandbox, order.trade_order_id!, 'pay')), SETUP_CONCURRENCY);
  const deliveries = await sandboxDeliveries(sandbox, '?event=minis.trade_order.redeem.success');
  return orders.map((order) => ({ order, body: rawBody(deliveries.find((d) => d.trade_order_id === order.trade_order_id)!) }));
}

const postgres = databaseTargets('sql').find((t) => t.target === 'postgres')!;

describe('several backend processes', () => {
  it.skipIf(postgres.skip)('two processes on one PostgreSQL receiving the same deliveries concurrently grant each order once', async () => {
    const { sandbox, database } = await setup('postgres');
    const [a, b] = await Promise.all([start(sandbox, database), start(sandbox, database)]);
    const token = (await signInThroughBroker(sandbox, a.baseUrl)).access_token;
    const paid = await paidOrders(sandbox, [a.baseUrl, b.baseUrl], token, 60);

    // Every event to both processes, twice each, all at once.
    const now = nowSeconds(sandbox);
    const tasks = paid.flatMap(({ body }) => [a, b, a, b].map((target) => () => deliver(target.webhookUrl, body, signedHeaders(body, now))));
    const results = await pool(tasks, 24);
    expect(results.every((r) => r.status === 'fulfilled' && r.value === 200)).toBe(true);

    expect(await items(a.baseUrl, token)).toEqual({ gem: 100 * 60 });
    expect(await items(b.baseUrl, token)).toEqual({ gem: 100 * 60 });
    for (const { order } of paid) expect((await api<OrderView>(b.baseUrl, `/v1/orders/${order.order_id}`, { token })).body.status).toBe('fulfilled');
  }, 180_000);

  it('PGlite refuses a second process on the same data dir', async () => {
    const { sandbox, database } = await setup('pglite');
    await start(sandbox, database);
    await expect(start(sandbox, database)).rejects.toThrow(/in use by another backend/);
  }, 120_000);
});

describe.each(databaseTargets('sql'))('kill -9 mid-burst on $target', ({ target, skip }) => {
  it.skipIf(skip)('applies every acknowledged event exactly once after the restart', async () => {
    const { sandbox, database } = await setup(target);
    let backend = await start(sandbox, database);
    const token = (await signInThroughBroker(sandbox, backend.baseUrl)).access_token;
    const paid = await paidOrders(sandbox, [backend.baseUrl], token, 150);
    const now = nowSeconds(sandbox);

    const acked = new Set<string>();
    const victim = backend.child;
    const tasks = paid.map(({ order, body }) => async () => {
      const status = await deliver(backend.webhookUrl, body, signedHeaders(body, now));
      if (status === 200) acked.add(order.order_id);
      // Enough acknowledged: the process dies with requests still in flight.
      if (acked.size === 50) victim.kill('SIGKILL');
      return status;
    });
    await pool(tasks, 8);
    await new Promise<void>((resolve) => (victim.exitCode !== null || victim.signalCode !== null ? resolve() : victim.once('exit', () => resolve())));
    expect(victim.signalCode).toBe('SIGKILL');
    expect(acked.size).toBeGreaterThanOrEqual(50);
    expect(acked.size).toBeLessThan(150);

    backend = await start(sandbox, database);
    const statuses = await Promise.all(paid.map(async ({ order }) => [order.order_id, (await api<OrderView>(backend.baseUrl, `/v1/orders/${order.order_id}`, { token })).body.status] as const));
    const fulfilled = statuses.filter(([, status]) => status === 'fulfilled').map(([id]) => id);
    for (const id of acked) expect(fulfilled).toContain(id);
    // Nothing half-applied, nothing twice: exactly one grant per fulfilled order.
    expect(await items(backend.baseUrl, token)).toEqual(fulfilled.length > 0 ? { gem: 100 * fulfilled.length } : {});

    // The platform retries what was not acknowledged (and may resend the rest): all end applied once.
    const again = await pool(paid.map(({ body }) => () => deliver(backend.webhookUrl, body, signedHeaders(body, nowSeconds(sandbox)))), 8);
    expect(again.every((r) => r.status === 'fulfilled' && r.value === 200)).toBe(true);
    expect(await items(backend.baseUrl, token)).toEqual({ gem: 100 * 150 });
  }, 240_000);
});
