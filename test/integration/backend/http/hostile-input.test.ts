/**
 * Input the backend must refuse with a 4xx or record, never answer 500 (issue 27, points 6 and 7),
 * on PGlite and PostgreSQL: a NUL in a path or query, signed webhooks with a NUL in an id or a
 * refund too large for the database, a Content-Encoding the receiver does not decode (415 before
 * the signature is checked), and a signed success event naming another order than its trade
 * order's, which must not take the genuine event's slot.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../support/backend-db.js';
import {
  api, buy, CLIENT_KEY, deliver, items, nowSeconds, rawBody, sandboxDeliveries, sandboxOrderAction, setWebhookUrl, signedHeaders, signInThroughBroker, startStack,
  type OrderView, type Stack, withDatabase,
} from '../../../support/backend-harness.js';

const SUCCESS = 'minis.trade_order.redeem.success';
const REFUND = 'minis.trade_order.redeem.refund_traceback';

function eventBody(stack: Stack, event: string, content: Record<string, unknown>): string {
  return JSON.stringify({ client_key: CLIENT_KEY, event, create_time: nowSeconds(stack.sandbox), user_openid: '', content: JSON.stringify({ is_sandbox: true, ...content }) });
}

async function post(stack: Stack, body: string, headers: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(stack.backend.webhookUrl, { method: 'POST', headers, body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe.each(databaseTargets('sql'))('hostile input on $target', ({ target, skip }) => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    if (skip) return;
    stack = await startStack(target);
    token = (await signInThroughBroker(stack.sandbox, stack.backend.baseUrl)).access_token;
  });
  // The tests play the platform's webhook sender (reading the database restarts the backend, which points the sandbox at it again).
  beforeEach(async () => {
    if (!skip) await setWebhookUrl(stack.sandbox, null);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.skipIf(skip)('answers a NUL in an order id or a page cursor with 404 and 400, not 500', async () => {
    expect((await api(stack.backend.baseUrl, '/v1/orders/%00', { token })).status).toBe(404);
    expect((await api(stack.backend.baseUrl, '/v1/orders/ord_%00x', { token })).status).toBe(404);
    expect((await api(stack.backend.baseUrl, '/v1/orders?before=%00', { token })).status).toBe(400);
  });

  it.skipIf(skip)('records and acknowledges a signed event with a NUL in an id or a refund the database cannot hold', async () => {
    const order = await buy(stack.backend.baseUrl, token, 'gems_100');
    const now = nowSeconds(stack.sandbox);
    const nul = eventBody(stack, SUCCESS, { trade_order_id: order.trade_order_id, order_id: `${order.order_id}\u0000` });
    expect(await post(stack, nul, signedHeaders(nul, now))).toEqual({ status: 200, json: { received: true, outcome: 'invalid_event' } });
    const huge = eventBody(stack, REFUND, { trade_order_id: order.trade_order_id, order_id: order.order_id, refund_amount: 2147483648 });
    expect(await post(stack, huge, signedHeaders(huge, now))).toEqual({ status: 200, json: { received: true, outcome: 'invalid_event' } });
    const badClient = JSON.stringify({ client_key: 'other\u0000app', event: SUCCESS, create_time: now, user_openid: '', content: JSON.stringify({ trade_order_id: order.trade_order_id, order_id: order.order_id }) });
    expect(await post(stack, badClient, signedHeaders(badClient, now))).toEqual({ status: 200, json: { received: true, outcome: 'wrong_client' } });
    const ledger = await withDatabase(stack, (db) => db.selectFrom('webhook_ledger').select(['outcome', 'verified', 'detail']).orderBy('id', 'desc').limit(3).execute());
    expect(ledger.map((row) => [row.outcome, row.verified])).toEqual([['wrong_client', true], ['invalid_event', true], ['invalid_event', true]]);
    expect(ledger[0]!.detail).toBe('client_key other?app');
  });

  it.skipIf(skip)('refuses a Content-Encoding it does not decode with 415 before the signature check, and records it', async () => {
    const order = await buy(stack.backend.baseUrl, token, 'sticker_pack');
    await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'pay');
    const [delivery] = await sandboxDeliveries(stack.sandbox, `?trade_order_id=${order.trade_order_id}`);
    const body = rawBody(delivery!);
    const now = nowSeconds(stack.sandbox);
    // Signed over the very bytes sent: only the header is wrong, and it is what is refused.
    const res = await post(stack, body, { ...signedHeaders(body, now), 'Content-Encoding': 'gzip' });
    expect(res.status).toBe(415);
    expect((res.json.error as { code: string }).code).toBe('unsupported_encoding');
    expect((await api<OrderView>(stack.backend.baseUrl, `/v1/orders/${order.order_id}`, { token })).body.status).not.toBe('fulfilled');
    const [row] = await withDatabase(stack, (db) => db.selectFrom('webhook_ledger').select(['outcome', 'verified', 'detail']).orderBy('id', 'desc').limit(1).execute());
    expect(row).toEqual({ outcome: 'unsupported_encoding', verified: false, detail: 'Content-Encoding gzip' });
    // `identity` is no encoding at all, and the platform's retry without the header is applied.
    expect(await deliver(stack.backend.webhookUrl, body, { ...signedHeaders(body, nowSeconds(stack.sandbox)), 'Content-Encoding': 'identity' })).toBe(200);
    expect((await api<OrderView>(stack.backend.baseUrl, `/v1/orders/${order.order_id}`, { token })).body.status).toBe('fulfilled');
  });

  it.skipIf(skip)('records a success event naming another order as a mismatch without taking the genuine event’s slot', async () => {
    const paid = await buy(stack.backend.baseUrl, token, 'gems_100');
    const other = await buy(stack.backend.baseUrl, token, 'gems_100');
    const before = (await items(stack.backend.baseUrl, token)).gem ?? 0;
    await sandboxOrderAction(stack.sandbox, paid.trade_order_id!, 'pay');
    const [delivery] = await sandboxDeliveries(stack.sandbox, `?trade_order_id=${paid.trade_order_id}`);
    const genuine = rawBody(delivery!);
    const now = nowSeconds(stack.sandbox);

    // The paid trade order, but the other order's id (and one naming no order at all).
    const wrongOrder = eventBody(stack, SUCCESS, { trade_order_id: paid.trade_order_id, order_id: other.order_id });
    expect(await post(stack, wrongOrder, signedHeaders(wrongOrder, now))).toEqual({ status: 200, json: { received: true, outcome: 'order_mismatch' } });
    const noOrder = eventBody(stack, SUCCESS, { trade_order_id: paid.trade_order_id, order_id: 'ord_nobody' });
    expect(await post(stack, noOrder, signedHeaders(noOrder, now))).toEqual({ status: 200, json: { received: true, outcome: 'unknown_order' } });

    expect(await post(stack, genuine, signedHeaders(genuine, now))).toEqual({ status: 200, json: { received: true, outcome: 'fulfilled' } });
    expect(await post(stack, genuine, signedHeaders(genuine, now))).toEqual({ status: 200, json: { received: true, outcome: 'duplicate' } });
    expect((await api<OrderView>(stack.backend.baseUrl, `/v1/orders/${paid.order_id}`, { token })).body.status).toBe('fulfilled');
    expect((await api<OrderView>(stack.backend.baseUrl, `/v1/orders/${other.order_id}`, { token })).body.status).toBe('created');
    expect((await items(stack.backend.baseUrl, token)).gem).toBe(before + 100);
  });
});
