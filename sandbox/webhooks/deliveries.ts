/**
 * Webhook deliveries as records in the state store: one per event (and one per on-purpose
 * duplicate), with every attempt, so GET /sandbox/webhooks shows what a receiver saw and when,
 * and a restart with a data dir resumes the pending ones. The raw body is kept so every attempt
 * sends the same bytes; signatures are computed per attempt and never stored.
 */
import { findApp, type SandboxContext } from '../context.js';

export const PAYMENT_EVENTS = [
  'minis.trade_order.redeem.success',
  'minis.trade_order.redeem.refund_traceback',
] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/** pending: will be (re)tried; delivered: a 2xx came back; gave_up: 72 h of failures; skipped: no webhook_url. */
export type DeliveryState = 'pending' | 'delivered' | 'gave_up' | 'skipped';

export interface AttemptRecord {
  /** Virtual time the attempt started (ms). */
  at: number;
  url: string;
  /** The receiver's HTTP status, or null when none came back. */
  status: number | null;
  /** Why no 2xx: `timeout after 5000 ms`, `ECONNRESET`, `HTTP 500`, …; null on success. */
  error: string | null;
  /** Real time the attempt took. */
  duration_ms: number;
  /** Up to 200 characters of the receiver's answer, to see why it refused. */
  response_excerpt: string;
  /** The wait scheduled after this attempt (null after the last one). */
  retry_in_ms: number | null;
}

export interface DeliveryRecord {
  delivery_id: string;
  /** Creation order, for listing. */
  seq: number;
  client_key: string;
  event: PaymentEvent;
  trade_order_id: string;
  order_id: string;
  /** The exact JSON body every attempt sends. */
  body: string;
  created_at: number;
  state: DeliveryState;
  next_attempt_at: number | null;
  finished_at: number | null;
  attempts: AttemptRecord[];
  /** Set on a copy sent on purpose by the duplicate-delivery chaos. */
  duplicate_of: string | null;
  /** Why a skipped delivery was not sent. */
  note: string | null;
}

export interface WebhookUrlOverride {
  url: string | null;
  set_at: number;
}

export function deliveries(ctx: SandboxContext) {
  return ctx.state.collection<DeliveryRecord>('webhook_deliveries');
}

/** Webhook URLs set at run time (PUT /sandbox/apps/{client_key}/webhook); they win over the config. */
export function webhookUrlOverrides(ctx: SandboxContext) {
  return ctx.state.collection<WebhookUrlOverride>('webhook_urls');
}

export function webhookUrlOf(ctx: SandboxContext, clientKey: string): { url: string | null; source: 'runtime' | 'config' } {
  const override = webhookUrlOverrides(ctx).get(clientKey);
  if (override) return { url: override.url, source: 'runtime' };
  return { url: findApp(ctx, clientKey)?.webhook_url ?? null, source: 'config' };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The inspection view: times as ISO strings and virtual ms, the envelope decoded. */
export function deliveryView(record: DeliveryRecord) {
  return {
    delivery_id: record.delivery_id,
    event: record.event,
    client_key: record.client_key,
    trade_order_id: record.trade_order_id,
    order_id: record.order_id,
    state: record.state,
    duplicate_of: record.duplicate_of,
    note: record.note,
    created_at: iso(record.created_at),
    next_attempt_at: iso(record.next_attempt_at),
    finished_at: iso(record.finished_at),
    attempts: record.attempts.map((attempt, i) => ({
      number: i + 1,
      at: iso(attempt.at),
      at_ms: attempt.at,
      url: attempt.url,
      status: attempt.status,
      error: attempt.error,
      duration_ms: attempt.duration_ms,
      response_excerpt: attempt.response_excerpt,
      retry_in_ms: attempt.retry_in_ms,
    })),
    payload: JSON.parse(record.body) as unknown,
  };
}
