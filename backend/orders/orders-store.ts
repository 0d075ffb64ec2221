/**
 * Orders and entitlements in the database. Uniqueness lives in the schema, not in this process:
 * (open_id, idempotency_key) makes a repeated key the same order whichever backend process sees
 * it, and trade_order_id is unique.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Product, RefundRule } from '../config.js';
import type { Database, OrderStatus, OrdersTable } from '../db/schema.js';
import { keptAfterRefunds } from './refund-rule.js';

export type OrderRow = Selectable<OrdersTable>;

export interface NewOrder {
  orderId: string;
  openId: string;
  idempotencyKey: string;
  product: Product;
  now: number;
}

/** Inserts the order, or answers the one this account already made with this key (`created: false`). */
export async function insertOrReuseOrder(db: Kysely<Database>, order: NewOrder): Promise<{ row: OrderRow; created: boolean }> {
  const at = new Date(order.now);
  const inserted = await db
    .insertInto('orders')
    .values({
      order_id: order.orderId,
      open_id: order.openId,
      idempotency_key: order.idempotencyKey,
      product_id: order.product.id,
      product_name: order.product.name,
      amount: order.product.price_beans,
      grants: JSON.stringify(order.product.grants),
      refund_rule: order.product.refund_rule,
      trade_order_id: null,
      status: 'created',
      failure: null,
      fulfilled_at: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['open_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const existing = await db.selectFrom('orders').selectAll().where('open_id', '=', order.openId).where('idempotency_key', '=', order.idempotencyKey).executeTakeFirstOrThrow();
  return { row: existing, created: false };
}

/** Notes the platform's trade_order_id (the first one wins; op 8 answers the same one for the same order_id). */
export async function setTradeOrderId(db: Kysely<Database>, orderId: string, tradeOrderId: string, now: number): Promise<OrderRow> {
  await db.updateTable('orders').set({ trade_order_id: tradeOrderId, updated_at: new Date(now) }).where('order_id', '=', orderId).where('trade_order_id', 'is', null).execute();
  return db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

/** An order the platform refused, or the person failed or cancelled, before it was ever paid. */
export async function closeUnpaidOrder(db: Kysely<Database>, orderId: string, status: Extract<OrderStatus, 'failed' | 'cancelled' | 'paid'>, failure: string | null, now: number): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ status, failure, updated_at: new Date(now) })
    .where('order_id', '=', orderId)
    .where('fulfilled_at', 'is', null)
    .where('status', 'in', ['created', 'paid'])
    .returningAll()
    .executeTakeFirst();
}

/**
 * An order op 8 refused because of its caller (the token is no longer valid): nothing was placed,
 * so nothing is kept (a retry with a new sign-in makes it again under the same key).
 */
export async function dropUnplacedOrder(db: Kysely<Database>, orderId: string): Promise<void> {
  await db.deleteFrom('orders').where('order_id', '=', orderId).where('trade_order_id', 'is', null).where('status', '=', 'created').execute();
}

export async function accountOrder(db: Kysely<Database>, openId: string, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_id', '=', orderId).where('open_id', '=', openId).executeTakeFirst();
}

/**
 * The account's orders, newest first, `limit` at a time: after the order `before` (one of the
 * account's) when given. Keyset paging on (created_at, order_id), so an order made meanwhile
 * never shifts a page. `next` is the order to page on from, or null after the last one.
 */
export async function accountOrders(db: Kysely<Database>, openId: string, page: { limit: number; before?: OrderRow }): Promise<{ rows: OrderRow[]; next: string | null }> {
  const { before } = page;
  let query = db.selectFrom('orders').selectAll().where('open_id', '=', openId);
  if (before) {
    query = query.where((eb) => eb.or([eb('created_at', '<', before.created_at), eb.and([eb('created_at', '=', before.created_at), eb('order_id', '<', before.order_id)])]));
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('order_id', 'desc').limit(page.limit + 1).execute();
  const more = rows.length > page.limit;
  if (more) rows.length = page.limit;
  return { rows, next: more ? rows.at(-1)!.order_id : null };
}

/**
 * What the account owns: the sum of what each of its fulfilled orders keeps after its refunds
 * (refund-rule.ts), from the order rows the webhook changes, so there is no running total to keep
 * in step (and no row every payment of the account would have to lock).
 */
export async function accountItems(db: Kysely<Database>, openId: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('orders').select(['grants', 'amount', 'refunded_amount', 'refund_rule']).where('open_id', '=', openId).where('fulfilled_at', 'is not', null).execute();
  const owned = new Map<string, number>();
  for (const row of rows) {
    for (const [item, count] of Object.entries(keptAfterRefunds(row.grants, row.amount, row.refunded_amount, row.refund_rule as RefundRule))) owned.set(item, (owned.get(item) ?? 0) + count);
  }
  return Object.fromEntries([...owned].filter(([, count]) => count > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
