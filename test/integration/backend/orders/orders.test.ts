/**
 * The store API against a real sandbox, on PGlite and on PostgreSQL: orders priced by the
 * catalog, idempotent by key, owned by the token's account; goods granted only by the sandbox's
 * real signed payment webhook, and taken back by a refund per the product's refund rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../support/backend-db.js';
import { api, buy, items, sandboxDeliveries, sandboxOrderAction, signInThroughBroker, startStack, type OrderView, type Stack } from '../../../support/backend-harness.js';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(databaseTargets('sql'))('store API on $target', ({ target, skip }) => {
  let stack: Stack;
  let ava: string;
  let ben: string;
  const base = () => stack.backend.baseUrl;

  beforeAll(async () => {
    if (skip) return;
    stack = await startStack(target);
    ava = (await signInThroughBroker(stack.sandbox, base(), 'sbx-user-ava')).access_token;
    ben = (await signInThroughBroker(stack.sandbox, base(), 'sbx-user-ben')).access_token;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.skipIf(skip)('answers the catalog to anyone', async () => {
    const res = await api<{ products: Array<{ id: string; price_beans: number; grants: Record<string, number> }> }>(base(), '/v1/catalog');
    expect(res.status).toBe(200);
    expect(res.body.products.map((p) => p.id)).toEqual(['gems_100', 'sticker_pack', 'pro_month']);
    expect(res.body.products[0]).toMatchObject({ price_beans: 100, grants: { gem: 100 } });
  });

  it.skipIf(skip)('prices an order from the catalog, ignoring any amount sent, and creates the platform trade order', async () => {
    const res = await api<OrderView>(base(), '/v1/orders', { method: 'POST', token: ava, json: { product_id: 'gems_100', amount: 1, price_beans: 1 }, headers: { 'Idempotency-Key': 'ava-first' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ product_id: 'gems_100', amount: 100, status: 'created' });
    expect(res.body.order_id).toMatch(/^ord_/);
    expect(res.body.payment_url).toBe(`${stack.sandbox.baseUrl}/sandbox/pay/${res.body.trade_order_id}`);
    const platform = (await (await fetch(`${stack.sandbox.baseUrl}/sandbox/orders/${res.body.trade_order_id}`)).json()) as { data: { token_amount: number; order_id: string; open_id: string } };
    expect(platform.data).toMatchObject({ token_amount: 100, order_id: res.body.order_id, open_id: 'sbx-user-ava' });
  });

  it.skipIf(skip)('answers the same order for the same Idempotency-Key, sequentially and concurrently', async () => {
    const first = await buy(base(), ava, 'sticker_pack', 'ava-same-key');
    const again = await buy(base(), ava, 'sticker_pack', 'ava-same-key');
    expect(again).toEqual(first);
    const burst = await Promise.all(Array.from({ length: 8 }, () => buy(base(), ava, 'pro_month', 'ava-burst')));
    expect(new Set(burst.map((o) => o.order_id)).size).toBe(1);
    expect(new Set(burst.map((o) => o.trade_order_id)).size).toBe(1);
    const reused = await api(base(), '/v1/orders', { method: 'POST', token: ava, json: { product_id: 'gems_100' }, headers: { 'Idempotency-Key': 'ava-same-key' } });
    expect(reused.status).toBe(422);
  });

  it.skipIf(skip)('when op 8 cannot be reached answers 502 and a retry with the same key makes one order; a refused op 8 fails the order', async () => {
    const chaos = async (rules: unknown[]) => {
      const res = await fetch(`${stack.sandbox.baseUrl}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rules) });
      expect(res.status).toBe(200);
    };
    const order = (key: string) => api<OrderView & { error?: { code: string; message: string } }>(base(), '/v1/orders', { method: 'POST', token: ava, json: { product_id: 'gems_100' }, headers: { 'Idempotency-Key': key } });
    const platformOrders = async () => ((await (await fetch(`${stack.sandbox.baseUrl}/sandbox/orders?open_id=sbx-user-ava`)).json()) as { data: { orders: Array<{ order_id: string }> } }).data.orders;
    try {
      await chaos([{ route: 'POST /v2/minis/trade_order/create/', probability: 1, status: 503 }]);
      const down = await order('ava-op8-down');
      expect(down.status).toBe(502);
      expect(down.body.error?.code).toBe('platform_unavailable');
      await chaos([]);
      const retried = await order('ava-op8-down');
      expect(retried.status).toBe(201);
      expect((await platformOrders()).filter((o) => o.order_id === retried.body.order_id)).toHaveLength(1);
      const listed = (await api<{ orders: OrderView[] }>(base(), '/v1/orders', { token: ava })).body.orders;
      expect(listed.filter((o) => o.order_id === retried.body.order_id)).toHaveLength(1);

      await chaos([{ route: 'POST /v2/minis/trade_order/create/', probability: 1, status: 400 }]);
      const refused = await order('ava-op8-refused');
      expect(refused.status).toBe(502);
      expect(refused.body.error?.code).toBe('order_failed');
      await chaos([]);
      // The same key answers the same failed order; it is not sent to the platform again.
      expect((await order('ava-op8-refused')).body.error?.code).toBe('order_failed');
      const failed = (await api<{ orders: Array<OrderView & { failure: string | null }> }>(base(), '/v1/orders', { token: ava })).body.orders[0]!;
      expect(failed).toMatchObject({ status: 'failed', trade_order_id: null, payment_url: null });
      expect(failed.failure).toMatch(/^the platform refused the order/);
      expect((await platformOrders()).some((o) => o.order_id === failed.order_id)).toBe(false);
    } finally {
      await chaos([]);
    }
  });

  it.skipIf(skip)('refuses an unknown token, a missing key and an unknown product', async () => {
    expect((await api(base(), '/v1/orders', { method: 'POST', token: 'act.not-one-of-ours-at-all', json: { product_id: 'gems_100' }, headers: { 'Idempotency-Key': 'k' } })).status).toBe(401);
    expect((await api(base(), '/v1/orders', { method: 'POST', json: { product_id: 'gems_100' }, headers: { 'Idempotency-Key': 'k' } })).status).toBe(401);
    expect((await api(base(), '/v1/orders', { method: 'POST', token: ava, json: { product_id: 'gems_100' } })).status).toBe(400);
    expect((await api(base(), '/v1/orders', { method: 'POST', token: ava, json: { product_id: 'nope' }, headers: { 'Idempotency-Key': 'k2' } })).status).toBe(404);
  });

  it.skipIf(skip)('keeps accounts apart: another user’s order is 404 and lists hold only the account’s orders, newest first', async () => {
    const bens = await buy(base(), ben, 'gems_100');
    expect((await api(base(), `/v1/orders/${bens.order_id}`, { token: ava })).status).toBe(404);
    expect((await api<OrderView>(base(), `/v1/orders/${bens.order_id}`, { token: ben })).body.order_id).toBe(bens.order_id);
    const second = await buy(base(), ben, 'sticker_pack');
    const list = await api<{ orders: OrderView[]; next_before: string | null }>(base(), '/v1/orders', { token: ben });
    expect(list.body.orders.map((o) => o.order_id)).toEqual([second.order_id, bens.order_id]);
    expect(list.body.next_before).toBeNull();

    // Every order, page by page: next_before says where the next page starts.
    const first = await api<{ orders: OrderView[]; next_before: string | null }>(base(), '/v1/orders?limit=1', { token: ben });
    expect(first.body.orders.map((o) => o.order_id)).toEqual([second.order_id]);
    expect(first.body.next_before).toBe(second.order_id);
    const last = await api<{ orders: OrderView[]; next_before: string | null }>(base(), `/v1/orders?limit=1&before=${first.body.next_before}`, { token: ben });
    expect(last.body.orders.map((o) => o.order_id)).toEqual([bens.order_id]);
    expect(last.body.next_before).toBeNull();
    expect((await api(base(), `/v1/orders?before=${bens.order_id}`, { token: ava })).status).toBe(400);
    expect((await api(base(), '/v1/orders?limit=101', { token: ben })).status).toBe(400);
  });

  it.skipIf(skip)('grants the items only when the signed payment webhook arrives, and a refund takes back per the refund rule', async () => {
    const chen = (await signInThroughBroker(stack.sandbox, base(), 'sbx-user-chen')).access_token;
    const order = await buy(base(), chen, 'gems_100');
    expect(await items(base(), chen)).toEqual({});
    await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'pay');
    const fulfilled = await until(() => api<OrderView>(base(), `/v1/orders/${order.order_id}`, { token: chen }), (r) => r.body.status === 'fulfilled', 'fulfilment');
    expect(fulfilled.body.payment_url).toBeNull();
    expect(await items(base(), chen)).toEqual({ gem: 100 });
    const [delivery] = await sandboxDeliveries(stack.sandbox, `?trade_order_id=${order.trade_order_id}`);
    expect(delivery).toMatchObject({ event: 'minis.trade_order.redeem.success', state: 'delivered' });

    // 25 of 100 beans back: a proportional rule keeps floor(100 × 75 / 100) = 75 gems.
    await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'refund', 25);
    await until(() => api<OrderView>(base(), `/v1/orders/${order.order_id}`, { token: chen }), (r) => r.body.status === 'partially_refunded', 'partial refund');
    expect(await items(base(), chen)).toEqual({ gem: 75 });
    await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'refund', 75);
    const refunded = await until(() => api<OrderView>(base(), `/v1/orders/${order.order_id}`, { token: chen }), (r) => r.body.status === 'refunded', 'full refund');
    expect(refunded.body.refunded_amount).toBe(100);
    expect(await items(base(), chen)).toEqual({});
  });

  it.skipIf(skip)('shows a cancelled or failed payment as such, without granting anything', async () => {
    const cancelled = await buy(base(), ava, 'pro_month');
    await sandboxOrderAction(stack.sandbox, cancelled.trade_order_id!, 'cancel');
    expect((await api<OrderView>(base(), `/v1/orders/${cancelled.order_id}`, { token: ava })).body.status).toBe('cancelled');
    const failed = await buy(base(), ava, 'pro_month');
    await sandboxOrderAction(stack.sandbox, failed.trade_order_id!, 'fail');
    expect((await api<OrderView>(base(), `/v1/orders/${failed.order_id}`, { token: ava })).body.status).toBe('failed');
    expect((await items(base(), ava)).pro_month).toBeUndefined();
  });

  it.skipIf(skip)('keeps orders and entitlements across a restart of the backend', async () => {
    const dana = (await signInThroughBroker(stack.sandbox, base(), 'sbx-user-ben')).access_token;
    const order = await buy(base(), dana, 'pro_month');
    await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'pay');
    await until(() => api<OrderView>(base(), `/v1/orders/${order.order_id}`, { token: dana }), (r) => r.body.status === 'fulfilled', 'fulfilment');
    await stack.restartBackend();
    expect((await api<OrderView>(base(), `/v1/orders/${order.order_id}`, { token: dana })).body.status).toBe('fulfilled');
    expect(await items(base(), dana)).toMatchObject({ pro_month: 1, gem: 50 });
  });
});
