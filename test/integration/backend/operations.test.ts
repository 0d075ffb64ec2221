/**
 * The backend as operators run it (issue 31): /healthz and /readyz for a load balancer, Prometheus
 * metrics only on their own port and never with a secret, a token or an open_id in them, and a
 * graceful drain on SIGTERM during 200 concurrent deliveries from the platform's own webhook
 * sender: every acknowledged event applied, every other one retried by the platform and applied
 * once by the next process.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../backend/db/database.js';
import { healthRoutes } from '../../../backend/http/health.js';
import { startBackend } from '../../../backend/index.js';
import { createTestDatabase, databaseTargets, type TestDatabase } from '../../support/backend-db.js';
import { memoryLogger } from '../../support/silent-log.js';
import { waitFor } from '../../support/wait-for.js';
import { advanceClock, extras, startTestSandbox } from '../../support/sandbox-client.js';
import {
  api, backendConfig, buy, CLIENT_SECRET, deliver, items, nowSeconds, rawBody, sandboxDeliveries, sandboxOrderAction, setWebhookUrl, signedHeaders, signInThroughBroker, startBackendProcess,
  startStack, stopProcess, type OrderView, type Stack,
} from '../../support/backend-harness.js';
import { allInPool, SETUP_CONCURRENCY } from '../../support/pool.js';

type Attempt = { url: string; status: number | null; error: string | null };

/** The trade orders whose success event the process with this pid applied (its ledger rows). */
async function appliedBy(database: TestDatabase, pid: number): Promise<string[]> {
  const { db, close } = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, log: memoryLogger().log });
  try {
    const rows = await db.selectFrom('webhook_ledger').select('trade_order_id').where('handled_by', 'like', `%:${pid}:%`).where('outcome', '=', 'fulfilled').execute();
    return rows.map((row) => row.trade_order_id!);
  } finally {
    await close();
  }
}

const running: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const child of running.splice(0)) await stopProcess(child, 'SIGKILL');
  for (const step of cleanups.splice(0).reverse()) await step();
});

describe.each(databaseTargets('general'))('health, readiness and metrics on $target', ({ target, skip }) => {
  it.skipIf(skip)('answers /healthz and /readyz, and serves metrics only on the metrics port, with no secret, token or open_id', async () => {
    const stack: Stack = await startStack(target, { metrics: { port: 0 } });
    cleanups.push(() => stack.close());
    const base = stack.backend.baseUrl;
    expect(await api(base, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await api(base, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
    expect((await api(base, '/metrics')).status).toBe(404);

    const tokens = await signInThroughBroker(stack.sandbox, base);
    const order = await buy(base, tokens.access_token, 'gems_100');
    await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'pay');
    await waitFor('the payment applied', async () => ((await items(base, tokens.access_token)).gem === 100 ? true : undefined));
    expect((await api<OrderView>(base, `/v1/orders/${order.order_id}`, { token: tokens.access_token })).body.status).toBe('fulfilled');

    const metricsUrl = stack.backend.metricsUrl!;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metricsUrl).port).not.toBe(new URL(base).port);
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('backend_http_requests_total{route="/v1/orders/:order_id",method="GET",status="200"} 1');
    expect(text).toContain('backend_http_request_duration_seconds_bucket{le="0.005",route="/v1/orders",method="POST",status="201"}');
    expect(text).toMatch(/backend_webhook_deliveries_total\{outcome="fulfilled"\} 1/);
    expect(text).toContain('backend_nodejs_eventloop_lag_seconds');
    if (target === 'postgres') expect(text).toMatch(/backend_db_pool_connections\{state="open"\} [1-9]/);
    for (const secret of [tokens.access_token, tokens.refresh_token, tokens.open_id, CLIENT_SECRET, order.order_id, order.trade_order_id!]) expect(text).not.toContain(secret);
    expect((await fetch(metricsUrl.replace('/metrics', '/healthz'))).status).toBe(404);
  });

  it.skipIf(skip)('serves no metrics when the config names no metrics port', async () => {
    const stack: Stack = await startStack(target);
    cleanups.push(() => stack.close());
    expect(stack.backend.metricsUrl).toBeNull();
  });

  it.skipIf(skip)('says not ready while draining', async () => {
    const database = await createTestDatabase(target);
    const { db, close } = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, log: memoryLogger().log });
    cleanups.push(() => database.drop(), close);
    const readyz = healthRoutes(db, () => true).find((route) => route.path === '/readyz')!;
    const reply = await readyz.handler({} as never);
    expect(reply).toMatchObject({ status: 503, body: JSON.stringify({ status: 'draining' }) });
  });
});

const postgres = databaseTargets('sql').find((t) => t.target === 'postgres')!;

describe('readiness follows the database', () => {
  it.skipIf(postgres.skip)('answers 503 while PostgreSQL refuses connections, and 200 again after', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.drop());
    const sandbox = await startTestSandbox();
    cleanups.push(() => sandbox.close());
    const backend = await startBackend({ config: backendConfig(sandbox), databaseUrl: database.databaseUrl, logger: memoryLogger().log });
    cleanups.push(() => backend.close());
    expect((await api(backend.baseUrl, '/readyz')).status).toBe(200);
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = new URL(database.databaseUrl!).pathname.slice(1);
    try {
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      expect(await api(backend.baseUrl, '/readyz')).toEqual({ status: 503, body: { status: 'database_unavailable' } });
      expect((await api(backend.baseUrl, '/healthz')).status).toBe(200);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    await waitFor('ready again', async () => ((await api(backend.baseUrl, '/readyz')).status === 200 ? true : undefined), 10_000);
  });
});

describe.each(databaseTargets('sql'))('SIGTERM during 200 concurrent deliveries on $target', ({ target, skip }) => {
  it.skipIf(skip)('answers what is in flight, exits 0, and the platform retries the rest onto the next process: each applied once', async () => {
    const sandbox = await startTestSandbox();
    const database = await createTestDatabase(target);
    cleanups.push(() => sandbox.close(), () => database.drop());
    const config = backendConfig(sandbox, { drain_timeout_ms: 20_000 });
    // The platform waits for an answer as long as the drain may take: with its 5 s default, a
    // delivery answered late on a busy machine counts as unanswered though the first process
    // applied it (it is retried and applied once, as the end checks), and the check below that
    // the first process answered all it applied would fail for the platform's impatience.
    expect((await extras(sandbox, '/sandbox/webhooks/settings', 'PUT', { timeout_ms: 20_000 })).status).toBe(200);
    const first = await startBackendProcess({ config, dataDir: database.dataDir, databaseUrl: database.databaseUrl, built: true });
    running.push(first.child);
    const token = (await signInThroughBroker(sandbox, first.baseUrl)).access_token;
    const orders = await allInPool(Array.from({ length: 200 }, () => () => buy(first.baseUrl, token, 'gems_100')), SETUP_CONCURRENCY);

    // Paid while the webhook URL refuses connections: every delivery fails once and waits for its retry.
    await setWebhookUrl(sandbox, 'http://127.0.0.1:9/webhook');
    await allInPool(orders.map((order) => () => sandboxOrderAction(sandbox, order.trade_order_id!, 'pay')), SETUP_CONCURRENCY);
    await waitFor('every first attempt failed', async () => ((await sandboxDeliveries(sandbox)).filter((d) => d.attempts.length === 1).length === 200 ? true : undefined));
    // Then all 200 retries fall due at once, to the first process.
    await setWebhookUrl(sandbox, first.webhookUrl);
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    await advanceClock(sandbox, 11);
    await waitFor('some deliveries acknowledged', async () => ((await sandboxDeliveries(sandbox)).some((d) => d.state === 'delivered') ? true : undefined), 60_000);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const afterFirst = await sandboxDeliveries(sandbox);
    const attemptsOnFirst = afterFirst.flatMap((d) => (d.attempts as Attempt[]).filter((a) => a.url === first.webhookUrl));
    const ackedByFirst = afterFirst.filter((d) => (d.attempts as Attempt[]).some((a) => a.url === first.webhookUrl && a.status === 200));
    expect(ackedByFirst.length).toBeGreaterThan(0);
    // Nothing the first process took in was cut off: every delivery it applied was answered 200.
    // (The others were answered 503 once it drained, or never accepted: refused, or reset while
    // still waiting in the kernel's accept queue when the listening socket closed.)
    for (const attempt of attemptsOnFirst) if (attempt.status !== null) expect([200, 503]).toContain(attempt.status);
    const appliedByFirst = await appliedBy(database, first.child.pid!);
    expect(appliedByFirst.length).toBeGreaterThan(0);
    for (const tradeOrderId of appliedByFirst) {
      const attempts = afterFirst.find((d) => d.trade_order_id === tradeOrderId)?.attempts;
      expect(ackedByFirst.map((d) => d.trade_order_id), `applied by the first process, its attempts: ${JSON.stringify(attempts)}`).toContain(tradeOrderId);
    }

    const second = await startBackendProcess({ config, dataDir: database.dataDir, databaseUrl: database.databaseUrl, built: true });
    running.push(second.child);
    // Every delivery the first process acknowledged is applied already, before any retry.
    for (const delivery of ackedByFirst) {
      const order = orders.find((o) => o.trade_order_id === delivery.trade_order_id)!;
      expect((await api<OrderView>(second.baseUrl, `/v1/orders/${order.order_id}`, { token })).body.status).toBe('fulfilled');
    }
    await setWebhookUrl(sandbox, second.webhookUrl);
    await waitFor('every delivery delivered', async () => {
      const pending = (await sandboxDeliveries(sandbox)).filter((d) => d.state !== 'delivered');
      if (pending.length === 0) return true;
      await advanceClock(sandbox, 60);
      return undefined;
    }, 120_000);
    expect(await items(second.baseUrl, token)).toEqual({ gem: 100 * 200 });
    for (const order of orders) expect((await api<OrderView>(second.baseUrl, `/v1/orders/${order.order_id}`, { token })).body.status).toBe('fulfilled');
    // The ones the first process did not acknowledge were sent again: more than 200 attempts answered in all is fine, 200 grants exactly.
    const final = await sandboxDeliveries(sandbox);
    expect(final.filter((d) => d.state === 'delivered')).toHaveLength(200);
    const now = nowSeconds(sandbox);
    // And a late duplicate of any of them changes nothing.
    const sample = rawBody(final[0]!);
    expect(await deliver(second.webhookUrl, sample, signedHeaders(sample, now))).toBe(200);
    expect(await items(second.baseUrl, token)).toEqual({ gem: 100 * 200 });
  }, 300_000);
});
