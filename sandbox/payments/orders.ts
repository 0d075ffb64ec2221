/**
 * Trade orders in the state store, and the actions on them that both the payment page and the
 * sandbox API use: create (op 8, order_id unique per app), pay / fail / cancel, refund. A payment
 * or refund records its webhook event in the same step, so an order is never paid without its
 * redeem.success delivery on record.
 */
import { randomInt } from 'node:crypto';
import type { SandboxContext } from '../context.js';
import { webhookDispatcher } from '../webhooks/dispatcher.js';
import { orderFingerprint, type CreateOrderBody } from './order-schema.js';
import { applyAction, applyRefund, refundedAmount, type OrderAction, type OrderRecord, type Refusal } from './order-states.js';

export function orders(ctx: SandboxContext) {
  return ctx.state.collection<OrderRecord>('trade_orders');
}

/** (client_key, order_id) → trade_order_id: order_id is unique per app. */
function orderIds(ctx: SandboxContext) {
  return ctx.state.collection<string>('trade_order_ids');
}

const orderIdKey = (clientKey: string, orderId: string) => JSON.stringify([clientKey, orderId]);

/** Opaque to clients, digits only: safe in a URL path and in any partner's order table. */
function newTradeOrderId(): string {
  let digits = String(randomInt(1, 10));
  for (let i = 0; i < 18; i++) digits += String(randomInt(0, 10));
  return digits;
}

export type CreateResult = { ok: true; order: OrderRecord; created: boolean } | { ok: false; message: string };

export function createOrder(ctx: SandboxContext, input: { client_key: string; open_id: string; body: CreateOrderBody }): CreateResult {
  const { body } = input;
  const fingerprint = orderFingerprint(body);
  const key = orderIdKey(input.client_key, body.order_info.order_id);
  const existingId = orderIds(ctx).get(key);
  const existing = existingId === undefined ? undefined : orders(ctx).get(existingId);
  if (existing) {
    if (existing.open_id !== input.open_id) return { ok: false, message: 'order_info.order_id: this order_id is already used by an order of another user; order_id is unique per app' };
    if (existing.fingerprint !== fingerprint) return { ok: false, message: 'order_info.order_id: this order_id was already used with a different order; send the same body again or use a new order_id' };
    return { ok: true, order: existing, created: false };
  }
  let tradeOrderId = newTradeOrderId();
  while (orders(ctx).has(tradeOrderId)) tradeOrderId = newTradeOrderId();
  const order: OrderRecord = {
    trade_order_id: tradeOrderId,
    client_key: input.client_key,
    open_id: input.open_id,
    order_id: body.order_info.order_id,
    token_type: body.token_type,
    token_amount: body.token_amount,
    order_info: JSON.parse(JSON.stringify(body.order_info)) as OrderRecord['order_info'],
    fingerprint,
    status: 'created',
    created_at: ctx.clock.now(),
    paid_at: null,
    closed_at: null,
    refunds: [],
    delivery_ids: [],
  };
  orders(ctx).set(tradeOrderId, order);
  orderIds(ctx).set(key, tradeOrderId);
  return { ok: true, order, created: true };
}

export type ActionResult = { ok: true; order: OrderRecord } | { ok: false; status: number; code: string; message: string };

const STATUS_OF: Record<Refusal['code'], number> = { order_already_paid: 409, order_closed: 409, order_not_paid: 409, invalid_params: 400 };

const notFound = (): ActionResult => ({ ok: false, status: 404, code: 'not_found', message: 'no trade order with this trade_order_id' });

export function performAction(ctx: SandboxContext, tradeOrderId: string, action: OrderAction): ActionResult {
  const order = orders(ctx).get(tradeOrderId);
  if (!order) return notFound();
  const result = applyAction(order, action, ctx.clock.now());
  if (!result.ok) return { ok: false, status: STATUS_OF[result.refusal.code], ...result.refusal };
  let updated = result.order;
  if (action === 'pay') {
    const delivery = webhookDispatcher(ctx).enqueue({ client_key: order.client_key, event: 'minis.trade_order.redeem.success', trade_order_id: order.trade_order_id, order_id: order.order_id });
    updated = { ...updated, delivery_ids: [...updated.delivery_ids, delivery.delivery_id] };
  }
  orders(ctx).set(tradeOrderId, updated);
  ctx.logger.info({ trade_order_id: tradeOrderId, action, status: updated.status }, 'trade order action');
  return { ok: true, order: updated };
}

export function refundOrder(ctx: SandboxContext, tradeOrderId: string, amount: number): ActionResult {
  const order = orders(ctx).get(tradeOrderId);
  if (!order) return notFound();
  const result = applyRefund(order, amount, ctx.clock.now());
  if (!result.ok) return { ok: false, status: STATUS_OF[result.refusal.code], ...result.refusal };
  const delivery = webhookDispatcher(ctx).enqueue({
    client_key: order.client_key,
    event: 'minis.trade_order.redeem.refund_traceback',
    trade_order_id: order.trade_order_id,
    order_id: order.order_id,
    extra: { refund_amount: amount },
  });
  const refunds = result.order.refunds.map((refund, i, all) => (i === all.length - 1 ? { ...refund, delivery_id: delivery.delivery_id } : refund));
  const updated = orders(ctx).set(tradeOrderId, { ...result.order, refunds, delivery_ids: [...result.order.delivery_ids, delivery.delivery_id] });
  ctx.logger.info({ trade_order_id: tradeOrderId, refund_amount: amount }, 'trade order refund');
  return { ok: true, order: updated };
}

/** Where a person pays: the sandbox's stand-in for the platform's client-side payment SDK. */
export function paymentPath(tradeOrderId: string): string {
  return `/sandbox/pay/${encodeURIComponent(tradeOrderId)}`;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function orderView(ctx: SandboxContext, order: OrderRecord) {
  return {
    trade_order_id: order.trade_order_id,
    client_key: order.client_key,
    open_id: order.open_id,
    order_id: order.order_id,
    token_type: order.token_type,
    token_amount: order.token_amount,
    order_info: order.order_info,
    status: order.status,
    created_at: iso(order.created_at),
    paid_at: iso(order.paid_at),
    closed_at: iso(order.closed_at),
    refunded_amount: refundedAmount(order),
    refunds: order.refunds.map((refund) => ({ refund_amount: refund.refund_amount, at: iso(refund.at), delivery_id: refund.delivery_id })),
    delivery_ids: order.delivery_ids,
    payment_url: `${ctx.urls.baseUrl}${paymentPath(order.trade_order_id)}`,
  };
}
