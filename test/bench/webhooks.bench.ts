/**
 * webhooks: signed payment webhooks verified and fulfilled per second by the partner backend, on
 * PGlite and on PostgreSQL, beside a bare node:http server on the same machine that reads the body
 * and answers 200 (the most any receiver could do). Each backend runs as its own process, as
 * `npm run backend` starts it (so its memory is its own), on orders seeded in its database; the
 * load is the same for all three: EVENTS distinct payment-success deliveries, signed beforehand,
 * sent CONCURRENCY at a time over keep-alive connections. Each server process first gets WARMUP
 * deliveries of its own, unmeasured (each of the two processes on one database its own WARMUP too),
 * since an operator's process runs warm and a fresh one is far from it: a backend's CPU per delivery
 * fell over its first 3,000 deliveries (runs of 1,000 from a fresh process: 0.84, 0.67, 0.33, 0.25
 * ms, then 0.21–0.25 ms), as V8 optimizes the code the deliveries run. With 500 deliveries of
 * warm-up shared by both, the two-process figure measured each process at its 250th–1,750th
 * delivery, colder than the one process, and came out lower than one process's (1,041–1,176/s
 * against 1,545–1,990/s): a measure of warm-up, not of two processes. Runs alternate backend and
 * baseline: pglite, bare, postgres, bare, … RUNS times; figures are medians.
 *
 * Figures: pglite_per_s, postgres_per_s, postgres_2proc_per_s (two backend processes on one
 * PostgreSQL database, the deliveries spread over both), bare_per_s (deliveries answered 200 per
 * second, wall clock), pglite_ratio and postgres_ratio (each / bare), the p95 latency of one
 * delivery for each, and peak RSS of each server process. After the runs every seeded order must
 * be fulfilled exactly once (items owned = orders × grant, one processed event and one `fulfilled`
 * ledger row per order), else the run fails.
 *
 * CPU: on one machine the bench's client, the server process(es) and the PostgreSQL server share the
 * cores, so throughput is bounded by their CPU per delivery added up. Each run measures it:
 * <name>_cpu_server_ms (the backend or bare processes, user + system from /proc, all threads),
 * <name>_cpu_postgres_ms (the PostgreSQL server's processes for that database, its connections
 * and the shared WAL writer, checkpointer and the like; only when the server runs on this
 * machine), <name>_cpu_client_ms (this process sending; signing is done before) — each in CPU
 * milliseconds per delivery — and <name>_cpu_ceiling_per_s = cores × 1000 / their sum: the most
 * these cores could deliver at that cost even if nothing ever waited. A target above its ceiling
 * cannot be met on this machine whatever the latency. On a shared machine CPU per delivery moves
 * far less than the rates (it grows some with contention, never with other processes' work): compare it first.
 * On the 2-core machine this was written on, warm, per delivery: one backend process 0.22–0.26 ms,
 * two 0.31–0.36 ms together (each at half the load wakes for fewer deliveries at a time), PostgreSQL
 * 0.19–0.24 ms, client 0.09–0.12 ms; a ceiling of 3,500–3,700/s for one process and 2,800–3,100/s
 * for two, since both share the same cores (backend/README.md "Webhooks").
 *
 * Orders: orders_per_s and orders_p95_ms, `POST /v1/orders` (each with its own Idempotency-Key)
 * through a backend process on PostgreSQL against a sandbox in its own process, beside
 * sandbox_op8_per_s, op 8 sent straight to that sandbox, alternating (lib/orders-load.ts).
 *
 * Profile the backend: BACKEND_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" (test/support/backend-process.ts);
 * its samples are wall-clock, so a write that wakes another process also counts the time it preempts this one.
 *
 * Run: npm run bench -- webhooks   (needs DATABASE_URL, a PostgreSQL server: `.ci/run` starts one)
 * Env: WEBHOOK_BENCH_EVENTS (default 1000), WEBHOOK_BENCH_RUNS (3), WEBHOOK_BENCH_CONCURRENCY (16),
 * WEBHOOK_BENCH_WARMUP (5000 per server process), WEBHOOK_BENCH_ORDERS (500 per run).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, request } from 'node:http';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../backend/db/database.js';
import type { Database } from '../../backend/db/schema.js';
import { accountItems, insertOrReuseOrder, setTradeOrderId } from '../../backend/orders/orders-store.js';
import { SANDBOX_CATALOG, parseBackendConfig } from '../../backend/config.js';
import { createLogger } from '../../common/log.js';
import { SIGNATURE_HEADER, signatureHeaderValue } from '../../sandbox/webhooks/signature.js';
import { createTestDatabase, postgresMissing, type TestDatabase } from '../support/backend-db.js';
import { startBackendProcess, stopProcess } from '../support/backend-process.js';
import { backendOrders, sandboxOp8, signInThroughBroker } from './lib/orders-load.js';
import { peakRssMb, percentile, reporter } from './lib/report.js';
import { CLIENT_KEY as SANDBOX_CLIENT_KEY, CLIENT_SECRET as SANDBOX_CLIENT_SECRET, startSandboxChild } from '../support/sandbox-session.js';

const report = reporter('webhooks');
const EVENTS = Number(process.env.WEBHOOK_BENCH_EVENTS ?? 1000);
const RUNS = Number(process.env.WEBHOOK_BENCH_RUNS ?? 3);
const WARMUP = Number(process.env.WEBHOOK_BENCH_WARMUP ?? 5000);
const CONCURRENCY = Number(process.env.WEBHOOK_BENCH_CONCURRENCY ?? 16);
const ORDERS = Number(process.env.WEBHOOK_BENCH_ORDERS ?? 500);
const CLIENT_KEY = 'bench_client';
const SECRET = 'bench_webhook_secret';
const OPEN_ID = 'bench-user';
const log = createLogger({ name: 'bench', level: 'warn' });

const config = parseBackendConfig({
  // Webhooks never call the platform: any address will do.
  platform: { base_url: 'http://127.0.0.1:9', client_key: CLIENT_KEY, client_secret: SECRET },
  catalog: SANDBOX_CATALOG,
  redirect_uris: ['http://127.0.0.1:*/callback/'],
});
const gems = config.catalog.find((p) => p.id === 'gems_100')!;

interface Delivery { body: string; orderId: string }
interface RunResult { perSecond: number; p95Ms: number }
/** CPU milliseconds per delivery of the server processes, the PostgreSQL server (null when it is not on this machine) and this bench's client. */
interface CpuSplit { server: number; postgres: number | null; client: number }

/**
 * For each of `counts`, that many orders of gems_100, each with a trade order, and the success event
 * the platform would send for it. Written by the store's own functions in one transaction (tens of
 * thousands of orders: one commit, not three per order).
 */
async function seed(database: TestDatabase, counts: number[]): Promise<Delivery[][]> {
  const { db: opened, close } = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, log });
  try {
    return await opened.transaction().execute((db) => seedOrders(db, counts));
  } finally {
    await close();
  }
}

async function seedOrders(db: Kysely<Database>, counts: number[]): Promise<Delivery[][]> {
  const runs: Delivery[][] = [];
  for (const [r, count] of counts.entries()) {
    const run: Delivery[] = [];
    for (let i = 0; i < count; i++) {
      const orderId = `ord_bench_${r}_${i}_${randomBytes(4).toString('hex')}`;
      const tradeOrderId = `${Date.now()}${r}${String(i).padStart(6, '0')}`;
      await insertOrReuseOrder(db, { orderId, openId: OPEN_ID, idempotencyKey: orderId, product: gems, now: Date.now() });
      await setTradeOrderId(db, orderId, tradeOrderId, Date.now());
      const content = JSON.stringify({ trade_order_id: tradeOrderId, order_id: orderId, is_sandbox: true });
      run.push({ orderId, body: JSON.stringify({ client_key: CLIENT_KEY, event: 'minis.trade_order.redeem.success', create_time: Math.floor(Date.now() / 1000), user_openid: '', content }) });
    }
    runs.push(run);
  }
  return runs;
}

/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system, all threads) a process has used so far; null when it is not on this machine (or not Linux). */
async function cpuSeconds(pid: number, command?: string): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    if (command !== undefined && !stat.includes(`(${command})`)) return null;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * The PostgreSQL server's processes working for this database: its connections and the shared
 * ones (WAL writer, checkpointer, background writer, …), with their CPU seconds so far; empty when
 * the server is on another machine.
 */
async function postgresCpu(databaseUrl: string): Promise<Map<number, number>> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(`select pid from pg_stat_activity where pid <> pg_backend_pid() and (datname = current_database() or backend_type <> 'client backend')`);
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const seconds = await cpuSeconds(pid, 'postgres');
      if (seconds !== null) cpu.set(pid, seconds);
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/** Runs `work` and splits the CPU it cost, per delivery, between the servers, the PostgreSQL server and this process (the client). */
async function measureCpu(serverPids: number[], databaseUrl: string | undefined, deliveries: number, work: () => Promise<RunResult>): Promise<RunResult & { cpu: CpuSplit }> {
  const sumServers = async () => (await Promise.all(serverPids.map((pid) => cpuSeconds(pid)))).reduce<number>((sum, s) => sum + (s ?? 0), 0);
  const pgBefore = databaseUrl ? await postgresCpu(databaseUrl) : new Map<number, number>();
  const serversBefore = await sumServers();
  const clientBefore = process.cpuUsage();
  const result = await work();
  const client = process.cpuUsage(clientBefore);
  const servers = (await sumServers()) - serversBefore;
  const pgAfter = databaseUrl ? await postgresCpu(databaseUrl) : new Map<number, number>();
  // A connection opened during the run counts from zero.
  const postgres = [...pgAfter].reduce((sum, [pid, seconds]) => sum + seconds - (pgBefore.get(pid) ?? 0), 0);
  const perDelivery = (seconds: number) => (seconds * 1000) / deliveries;
  return { ...result, cpu: { server: perDelivery(servers), postgres: databaseUrl && pgAfter.size > 0 ? perDelivery(postgres) : null, client: perDelivery((client.user + client.system) / 1e6) } };
}

interface Signed { body: string; signature: string }

/** Signed as the platform would, before the clock starts (signing is the platform's CPU, not the receiver's). */
function sign(deliveries: Delivery[]): Signed[] {
  const t = Math.floor(Date.now() / 1000);
  return deliveries.map((d) => ({ body: d.body, signature: signatureHeaderValue(SECRET, t, d.body) }));
}

/** Sends every delivery, CONCURRENCY at a time on keep-alive connections (spread over `urls`); every answer must be 200. */
async function blast(urls: string[], signed: Signed[]): Promise<RunResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        const url = urls[worker % urls.length]!;
        while (next < signed.length) {
          const item = signed[next++]!;
          const sent = performance.now();
          const status = await post(url, item.body, item.signature, agent);
          latencies.push(performance.now() - sent);
          if (status !== 200) throw new Error(`${url} answered ${status}`);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: signed.length / seconds, p95Ms: percentile(latencies, 95) };
}

function post(url: string, body: string, signature: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), [SIGNATURE_HEADER]: signature } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The baseline: a node:http server in its own process that reads each body and answers 200. */
async function startBare(): Promise<{ child: ChildProcess; url: string }> {
  const source = `
    const http = require('node:http');
    const server = http.createServer((req, res) => { req.on('data', () => {}); req.on('end', () => { res.writeHead(200, { 'Content-Type': 'application/json' }); res.end('{"received":true}'); }); });
    server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port + '/v1/webhooks/payments' })));
    process.on('SIGTERM', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { child, url: (JSON.parse(line) as { url: string }).url };
}

async function fulfilledOnce(database: TestDatabase, expectedOrders: number): Promise<void> {
  const { db, close } = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, log });
  try {
    const fulfilled = await db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('fulfilled_at', 'is not', null).executeTakeFirstOrThrow();
    const owned = (await accountItems(db, OPEN_ID)).gem ?? 0;
    const processed = await db.selectFrom('processed_events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const ledger = await db.selectFrom('webhook_ledger').select((eb) => eb.fn.countAll<string>().as('n')).where('outcome', '=', 'fulfilled').executeTakeFirstOrThrow();
    if (Number(fulfilled.n) !== expectedOrders || owned !== expectedOrders * gems.grants.gem! || Number(processed.n) !== expectedOrders || Number(ledger.n) !== expectedOrders) {
      throw new Error(`${database.target}: ${fulfilled.n} orders fulfilled, ${processed.n} events processed, ${ledger.n} ledger rows fulfilled and ${owned} gems owned; expected ${expectedOrders} of each and ${expectedOrders * gems.grants.gem!} gems`);
    }
  } finally {
    await close();
  }
}

/** Every order request made one order row with its own trade order. */
async function oneOrderPerKey(database: TestDatabase, expected: number): Promise<void> {
  const { db, close } = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, log });
  try {
    const row = await db.selectFrom('orders').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.count<string>('trade_order_id').distinct().as('trades')]).executeTakeFirstOrThrow();
    if (Number(row.n) !== expected || Number(row.trades) !== expected) throw new Error(`orders: ${row.n} order rows with ${row.trades} trade orders; expected ${expected} of each`);
  } finally {
    await close();
  }
}

const median = (values: number[]) => percentile(values, 50);

async function main(): Promise<void> {
  const missing = postgresMissing();
  if (missing) throw new Error(`the webhooks benchmark measures PostgreSQL too: ${missing}`);
  const pglite = await createTestDatabase('pglite');
  const postgres = await createTestDatabase('postgres');
  const postgres2 = await createTestDatabase('postgres');
  const ordersDb = await createTestDatabase('postgres');
  const sandboxDir = await mkdtemp(join(tmpdir(), 'bench-orders-sandbox-'));
  const children: ChildProcess[] = [];
  try {
    // The first set warms a server process up (its JIT, its pool), unmeasured: one set for each of
    // the two processes on postgres2. Then one set per run.
    const runSets = Array.from({ length: RUNS }, () => EVENTS);
    const [pgliteWarmup, ...pgliteRuns] = await seed(pglite, [WARMUP, ...runSets]);
    const [postgresWarmup, ...postgresRuns] = await seed(postgres, [WARMUP, ...runSets]);
    const [postgres2aWarmup, postgres2bWarmup, ...postgres2Runs] = await seed(postgres2, [WARMUP, WARMUP, ...runSets]);
    const servers = {
      pglite: await startBackendProcess({ config, dataDir: pglite.dataDir }),
      postgres: await startBackendProcess({ config, dataDir: postgres.dataDir, databaseUrl: postgres.databaseUrl }),
      postgres2a: await startBackendProcess({ config, dataDir: postgres2.dataDir, databaseUrl: postgres2.databaseUrl }),
      postgres2b: await startBackendProcess({ config, dataDir: postgres2.dataDir, databaseUrl: postgres2.databaseUrl }),
      bare: await startBare(),
    };
    children.push(...Object.values(servers).map((server) => server.child));
    const sandbox = await startSandboxChild(sandboxDir);
    children.push(sandbox.child);
    const ordersConfig = { platform: { base_url: sandbox.ready.base_url, client_key: SANDBOX_CLIENT_KEY, client_secret: SANDBOX_CLIENT_SECRET, sandbox: true }, catalog: SANDBOX_CATALOG, redirect_uris: ['http://127.0.0.1:*/callback/'] };
    const ordersBackend = await startBackendProcess({ config: ordersConfig, dataDir: ordersDb.dataDir, databaseUrl: ordersDb.databaseUrl });
    children.push(ordersBackend.child);
    const token = await signInThroughBroker(sandbox.ready.base_url, ordersBackend.baseUrl, SANDBOX_CLIENT_KEY);

    type Measured = RunResult & { cpu: CpuSplit };
    const results = { pglite: [] as Measured[], postgres: [] as Measured[], postgres_2proc: [] as Measured[], bare: [] as Measured[], orders: [] as RunResult[], sandbox_op8: [] as RunResult[] };
    const targets = [
      ['pglite', [servers.pglite], undefined, pgliteRuns],
      ['postgres', [servers.postgres], postgres.databaseUrl, postgresRuns],
      ['postgres_2proc', [servers.postgres2a, servers.postgres2b], postgres2.databaseUrl, postgres2Runs],
    ] as const;
    const shown = (name: string, r: number, result: Measured) => {
      const { server, postgres: db, client } = result.cpu;
      console.error(`# run ${r + 1} ${name}: ${result.perSecond.toFixed(0)}/s, p95 ${result.p95Ms.toFixed(1)} ms; CPU ms per delivery: server ${server.toFixed(3)}, postgres ${db?.toFixed(3) ?? '-'}, client ${client.toFixed(3)}`);
    };
    const warmups = [
      [servers.pglite.webhookUrl, pgliteWarmup!],
      [servers.postgres.webhookUrl, postgresWarmup!],
      [servers.postgres2a.webhookUrl, postgres2aWarmup!],
      [servers.postgres2b.webhookUrl, postgres2bWarmup!],
      [servers.bare.url, pgliteWarmup!],
    ] as const;
    for (const [url, deliveries] of warmups) await blast([url], sign(deliveries));
    for (let r = 0; r < RUNS; r++) {
      for (const [name, backends, databaseUrl, runs] of targets) {
        const signed = sign(runs[r]!);
        const result = await measureCpu(backends.map((b) => b.child.pid!), databaseUrl, signed.length, () => blast(backends.map((b) => b.webhookUrl), signed));
        results[name].push(result);
        shown(name, r, result);
        const bare = await measureCpu([servers.bare.child.pid!], undefined, signed.length, () => blast([servers.bare.url], signed));
        results.bare.push(bare);
        shown('bare', r, bare);
      }
      const orders = await backendOrders(ordersBackend.baseUrl, token, ORDERS, CONCURRENCY);
      results.orders.push(orders);
      console.error(`# run ${r + 1} orders: ${orders.perSecond.toFixed(0)}/s, p95 ${orders.p95Ms.toFixed(1)} ms`);
      const op8 = await sandboxOp8(sandbox.ready.base_url, token, ORDERS, CONCURRENCY);
      results.sandbox_op8.push(op8);
      console.error(`# run ${r + 1} sandbox op 8: ${op8.perSecond.toFixed(0)}/s, p95 ${op8.p95Ms.toFixed(1)} ms`);
    }
    const rss = { pglite: await peakRssMb(servers.pglite.child.pid), postgres: await peakRssMb(servers.postgres.child.pid), bare: await peakRssMb(servers.bare.child.pid) };
    for (const child of children) await stopProcess(child);
    await fulfilledOnce(pglite, WARMUP + EVENTS * RUNS);
    await fulfilledOnce(postgres, WARMUP + EVENTS * RUNS);
    await fulfilledOnce(postgres2, 2 * WARMUP + EVENTS * RUNS);
    await oneOrderPerKey(ordersDb, ORDERS * RUNS);

    const bare = median(results.bare.map((x) => x.perSecond));
    report('postgres_2proc_per_s', median(results.postgres_2proc.map((x) => x.perSecond)), 'deliveries/s');
    report('postgres_2proc_p95_ms', median(results.postgres_2proc.map((x) => x.p95Ms)), 'ms');
    report('orders_per_s', median(results.orders.map((x) => x.perSecond)), 'orders/s');
    report('orders_p95_ms', median(results.orders.map((x) => x.p95Ms)), 'ms');
    report('sandbox_op8_per_s', median(results.sandbox_op8.map((x) => x.perSecond)), 'orders/s');
    for (const name of ['pglite', 'postgres'] as const) {
      const perSecond = median(results[name].map((x) => x.perSecond));
      report(`${name}_per_s`, perSecond, 'deliveries/s');
      report(`${name}_ratio`, perSecond / bare, 'x');
      report(`${name}_p95_ms`, median(results[name].map((x) => x.p95Ms)), 'ms');
      report(`${name}_rss_mb`, rss[name], 'MB');
    }
    report('bare_per_s', bare, 'deliveries/s');
    report('bare_p95_ms', median(results.bare.map((x) => x.p95Ms)), 'ms');
    report('bare_rss_mb', rss.bare, 'MB');
    // Where the CPU goes, per delivery (medians), and the most this machine's cores could do at that cost.
    const cores = availableParallelism();
    report('cpu_cores', cores, 'cores');
    for (const name of ['pglite', 'postgres', 'postgres_2proc', 'bare'] as const) {
      const split = results[name].map((x) => x.cpu);
      const server = median(split.map((c) => c.server));
      const db = split.every((c) => c.postgres !== null) ? median(split.map((c) => c.postgres!)) : null;
      const client = median(split.map((c) => c.client));
      report(`${name}_cpu_server_ms`, server, 'ms/delivery');
      if (db !== null) report(`${name}_cpu_postgres_ms`, db, 'ms/delivery');
      report(`${name}_cpu_client_ms`, client, 'ms/delivery');
      report(`${name}_cpu_ceiling_per_s`, (cores * 1000) / (server + (db ?? 0) + client), 'deliveries/s');
    }
  } finally {
    for (const child of children) await stopProcess(child, 'SIGKILL');
    await pglite.drop();
    await postgres.drop();
    await postgres2.drop();
    await ordersDb.drop();
    await rm(sandboxDir, { recursive: true, force: true });
  }
}

await main();
