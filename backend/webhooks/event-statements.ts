/**
 * The statements that apply a payment event (apply-event.ts says how together they make it exactly
 * once). Every delivery runs one or more of them, so each is compiled once and prepared once per
 * connection on PostgreSQL (db/prepared-statements.ts). Times go as ISO text cast to timestamptz:
 * node-postgres formats a Date in JavaScript on every run.
 */
import { sql } from 'kysely';
import { preparedStatement } from '../db/prepared-statements.js';
import type { OrderStatus } from '../db/schema.js';
import type { Items } from '../orders/refund-rule.js';

/** What every statement that claims an event writes to processed_events and webhook_ledger. */
interface Claim {
  key: string;
  event: string;
  tradeOrderId: string;
  orderId: string;
  /** ISO 8601: when the delivery arrived, also the time of the order's change. */
  now: string;
  bodySha256: string;
  handledBy: string;
}

/**
 * The one-statement path of a payment success: fulfils the order only if it is untouched (not
 * fulfilled, nothing refunded, its trade order this one or none yet and nobody else's), claims the
 * identity and writes the ledger row, whose detail is the order's grants. No row when it changed nothing.
 */
export const fulfilUntouched = preparedStatement<Claim & { status: OrderStatus }, { detail: string }>('webhook_fulfil_untouched', (v) => sql`
    with changed as (
      update orders set trade_order_id = ${v.tradeOrderId}::text, fulfilled_at = ${v.now}::timestamptz, status = ${v.status}::text, updated_at = ${v.now}::timestamptz
      where order_id = ${v.orderId} and fulfilled_at is null and refunded_amount = 0
        and (trade_order_id = ${v.tradeOrderId}::text or (trade_order_id is null and not exists (select 1 from orders t where t.trade_order_id = ${v.tradeOrderId}::text)))
      returning grants
    ), claim as (
      insert into processed_events (event_key, event, trade_order_id, outcome, processed_at)
      select ${v.key}::text, ${v.event}::text, ${v.tradeOrderId}::text, 'fulfilled', ${v.now}::timestamptz from changed
      returning event_key
    ), ledger as (
      insert into webhook_ledger (received_at, verified, outcome, event, event_key, trade_order_id, order_id, body_sha256, detail, handled_by)
      select ${v.now}::timestamptz, true, 'fulfilled', ${v.event}::text, claim.event_key, ${v.tradeOrderId}::text, ${v.orderId}::text,
        ${v.bodySha256}::text, changed.grants::text, ${v.handledBy}::text from claim, changed
    )
    select changed.grants::text as detail from changed, claim`);

/** The order as read: everything the decision depends on. */
export interface ReadOrderRow {
  order_id: string;
  amount: number;
  grants: Items;
  refund_rule: string;
  trade_order_id: string | null;
  status: OrderStatus;
  refunded_amount: number;
  fulfilled: boolean;
}

/**
 * Step 1 of the general path, one row always: the order the event names (`found`), which order
 * holds the event's trade order, and whether the event's identity was already processed.
 */
export const readForEvent = preparedStatement<{ key: string; tradeOrderId: string; orderId: string }, ReadOrderRow & { trade_order_owner: string | null; processed: boolean; found: boolean }>(
  'webhook_read_for_event',
  (v) => sql`
    select o.order_id, o.amount, o.grants, o.refund_rule, o.trade_order_id, o.status, o.refunded_amount, o.fulfilled_at is not null as fulfilled,
      o.order_id is not null as found,
      (select t.order_id from orders t where t.trade_order_id = ${v.tradeOrderId}) as trade_order_owner,
      exists (select 1 from processed_events p where p.event_key = ${v.key}) as processed
    from (select 1) one left join orders o on o.order_id = ${v.orderId}`,
);

/** The order's new state as decided, each null (with `changed` false) when the order stays as it is. */
interface Change {
  changed: boolean;
  newTradeOrderId: string | null;
  newFulfilled: boolean;
  newRefundedAmount: number | null;
  newStatus: OrderStatus | null;
}

/** The columns of the order the decision read, which must be unchanged for it to apply. */
interface AsRead {
  readStatus: OrderStatus;
  readRefundedAmount: number;
  readFulfilled: boolean;
  readTradeOrderId: string | null;
}

/**
 * Step 2 of the general path, one statement: changes the order only if it is still as read
 * (compare-and-set), claims the identity only if it did, and writes the ledger row only if the
 * claim was made; `claimed` is 0 when the order changed meanwhile. A claim already taken raises
 * the unique violation, which undoes the order change with it.
 */
export const claimAndApply = preparedStatement<Claim & Change & AsRead & { outcome: string; detail: string | null }, { claimed: number }>('webhook_claim_and_apply', (v) => sql`
    with changed as (
      update orders set
        trade_order_id = coalesce(${v.newTradeOrderId}::text, trade_order_id),
        fulfilled_at = case when ${v.newFulfilled}::boolean then coalesce(fulfilled_at, ${v.now}::timestamptz) else fulfilled_at end,
        refunded_amount = coalesce(${v.newRefundedAmount}::integer, refunded_amount),
        status = coalesce(${v.newStatus}::text, status),
        updated_at = case when ${v.changed}::boolean then ${v.now}::timestamptz else updated_at end
      where order_id = ${v.orderId}
        and status = ${v.readStatus} and refunded_amount = ${v.readRefundedAmount}
        and (fulfilled_at is not null) = ${v.readFulfilled}::boolean and trade_order_id is not distinct from ${v.readTradeOrderId}::text
      returning order_id
    ), claim as (
      insert into processed_events (event_key, event, trade_order_id, outcome, processed_at)
      select ${v.key}::text, ${v.event}::text, ${v.tradeOrderId}::text, ${v.outcome}::text, ${v.now}::timestamptz from changed
      returning event_key
    ), ledger as (
      insert into webhook_ledger (received_at, verified, outcome, event, event_key, trade_order_id, order_id, body_sha256, detail, handled_by)
      select ${v.now}::timestamptz, true, ${v.outcome}::text, ${v.event}::text, event_key, ${v.tradeOrderId}::text, ${v.orderId}::text,
        ${v.bodySha256}::text, ${v.detail}::jsonb::text, ${v.handledBy}::text from claim
    )
    -- Data-modifying WITH parts run to completion whether or not this select reads them.
    select count(*)::int as claimed from claim`);
