/**
 * Delivers payment webhooks at least once. Every event becomes a delivery record; a short
 * real-time tick fires the attempts whose virtual due time has come, so moving the sandbox clock
 * forward (POST /sandbox/clock/advance) makes due retries go out within a tick without the
 * clock having to announce it. One attempt per delivery is in flight at a time. Failures are
 * retried per backoff.ts; a success may, by the duplicate-delivery chaos, be sent again on
 * purpose as a separate delivery. On stop the attempts in flight are abandoned unrecorded and
 * run again after a restart (at least once, never silently lost).
 */
import { randomBytes } from 'node:crypto';
import { unixSeconds } from '../../common/clock.js';
import { mulberry32 } from '../chaos.js';
import { findApp, type SandboxContext } from '../context.js';
import { nextAttemptAt, retryDelayMs } from './backoff.js';
import { deliveries, webhookUrlOf, type AttemptRecord, type DeliveryRecord, type PaymentEvent } from './deliveries.js';
import { sendWebhook } from './sender.js';
import { SIGNATURE_HEADER, signatureHeaderValue } from './signature.js';

/** How often due attempts are looked for, in real time. */
const TICK_MS = 50;

export interface WebhookSettings {
  /** Probability that a delivered event is sent once more, as a separate delivery. */
  duplicate_probability: number;
  /** Real-time deadline of one attempt. */
  timeout_ms: number;
}

export interface PaymentEventInput {
  client_key: string;
  event: PaymentEvent;
  trade_order_id: string;
  order_id: string;
  /** Extra content fields (refund_amount). */
  extra?: Record<string, unknown>;
}

export class WebhookDispatcher {
  private settingsValue: WebhookSettings;
  private random: () => number;
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Ids of pending deliveries, so a tick does not scan the delivered history. */
  private readonly pending = new Set<string>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private seq: number;

  constructor(private readonly ctx: SandboxContext) {
    this.settingsValue = { ...ctx.config.webhooks };
    this.random = mulberry32(ctx.chaos.seed);
    this.seq = 0;
    for (const record of deliveries(ctx).values()) {
      this.seq = Math.max(this.seq, record.seq);
      if (record.state === 'pending') this.pending.add(record.delivery_id);
    }
  }

  get settings(): Readonly<WebhookSettings> {
    return this.settingsValue;
  }

  /** Replacing the settings restarts the duplicate PRNG from the seed, like the chaos rules. */
  updateSettings(changes: Partial<WebhookSettings>): Readonly<WebhookSettings> {
    this.settingsValue = { ...this.settingsValue, ...changes };
    this.random = mulberry32(this.ctx.chaos.seed);
    return this.settingsValue;
  }

  /** Record the event and send it now (or record it as skipped when the app has no webhook_url). */
  enqueue(input: PaymentEventInput): DeliveryRecord {
    const now = this.ctx.clock.now();
    const body = JSON.stringify({
      client_key: input.client_key,
      event: input.event,
      create_time: Math.floor(now / 1000),
      // Empty as in the platform's sample payloads; partners map trade_order_id to open_id themselves.
      user_openid: '',
      content: JSON.stringify({ trade_order_id: input.trade_order_id, order_id: input.order_id, is_sandbox: true, ...input.extra }),
    });
    const url = webhookUrlOf(this.ctx, input.client_key).url;
    const record = this.create({
      client_key: input.client_key,
      event: input.event,
      trade_order_id: input.trade_order_id,
      order_id: input.order_id,
      body,
      duplicate_of: null,
      ...(url === null
        ? { state: 'skipped', next_attempt_at: null, finished_at: now, note: 'the app has no webhook_url' }
        : { state: 'pending', next_attempt_at: now, finished_at: null, note: null }),
    });
    this.ctx.logger.info({ delivery_id: record.delivery_id, event: record.event, trade_order_id: record.trade_order_id, state: record.state }, 'webhook event recorded');
    if (record.state === 'pending') setImmediate(() => this.tick());
    return record;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
    this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.abort.abort();
    await Promise.all(this.inFlight.values());
  }

  /** Fire every pending attempt that is due on the virtual clock. */
  tick(): void {
    if (this.abort.signal.aborted) return;
    const now = this.ctx.clock.now();
    const store = deliveries(this.ctx);
    for (const id of this.pending) {
      const record = store.get(id);
      if (!record || record.state !== 'pending') {
        this.pending.delete(id);
        continue;
      }
      if (record.next_attempt_at === null || record.next_attempt_at > now || this.inFlight.has(id)) continue;
      const run = this.attempt(id).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, run);
    }
  }

  private create(fields: Omit<DeliveryRecord, 'delivery_id' | 'seq' | 'created_at' | 'attempts'>): DeliveryRecord {
    const record: DeliveryRecord = {
      delivery_id: `whd_${randomBytes(8).toString('hex')}`,
      seq: ++this.seq,
      created_at: this.ctx.clock.now(),
      attempts: [],
      ...fields,
    };
    if (record.state === 'pending') this.pending.add(record.delivery_id);
    return deliveries(this.ctx).set(record.delivery_id, record);
  }

  private async attempt(deliveryId: string): Promise<void> {
    const store = deliveries(this.ctx);
    const record = store.get(deliveryId);
    if (!record || record.state !== 'pending') return;
    const at = this.ctx.clock.now();
    const app = findApp(this.ctx, record.client_key);
    const url = webhookUrlOf(this.ctx, record.client_key).url;
    let outcome: { status: number | null; error: string | null; durationMs: number; excerpt: string };
    if (!app) outcome = { status: null, error: 'the app is no longer in the sandbox config', durationMs: 0, excerpt: '' };
    else if (url === null) outcome = { status: null, error: 'the app has no webhook_url', durationMs: 0, excerpt: '' };
    else {
      const t = unixSeconds(this.ctx.clock);
      const sent = await sendWebhook({
        url,
        body: record.body,
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'draftdeck-platform-sandbox-webhooks', [SIGNATURE_HEADER]: signatureHeaderValue(app.client_secret, t, record.body) },
        timeoutMs: this.settingsValue.timeout_ms,
        signal: this.abort.signal,
      });
      if (sent.kind === 'aborted') return;
      outcome =
        sent.kind === 'answered'
          ? { status: sent.status, error: sent.status >= 200 && sent.status < 300 ? null : `HTTP ${sent.status}`, durationMs: sent.durationMs, excerpt: sent.excerpt }
          : { status: null, error: sent.error, durationMs: sent.durationMs, excerpt: '' };
    }

    const current = store.get(deliveryId);
    if (!current || current.state !== 'pending') return;
    const failures = current.attempts.length + 1;
    const delivered = outcome.error === null;
    const next = delivered ? null : nextAttemptAt(current.attempts[0]?.at ?? at, at, failures);
    const attempt: AttemptRecord = {
      at,
      url: url ?? '',
      status: outcome.status,
      error: outcome.error,
      duration_ms: outcome.durationMs,
      response_excerpt: outcome.excerpt,
      retry_in_ms: next === null ? null : retryDelayMs(failures),
    };
    const finishedAt = this.ctx.clock.now();
    const updated = store.set(deliveryId, {
      ...current,
      attempts: [...current.attempts, attempt],
      state: delivered ? 'delivered' : next === null ? 'gave_up' : 'pending',
      next_attempt_at: next,
      finished_at: delivered || next === null ? finishedAt : null,
    });
    this.ctx.logger.info(
      { delivery_id: deliveryId, event: updated.event, attempt: updated.attempts.length, http_status: outcome.status, error: outcome.error, state: updated.state },
      'webhook attempt',
    );
    if (delivered && updated.duplicate_of === null && this.random() < this.settingsValue.duplicate_probability) {
      const { client_key, event, trade_order_id, order_id, body } = updated;
      const copy = this.create({ client_key, event, trade_order_id, order_id, body, duplicate_of: deliveryId, state: 'pending', next_attempt_at: this.ctx.clock.now(), finished_at: null, note: 'sent again on purpose (webhooks.duplicate_probability)' });
      this.ctx.logger.info({ delivery_id: copy.delivery_id, duplicate_of: deliveryId }, 'webhook duplicate scheduled');
      setImmediate(() => this.tick());
    }
  }
}

const dispatchers = new WeakMap<SandboxContext, WebhookDispatcher>();

/** The sandbox's one dispatcher, shared by the payments module (which enqueues) and the webhooks module (which runs it). */
export function webhookDispatcher(ctx: SandboxContext): WebhookDispatcher {
  let dispatcher = dispatchers.get(ctx);
  if (!dispatcher) {
    dispatcher = new WebhookDispatcher(ctx);
    dispatchers.set(ctx, dispatcher);
  }
  return dispatcher;
}
