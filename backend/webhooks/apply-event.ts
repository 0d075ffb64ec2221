/**
 * Applying one verified payment event exactly once. Two statements, no lock held between them:
 *
 * 1. read the order the event names, which order holds the event's trade order, and whether the
 *    event's identity was already processed;
 * 2. decided here from what was read, one statement, so one transaction: change the order only if
 *    it is still as read (every column the decision used: a compare-and-set), claim the event's
 *    identity in processed_events (its primary key) only if the order changed, and write the
 *    ledger row only if the claim was made.
 *
 * If the order changed meanwhile (another event for it, in this process or another), statement 2
 * changes nothing; if the identity was claimed meanwhile (a duplicate, concurrent or not), the
 * claim's unique violation undoes the whole statement. Either way the event is read and decided
 * again, and a duplicate then finds its identity taken and only gets its ledger row. An event
 * naming an order that is not its trade order's, or no order at all, is recorded without claiming
 * anything, so it cannot take the genuine event's slot. An account's items are derived from its
 * orders (orders-store.ts accountItems), so an event touches only its own order row: payments of
 * one account never wait for each other. The webhook is answered 200 only after the commit.
 *
 * The common case takes one statement: a payment success for an order as op 8 left it (not
 * fulfilled, nothing refunded) needs nothing read to be decided, since such an order keeps all its
 * grants and becomes fulfilled whatever else it holds; the same statement checks that the order is
 * in that state, and if it is not, the event takes the two steps above.
 *
 * Why not BEGIN, SELECT … FOR UPDATE, …, COMMIT: that is four round trips to the database per
 * event instead of one or two, and the webhooks benchmark is bound by round trips (backend/README.md).
 */
import type { Kysely } from 'kysely';
import type { RefundRule } from '../config.js';
import type { Database, OrderStatus } from '../db/schema.js';
import { statusAfterEvents } from '../orders/order-status.js';
import { keptAfterRefunds, takenBack } from '../orders/refund-rule.js';
import * as statements from './event-statements.js';
import { PAYMENT_SUCCESS, REFUND_TRACEBACK, type PaymentEvent } from './payment-event.js';

/** What became of an event: fulfilled, refunded, duplicate, unknown_order, order_mismatch, already_fulfilled, ignored. */
export type EventOutcome = { outcome: string; detail: string | null };

export interface LedgerEntry {
  receivedAt: Date;
  bodySha256: string;
  handledBy: string;
}

type ReadOrder = statements.ReadOrderRow;

interface Read {
  order: ReadOrder | null;
  /** The order that holds the event's trade order, if any. */
  tradeOrderOwner: string | null;
  processed: boolean;
}

/** The order's new state, or null when the claim is made but the order stays as it is. */
type OrderChange = { tradeOrderId: string; fulfilled: boolean; refundedAmount: number; status: OrderStatus } | null;

/** Each retry follows another event's commit on the same order, so this many means something is wrong. */
const MAX_ATTEMPTS = 20;
const UNIQUE_VIOLATION = '23505';

export async function applyPaymentEvent(db: Kysely<Database>, event: PaymentEvent, key: string, ledger: LedgerEntry): Promise<EventOutcome> {
  if (event.event !== PAYMENT_SUCCESS && event.event !== REFUND_TRACEBACK) return record(db, event, key, ledger, { outcome: 'ignored', detail: `no action for ${event.event}` });
  if (event.event === PAYMENT_SUCCESS) {
    const fulfilled = await fulfilUntouched(db, event, key, ledger).catch((err: unknown) => {
      if ((err as { code?: unknown }).code === UNIQUE_VIOLATION) return null;
      throw err;
    });
    if (fulfilled) return fulfilled;
  }
  for (let attempt = 1; ; attempt++) {
    const read = await readForEvent(db, event, key);
    const order = read.order;
    if (read.processed) return record(db, event, key, ledger, { outcome: 'duplicate', detail: null });
    // The order_id is ours and known before the platform ever hears of the order; its
    // trade_order_id may not be stored yet if a process died between op 8 and writing it down.
    if (!order) return record(db, event, key, ledger, { outcome: 'unknown_order', detail: `no order ${event.orderId}` });
    if (order.trade_order_id !== null && order.trade_order_id !== event.tradeOrderId) {
      return record(db, event, key, ledger, { outcome: 'order_mismatch', detail: `order ${order.order_id} has trade order ${order.trade_order_id}` });
    }
    if (order.trade_order_id === null && read.tradeOrderOwner !== null) {
      return record(db, event, key, ledger, { outcome: 'order_mismatch', detail: `trade order ${event.tradeOrderId} belongs to order ${read.tradeOrderOwner}` });
    }
    const decided = decide(event, order);
    try {
      if (await claimAndApply(db, event, key, ledger, order, decided)) return { outcome: decided.outcome, detail: decided.detail };
    } catch (err) {
      // Claimed meanwhile (a duplicate), or the trade order taken by another order: read again.
      if ((err as { code?: unknown }).code !== UNIQUE_VIOLATION) throw err;
    }
    if (attempt >= MAX_ATTEMPTS) throw new Error(`event ${key}: its order kept changing under it (${MAX_ATTEMPTS} attempts)`);
  }
}

async function readForEvent(db: Kysely<Database>, event: PaymentEvent, key: string): Promise<Read> {
  const row = (await statements.readForEvent.run(db, { key, tradeOrderId: event.tradeOrderId, orderId: event.orderId }))[0]!;
  const order: ReadOrder | null = row.found
    ? { order_id: row.order_id, amount: row.amount, grants: row.grants, refund_rule: row.refund_rule, trade_order_id: row.trade_order_id, status: row.status, refunded_amount: row.refunded_amount, fulfilled: row.fulfilled }
    : null;
  return { order, tradeOrderOwner: row.trade_order_owner, processed: row.processed };
}

function decide(event: PaymentEvent, order: ReadOrder): EventOutcome & { change: OrderChange } {
  const grants = order.grants;
  const rule = order.refund_rule as RefundRule;
  if (event.event === PAYMENT_SUCCESS) {
    if (order.fulfilled) return { outcome: 'already_fulfilled', detail: null, change: null };
    // Refunds recorded before this event (delivered out of order) already count.
    const kept = keptAfterRefunds(grants, order.amount, order.refunded_amount, rule);
    const status = statusAfterEvents({ status: order.status, fulfilled: true, amount: order.amount, refundedAmount: order.refunded_amount });
    return { outcome: 'fulfilled', detail: JSON.stringify(kept), change: { tradeOrderId: event.tradeOrderId, fulfilled: true, refundedAmount: order.refunded_amount, status } };
  }
  const refundAmount = event.refundAmount ?? 0;
  // The total refunded never exceeds the price (the platform cannot recover more than was paid);
  // each refund's own amount stays in its ledger row.
  const refunded = Math.min(order.amount, order.refunded_amount + refundAmount);
  const back = order.fulfilled ? takenBack(keptAfterRefunds(grants, order.amount, order.refunded_amount, rule), keptAfterRefunds(grants, order.amount, refunded, rule)) : {};
  const status = statusAfterEvents({ status: order.status, fulfilled: order.fulfilled, amount: order.amount, refundedAmount: refunded });
  return {
    outcome: 'refunded',
    detail: JSON.stringify({ refund_amount: refundAmount, taken_back: back }),
    change: { tradeOrderId: order.trade_order_id ?? event.tradeOrderId, fulfilled: order.fulfilled, refundedAmount: refunded, status },
  };
}

/** Step 2 (event-statements.ts claimAndApply): false when the order is no longer as read. */
async function claimAndApply(db: Kysely<Database>, event: PaymentEvent, key: string, ledger: LedgerEntry, read: ReadOrder, decided: EventOutcome & { change: OrderChange }): Promise<boolean> {
  const change = decided.change;
  const rows = await statements.claimAndApply.run(db, {
    ...claimOf(event, key, ledger),
    changed: change !== null,
    newTradeOrderId: change?.tradeOrderId ?? null,
    newFulfilled: change?.fulfilled ?? false,
    newRefundedAmount: change?.refundedAmount ?? null,
    newStatus: change?.status ?? null,
    readStatus: read.status,
    readRefundedAmount: read.refunded_amount,
    readFulfilled: read.fulfilled,
    readTradeOrderId: read.trade_order_id,
    outcome: decided.outcome,
    detail: decided.detail,
  });
  return rows[0]!.claimed === 1;
}

/** The one-statement path of a payment success (event-statements.ts fulfilUntouched); null when it changed nothing. */
async function fulfilUntouched(db: Kysely<Database>, event: PaymentEvent, key: string, ledger: LedgerEntry): Promise<EventOutcome | null> {
  // What decide() answers for such an order, whatever its grants: all of them kept, and fulfilled.
  const status = statusAfterEvents({ status: 'created', fulfilled: true, amount: 1, refundedAmount: 0 });
  const [row] = await statements.fulfilUntouched.run(db, { ...claimOf(event, key, ledger), status });
  return row ? { outcome: 'fulfilled', detail: row.detail } : null;
}

function claimOf(event: PaymentEvent, key: string, ledger: LedgerEntry) {
  return { key, event: event.event, tradeOrderId: event.tradeOrderId, orderId: event.orderId, now: ledger.receivedAt.toISOString(), bodySha256: ledger.bodySha256, handledBy: ledger.handledBy };
}

/** An event that applies to nothing (or was already applied): only its ledger row. */
async function record(db: Kysely<Database>, event: PaymentEvent, key: string, ledger: LedgerEntry, result: EventOutcome): Promise<EventOutcome> {
  await db
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
}
