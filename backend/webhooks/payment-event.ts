/**
 * The payment webhook's body (spec "Payment webhook event"): an envelope whose `content` is a
 * JSON object encoded as a string. And the event's identity, which makes processing exactly once:
 * a payment success is one per trade order (a trade order is paid at most once), so its identity
 * is the trade order; a refund_traceback has no id of its own, and the platform sends every
 * attempt and every duplicate with the same bytes, so its identity is the trade order plus the
 * SHA-256 of the body (two refunds differ in create_time or amount).
 */
import { z } from 'zod';

export const PAYMENT_SUCCESS = 'minis.trade_order.redeem.success';
export const REFUND_TRACEBACK = 'minis.trade_order.redeem.refund_traceback';

/**
 * Identifiers are printable ASCII: PostgreSQL text cannot hold a NUL, and an id with control
 * characters is no id either platform or partner issues. An event that breaks this is unusable,
 * recorded and acknowledged (receiver.ts), never a 500 that the platform would retry for days.
 */
const Id = z.string().regex(/^[\x21-\x7e]{1,128}$/);

/** No catalog price exceeds this (config.ts), so neither can a refund of one. */
const MAX_AMOUNT = 1_000_000_000;

const Envelope = z.object({
  client_key: z.string(),
  event: Id,
  create_time: z.number().int(),
  user_openid: z.string().optional(),
  content: z.string(),
});

const Content = z.object({
  trade_order_id: Id,
  order_id: Id,
  is_sandbox: z.boolean().optional(),
  refund_amount: z.number().int().positive().max(MAX_AMOUNT).optional(),
});

export interface PaymentEvent {
  clientKey: string;
  event: string;
  createTime: number;
  tradeOrderId: string;
  orderId: string;
  refundAmount: number | null;
}

export function parsePaymentEvent(rawBody: Buffer): { ok: true; value: PaymentEvent } | { ok: false; message: string } {
  let envelope: z.infer<typeof Envelope>;
  let content: z.infer<typeof Content>;
  try {
    const outer = Envelope.safeParse(JSON.parse(rawBody.toString('utf8')));
    if (!outer.success) return { ok: false, message: 'the body is not a payment webhook envelope' };
    envelope = outer.data;
    const inner = Content.safeParse(JSON.parse(envelope.content));
    if (!inner.success) return { ok: false, message: 'content is not a payment event content object' };
    content = inner.data;
  } catch {
    return { ok: false, message: 'the body or its content is not valid JSON' };
  }
  if (envelope.event === REFUND_TRACEBACK && content.refund_amount === undefined) return { ok: false, message: 'a refund_traceback without refund_amount' };
  return {
    ok: true,
    value: { clientKey: envelope.client_key, event: envelope.event, createTime: envelope.create_time, tradeOrderId: content.trade_order_id, orderId: content.order_id, refundAmount: content.refund_amount ?? null },
  };
}

export function eventKey(event: PaymentEvent, bodySha256: string): string {
  return event.event === PAYMENT_SUCCESS ? `${PAYMENT_SUCCESS}:${event.tradeOrderId}` : `${event.event}:${event.tradeOrderId}:${bodySha256}`;
}
