/**
 * The receiver checks the signature over the exact bytes it received (backend/webhooks/receiver.ts),
 * not over the JSON they parse to: the same event with other whitespace is other bytes, so a
 * signature over the sandbox's compact body does not cover a re-indented copy, and a signature
 * over the re-indented copy does. And a signed event for another app (another client_key) is
 * recorded and acknowledged but never applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buy, CLIENT_KEY, deliver, nowSeconds, type OrderView, rawBody, sandboxDeliveries, sandboxOrderAction, signedHeaders, type Stack, startStackWithHeldWebhooks } from '../../../support/backend-harness.js';

describe('webhook receiver: what the signature covers', () => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    ({ stack, token } = await startStackWithHeldWebhooks());
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A paid order's payment-success body, as the sandbox signed and recorded it (never delivered). */
  async function paidOrderBody(): Promise<{ order: OrderView; body: string }> {
    const order = await buy(stack.backend.baseUrl, token, 'sticker_pack');
    await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'pay');
    const [delivery] = await sandboxDeliveries(stack.sandbox, `?trade_order_id=${order.trade_order_id}`);
    return { order, body: rawBody(delivery!) };
  }

  const status = async (order: OrderView) => (await api<OrderView>(stack.backend.baseUrl, `/v1/orders/${order.order_id}`, { token })).body.status;

  it('verifies the bytes as received: the same JSON re-indented is refused under the original’s signature and applied under its own', async () => {
    const { order, body } = await paidOrderBody();
    const reindented = JSON.stringify(JSON.parse(body), null, 2);
    expect(reindented).not.toBe(body);
    const url = stack.backend.webhookUrl;

    const borrowed = await fetch(url, { method: 'POST', headers: signedHeaders(body, nowSeconds(stack.sandbox)), body: reindented });
    expect(borrowed.status).toBe(401);
    expect(await borrowed.json()).toMatchObject({ error: { code: 'bad_signature' } });
    expect(await status(order)).not.toBe('fulfilled');

    expect(await deliver(url, reindented, signedHeaders(reindented, nowSeconds(stack.sandbox)))).toBe(200);
    expect(await status(order)).toBe('fulfilled');
  });

  it('records and acknowledges a signed event for another client_key without applying it', async () => {
    const { order, body } = await paidOrderBody();
    const foreign = body.replace(`"client_key":"${CLIENT_KEY}"`, '"client_key":"another_app"');
    expect(foreign).not.toBe(body);
    const res = await fetch(stack.backend.webhookUrl, { method: 'POST', headers: signedHeaders(foreign, nowSeconds(stack.sandbox)), body: foreign });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'wrong_client' });
    expect(await status(order)).not.toBe('fulfilled');
  });
});
