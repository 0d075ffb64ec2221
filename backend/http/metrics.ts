/**
 * The backend's Prometheus metrics (prom-client, its own registry): requests by route pattern,
 * method and status with their latency, webhook deliveries by outcome, the database pool, and
 * Node's own (event-loop lag, memory, GC). Labels are route patterns (`/v1/orders/:order_id`) and
 * fixed words only: never a path as sent, a token, a secret or an open_id. Counted always (cheap),
 * served only on the metrics port when the config asks for one (metrics-server.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/database.js';


export interface BackendMetrics {
  registry: Registry;
  /** One answered request; `route` is the pattern that matched, or `unmatched`. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** What became of one webhook delivery (the ledger's outcome). */
  webhook(outcome: string): void;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(poolStats: () => PoolStats | null): BackendMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'backend_' });
  const requests = new Counter({ name: 'backend_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'backend_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const webhooks = new Counter({ name: 'backend_webhook_deliveries_total', help: 'Payment webhook deliveries by outcome (as in webhook_ledger)', labelNames: ['outcome'], registers: [registry] });
  new Gauge({
    name: 'backend_db_pool_connections',
    help: 'PostgreSQL pool: open, idle, and queries waiting for a connection (absent on PGlite)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = poolStats();
      if (!stats) return;
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  return {
    registry,
    request(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    webhook(outcome) {
      webhooks.inc({ outcome });
    },
  };
}
