/**
 * Sandbox profile only: the platform sends no webhook when a payment fails or is cancelled, and
 * no platform operation reads a trade order back, so the person's choice on the sandbox's payment
 * page would never reach the Store. The sandbox's inspection API (`GET /sandbox/orders/{id}`)
 * tells it: a waiting order becomes failed, cancelled, or paid (paid here only means "waiting
 * for the webhook": goods are still granted only by the verified payment webhook).
 */
import { z } from 'zod';
import { parseShapeB } from '../../platform-api/errors.js';
import { joinUrl } from '../../platform-api/http.js';
import type { BackendContext } from '../context.js';
import { closeUnpaidOrder, type OrderRow } from './orders-store.js';

const SandboxOrder = z.object({ status: z.enum(['created', 'paid', 'failed', 'cancelled']) });

export async function followSandboxOrder(ctx: BackendContext, row: OrderRow): Promise<OrderRow> {
  if (row.trade_order_id === null || row.fulfilled_at !== null || row.status !== 'created') return row;
  const answer = await ctx.http({ method: 'GET', url: joinUrl(ctx.config.platform.base_url, `/sandbox/orders/${encodeURIComponent(row.trade_order_id)}`), timeoutMs: 5_000 });
  if (!answer.ok) return row;
  const order = parseShapeB(answer.value, SandboxOrder);
  if (!order.ok || order.value.status === 'created') return row;
  const failure = order.value.status === 'failed' ? 'the payment failed' : null;
  return (await closeUnpaidOrder(ctx.db, row.order_id, order.value.status, failure, ctx.clock.now())) ?? row;
}
