/**
 * An order's status, derived from what happened to it. Before fulfilment it is what the order
 * step left (created / failed / cancelled / paid); once the platform's payment-success webhook has
 * been applied it is fulfilled, then refunded or partially_refunded by the refunds recorded. Pure.
 */
import type { OrderStatus } from '../db/schema.js';

export function statusAfterEvents(order: { status: OrderStatus; fulfilled: boolean; amount: number; refundedAmount: number }): OrderStatus {
  if (!order.fulfilled) return order.status;
  if (order.refundedAmount <= 0) return 'fulfilled';
  return order.refundedAmount >= order.amount ? 'refunded' : 'partially_refunded';
}
