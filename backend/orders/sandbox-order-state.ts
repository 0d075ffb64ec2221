/**
 * Sandbox profile only: the platform sends no webhook when a payment fails or is cancelled, and
 * no platform operation reads a trade order back, so the person's choice on the sandbox's payment
 * page would never reach the Store. The sandbox's inspection API (`GET /sandbox/orders/{id}`)
 * tells it: a waiting order becomes failed, cancelled, or paid (paid here only means "waiting
 * for the webhook": goods are still granted only by the verified payment webhook). A trade order
 * the sandbox does not know at all fails the order after a grace period.
 */
import { z } from 'zod';
import { parseShapeB } from '../../platform-api/errors.js';
import { joinUrl } from '../../platform-api/http.js';
import type { BackendContext } from '../context.js';
import { closeUnpaidOrder, type OrderRow } from './orders-store.js';

const SandboxOrder = z.object({ status: z.enum(['created', 'paid', 'failed', 'cancelled']) });

/**
 * How long a trade order the sandbox does not know is given before its order fails (backend
 * clock). The sandbox saves an order before answering op 8, so a 404 means it was lost (a sandbox
 * killed and restarted, a reset state); the wait covers an older sandbox that saved a moment later.
 */
export const UNKNOWN_TRADE_ORDER_GRACE_MS = 2 * 60_000;

export async function followSandboxOrder(ctx: BackendContext, row: OrderRow): Promise<OrderRow> {
  if (row.trade_order_id === null || row.fulfilled_at !== null || row.status !== 'created') return row;
  const answer = await ctx.http({ method: 'GET', url: joinUrl(ctx.config.platform.base_url, `/sandbox/orders/${encodeURIComponent(row.trade_order_id)}`), timeoutMs: 5_000 });
  if (!answer.ok) return row;
  if (answer.value.status === 404) {
    // Nobody can pay a trade order the platform does not know: without this the order would wait for ever.
    const now = ctx.clock.now();
    if (now - new Date(row.created_at).getTime() < UNKNOWN_TRADE_ORDER_GRACE_MS) return row;
    const failure = `the platform has no record of trade order ${row.trade_order_id} (it was lost); place the order again`;
    return (await closeUnpaidOrder(ctx.db, row.order_id, 'failed', failure, now)) ?? row;
  }
  const order = parseShapeB(answer.value, SandboxOrder);
  if (!order.ok || order.value.status === 'created') return row;
  const failure = order.value.status === 'failed' ? 'the payment failed' : null;
  return (await closeUnpaidOrder(ctx.db, row.order_id, order.value.status, failure, ctx.clock.now())) ?? row;
}
