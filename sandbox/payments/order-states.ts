/**
 * A trade order's states, as pure transitions (docs/PLATFORM.md "Trade orders"):
 *
 *   created ──pay──▶ paid ──refund──▶ paid (refunds recorded, never more than was paid)
 *      ├──fail────▶ failed      (final: never paid; a new order is needed)
 *      └──cancel──▶ cancelled   (final: never paid; a new order is needed)
 *
 * Refusals are values with a code a client can act on; the routes give them HTTP statuses.
 */
export type OrderStatus = 'created' | 'paid' | 'failed' | 'cancelled';
export type OrderAction = 'pay' | 'fail' | 'cancel';

export interface OrderInfo {
  order_id: string;
  product_name: string;
  order_url?: string;
  quantity?: number;
  quantity_unit?: string;
  image_url?: string;
}

export interface RefundRecord {
  refund_amount: number;
  at: number;
  /** The refund_traceback delivery sent for it. */
  delivery_id: string | null;
}

export interface OrderRecord {
  trade_order_id: string;
  client_key: string;
  open_id: string;
  order_id: string;
  token_type: 'BEANS';
  token_amount: number;
  order_info: OrderInfo;
  /** The canonical create body, to tell a resend from a conflicting reuse of the order_id. */
  fingerprint: string;
  status: OrderStatus;
  created_at: number;
  paid_at: number | null;
  /** When it failed or was cancelled. */
  closed_at: number | null;
  refunds: RefundRecord[];
  /** Webhook deliveries for this order, in order. */
  delivery_ids: string[];
}

export type RefusalCode = 'order_already_paid' | 'order_closed' | 'order_not_paid' | 'invalid_params';

export interface Refusal {
  code: RefusalCode;
  message: string;
}

export type Transition = { ok: true; order: OrderRecord } | { ok: false; refusal: Refusal };

const NEXT: Record<OrderAction, OrderStatus> = { pay: 'paid', fail: 'failed', cancel: 'cancelled' };

export function applyAction(order: OrderRecord, action: OrderAction, now: number): Transition {
  switch (order.status) {
    case 'paid':
      return {
        ok: false,
        refusal: { code: 'order_already_paid', message: action === 'pay' ? 'this trade order is already paid; a trade order is paid at most once' : `this trade order is already paid; it cannot be ${action === 'fail' ? 'failed' : 'cancelled'} any more` },
      };
    case 'failed':
    case 'cancelled':
      return {
        ok: false,
        refusal: { code: 'order_closed', message: `this trade order was ${order.status} and can never be paid; create a new order (with a new order_id) for the next attempt` },
      };
    case 'created': {
      const status = NEXT[action];
      return { ok: true, order: { ...order, status, ...(status === 'paid' ? { paid_at: now } : { closed_at: now }) } };
    }
  }
}

export function refundedAmount(order: OrderRecord): number {
  return order.refunds.reduce((sum, refund) => sum + refund.refund_amount, 0);
}

/** A partial recovery of a paid order's amount (refund_traceback): 1 … what is left unrefunded. */
export function applyRefund(order: OrderRecord, amount: number, now: number): Transition {
  if (order.status !== 'paid') return { ok: false, refusal: { code: 'order_not_paid', message: `only a paid trade order can be refunded; this one is ${order.status}` } };
  const left = order.token_amount - refundedAmount(order);
  if (left <= 0) return { ok: false, refusal: { code: 'invalid_params', message: 'refund_amount: this trade order has been refunded in full already' } };
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
    return { ok: false, refusal: { code: 'invalid_params', message: `refund_amount must be a whole number from 1 to ${left} (paid ${order.token_amount}, refunded ${order.token_amount - left})` } };
  }
  return { ok: true, order: { ...order, refunds: [...order.refunds, { refund_amount: amount, at: now, delivery_id: null }] } };
}
