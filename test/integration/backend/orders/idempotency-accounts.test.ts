/**
 * An Idempotency-Key belongs to the account that sent it (backend/orders/orders-store.ts, the
 * schema's (open_id, idempotency_key) constraint): two accounts that happen to send the same key
 * (a client that counts its keys, a copied script) make two orders, each its own, and neither
 * ever sees the other's order, nor a 422 for a product the other bought under that key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../support/backend-db.js';
import { api, buy, signInThroughBroker, startStack, type OrderView, type Stack } from '../../../support/backend-harness.js';

describe.each(databaseTargets('sql'))('Idempotency-Key per account on $target', ({ target, skip }) => {
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

  it.skipIf(skip)('the same key from two accounts makes two orders, each answered and listed to its own account only', async () => {
    const avaOrder = await buy(base(), ava, 'sticker_pack', 'order-1');
    const benOrder = await buy(base(), ben, 'sticker_pack', 'order-1');
    expect(benOrder.order_id).not.toBe(avaOrder.order_id);
    expect(benOrder.trade_order_id).not.toBe(avaOrder.trade_order_id);
    // Each key still means one order within its account.
    expect(await buy(base(), ben, 'sticker_pack', 'order-1')).toEqual(benOrder);
    expect(await buy(base(), ava, 'sticker_pack', 'order-1')).toEqual(avaOrder);

    const list = async (token: string) => (await api<{ open_id: string; orders: OrderView[] }>(base(), '/v1/orders', { token })).body;
    expect((await list(ava)).orders.map((o) => o.order_id)).toEqual([avaOrder.order_id]);
    expect((await list(ben)).orders.map((o) => o.order_id)).toEqual([benOrder.order_id]);
  });

  it.skipIf(skip)('a key another account used for another product is no reuse for this one', async () => {
    await buy(base(), ava, 'pro_month', 'order-2');
    const res = await api<OrderView>(base(), '/v1/orders', { method: 'POST', token: ben, json: { product_id: 'gems_100' }, headers: { 'Idempotency-Key': 'order-2' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ product_id: 'gems_100', status: 'created' });
  });
});
