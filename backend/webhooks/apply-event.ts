/**
 * Applying one verified payment event, exactly once, in one transaction: claim the event's
 * identity in processed_events (a primary key, so a duplicate — sequential or concurrent, in this
 * process or another one on the same database — finds it taken and does nothing), lock the order
 * row (FOR UPDATE), change the order and the entitlements, and write the ledger row. The
 * webhook is answered 200 only after the commit, so an acknowledged event is never lost.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { RefundRule } from '../config.js';
import type { Database } from '../db/schema.js';
import { statusAfterEvents } from '../orders/order-status.js';
import { keptAfterRefunds, takenBack, type Items } from '../orders/refund-rule.js';
import { PAYMENT_SUCCESS, REFUND_TRACEBACK, type PaymentEvent } from './payment-event.js';

/** What became of an event: fulfilled, refunded, duplicate, unknown_order, order_mismatch, already_fulfilled, ignored. */
export type EventOutcome = { outcome: string; detail: string | null };

export interface LedgerEntry {
  receivedAt: Date;
  bodySha256: string;
  handledBy: string;
}

export async function applyPaymentEvent(db: Kysely<Database>, event: PaymentEvent, key: string, ledger: LedgerEntry): Promise<EventOutcome> {
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .insertInto('processed_events')
      .values({ event_key: key, event: event.event, trade_order_id: event.tradeOrderId, outcome: 'applying', processed_at: ledger.receivedAt })
      .onConflict((oc) => oc.column('event_key').doNothing())
      .returning('event_key')
      .executeTakeFirst();
    const result: EventOutcome = claimed ? await apply(tx, event, ledger.receivedAt) : { outcome: 'duplicate', detail: null };
    if (claimed) await tx.updateTable('processed_events').set({ outcome: result.outcome }).where('event_key', '=', key).execute();
    await tx
      .insertInto('webhook_ledger')
      .values({
        received_at: ledger.receivedAt,
        verified: true,
        outcome: result.outcome,
        event: event.event,
        event_key: key,
        trade_order_id: event.tradeOrderId,
        order_id: event.orderId,
        body_sha256: ledger.bodySha256,
        detail: result.detail,
        handled_by: ledger.handledBy,
      })
      .execute();
    return result;
  });
}

async function apply(tx: Transaction<Database>, event: PaymentEvent, now: Date): Promise<EventOutcome> {
  if (event.event !== PAYMENT_SUCCESS && event.event !== REFUND_TRACEBACK) return { outcome: 'ignored', detail: `no action for ${event.event}` };
  // The order_id is ours and known before the platform ever hears of the order; the trade_order_id
  // may not be stored yet if this process died between op 8 and writing it down.
  const order = await tx.selectFrom('orders').selectAll().where('order_id', '=', event.orderId).forUpdate().executeTakeFirst();
  if (!order) return { outcome: 'unknown_order', detail: `no order ${event.orderId}` };
  if (order.trade_order_id !== null && order.trade_order_id !== event.tradeOrderId) return { outcome: 'order_mismatch', detail: `order ${order.order_id} has trade order ${order.trade_order_id}` };

  const grants = order.grants as Items;
  const rule = order.refund_rule as RefundRule;
  const fulfilled = order.fulfilled_at !== null;

  if (event.event === PAYMENT_SUCCESS) {
    if (fulfilled) return { outcome: 'already_fulfilled', detail: null };
    // Refunds recorded before this event (delivered out of order) already count.
    const kept = keptAfterRefunds(grants, order.amount, order.refunded_amount, rule);
    await addItems(tx, order.open_id, kept, +1);
    await tx
      .updateTable('orders')
      .set({
        trade_order_id: event.tradeOrderId,
        fulfilled_at: now,
        status: statusAfterEvents({ status: order.status, fulfilled: true, amount: order.amount, refundedAmount: order.refunded_amount }),
        updated_at: now,
      })
      .where('order_id', '=', order.order_id)
      .execute();
    return { outcome: 'fulfilled', detail: JSON.stringify(kept) };
  }

  const refunded = order.refunded_amount + (event.refundAmount ?? 0);
  const back = fulfilled ? takenBack(keptAfterRefunds(grants, order.amount, order.refunded_amount, rule), keptAfterRefunds(grants, order.amount, refunded, rule)) : {};
  await addItems(tx, order.open_id, back, -1);
  await tx
    .updateTable('orders')
    .set({ refunded_amount: refunded, status: statusAfterEvents({ status: order.status, fulfilled, amount: order.amount, refundedAmount: refunded }), updated_at: now })
    .where('order_id', '=', order.order_id)
    .execute();
  return { outcome: 'refunded', detail: JSON.stringify({ refund_amount: event.refundAmount, taken_back: back }) };
}

async function addItems(tx: Transaction<Database>, openId: string, items: Items, sign: 1 | -1): Promise<void> {
  // Always in the same order, so two transactions touching the same account's rows cannot deadlock.
  for (const [item, count] of Object.entries(items).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (count === 0) continue;
    await tx
      .insertInto('entitlements')
      .values({ open_id: openId, item, count: sign * count })
      .onConflict((oc) => oc.columns(['open_id', 'item']).doUpdateSet({ count: sql<number>`entitlements.count + excluded.count` }))
      .execute();
  }
}
