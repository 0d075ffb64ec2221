/**
 * Refunds as the receiver applies them (backend/webhooks/apply-event.ts): each refund once, a
 * delivery of the same refund again changing nothing; two different refunds both count; and the
 * total refunded never exceeds the price, whatever the refunds add up to (the platform cannot
 * recover more than was paid), so an order refunded past its price is refunded, not more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buy, deliver, items, nowSeconds, type OrderView, rawBody, sandboxDeliveries, sandboxOrderAction, signedHeaders, type Stack, startStackWithHeldWebhooks } from '../../../support/backend-harness.js';

describe('refunds at the webhook receiver', () => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    ({ stack, token } = await startStackWithHeldWebhooks());
  });
  afterAll(async () => {
    await stack?.close();
  });

  const view = async (order: OrderView) => (await api<OrderView>(stack.backend.baseUrl, `/v1/orders/${order.order_id}`, { token })).body;
  const send = (body: string) => deliver(stack.backend.webhookUrl, body, signedHeaders(body, nowSeconds(stack.sandbox)));

  /** A paid and fulfilled order of `product`, and the recorded body of a first refund of `amount` (not yet delivered). */
  async function paidThenRefunded(product: string, amount: number): Promise<{ order: OrderView; refund: string }> {
    const order = await buy(stack.backend.baseUrl, token, product);
    await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'pay');
    await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'refund', amount);
    const deliveries = await sandboxDeliveries(stack.sandbox, `?trade_order_id=${order.trade_order_id}`);
    const success = deliveries.find((d) => d.event.endsWith('redeem.success'))!;
    const refund = deliveries.find((d) => d.event.endsWith('refund_traceback'))!;
    expect(await send(rawBody(success))).toBe(200);
    expect((await view(order)).status).toBe('fulfilled');
    return { order, refund: rawBody(refund) };
  }

  /** The same refund event with another refund_amount: another refund of the same order, as the platform would sign it. */
  function anotherRefund(body: string, amount: number): string {
    const envelope = JSON.parse(body) as { content: string };
    const content = JSON.parse(envelope.content) as Record<string, unknown>;
    return JSON.stringify({ ...envelope, content: JSON.stringify({ ...content, refund_amount: amount }) });
  }

  it('applies a refund once however often it is delivered, and a second, different refund as well', async () => {
    const { order, refund } = await paidThenRefunded('gems_100', 25);
    expect(await send(refund)).toBe(200);
    expect(await send(refund)).toBe(200);
    expect(await view(order)).toMatchObject({ status: 'partially_refunded', refunded_amount: 25 });
    expect((await items(stack.backend.baseUrl, token)).gem).toBe(75);

    expect(await send(anotherRefund(refund, 15))).toBe(200);
    expect(await view(order)).toMatchObject({ status: 'partially_refunded', refunded_amount: 40 });
    expect((await items(stack.backend.baseUrl, token)).gem).toBe(60);
  });

  it('never counts more refunded than the price: refunds adding up past it leave the order refunded at its price', async () => {
    const { order, refund } = await paidThenRefunded('gems_100', 60);
    // This order's 100 gems, and whatever the account's other orders keep (read here, so the test stands alone).
    const owned = (await items(stack.backend.baseUrl, token)).gem ?? 0;
    expect(await send(refund)).toBe(200);
    expect(await send(anotherRefund(refund, 70))).toBe(200);
    expect(await view(order)).toMatchObject({ status: 'refunded', refunded_amount: 100, amount: 100 });
    // Nothing of this order is owned any more; the account's other orders keep theirs.
    expect((await items(stack.backend.baseUrl, token)).gem ?? 0).toBe(owned - 100);
  });
});
