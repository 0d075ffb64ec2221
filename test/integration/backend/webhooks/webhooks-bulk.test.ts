/**
 * The webhook receiver under a burst, the short bounded form of the bulk deliveries (stress tier,
 * test/tiers.ts; `npm run bench -- webhooks` is the long one): 200 signed deliveries of 15 orders'
 * events, each genuine one 3 to 6 times, the rest forgeries of three kinds, all shuffled and sent
 * 16 at a time, end in exactly-once fulfilment and refunds. On PGlite and on PostgreSQL: whether
 * concurrent duplicates of one event apply once is the database's (its unique keys and locks).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../support/backend-db.js';
import { allInPool } from '../../../support/pool.js';
import { mulberry32 } from '../../../../sandbox/chaos.js';
import {
  api, buy, CLIENT_SECRET, deliver, items, nowSeconds, rawBody, sandboxDeliveries, sandboxOrderAction, setWebhookUrl, signedHeaders, signInThroughBroker, startStack,
  type OrderView, type SandboxDelivery, type Stack, withDatabase,
} from '../../../support/backend-harness.js';

const ORDERS = 15;
const DELIVERIES = 200;

async function ledger(stack: Stack) {
  return withDatabase(stack, async (db) => ({
    rows: await db.selectFrom('webhook_ledger').select(['outcome', 'verified', 'event', 'trade_order_id']).orderBy('id').execute(),
    processed: await db.selectFrom('processed_events').select(['event_key', 'outcome']).execute(),
  }));
}

const count = <T>(list: T[], pick: (item: T) => boolean) => list.filter(pick).length;

describe.each(databaseTargets('sql'))('a burst of webhook deliveries on $target', ({ target, skip }) => {
  let stack: Stack;

  beforeAll(async () => {
    if (skip) return;
    stack = await startStack(target);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.skipIf(skip)(`applies ${DELIVERIES} signed deliveries with duplicates, reordering and forgeries exactly once`, async () => {
    const base = stack.backend.baseUrl;
    const users = ['sbx-user-ava', 'sbx-user-ben', 'sbx-user-chen'];
    const tokens = await Promise.all(users.map(async (u) => (await signInThroughBroker(stack.sandbox, base, u)).access_token));
    await setWebhookUrl(stack.sandbox, null); // the test plays the platform's sender from here on
    const products = ['gems_100', 'sticker_pack', 'pro_month'] as const;
    // Earlier tests may have granted these users items: count from what they own now.
    const expected = await Promise.all(tokens.map((t) => items(base, t)));
    const add = (u: number, item: string, n: number) => {
      if (n > 0) expected[u]![item] = (expected[u]![item] ?? 0) + n;
    };
    const orders: Array<{ order: OrderView; user: number }> = [];
    for (let i = 0; i < ORDERS; i++) {
      const user = i % 3;
      const product = products[Math.floor(i / 3) % 3]!;
      const order = await buy(base, tokens[user]!, product);
      await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'pay');
      // Refunds: every 4th order a quarter of its price, every 8th another fifth. (Two refunds of the
      // same amount in the same second are byte-identical events: indistinguishable from a resend.)
      // gems_100 keeps floor(100 × left / 100); sticker_pack and pro_month ("all") lose everything.
      let refunded = 0;
      for (const [every, part] of [[4, 4], [8, 5]] as const) {
        if (i % every !== 0) continue;
        const amount = Math.max(1, Math.floor(order.amount / part));
        await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'refund', amount);
        refunded += amount;
      }
      if (product === 'gems_100') add(user, 'gem', Math.floor((100 * (100 - refunded)) / 100));
      else if (refunded === 0 && product === 'sticker_pack') add(user, 'sticker_pack', 1);
      else if (refunded === 0) {
        add(user, 'pro_month', 1);
        add(user, 'gem', 50);
      }
      orders.push({ order, user });
    }
    const genuine: SandboxDelivery[] = (await sandboxDeliveries(stack.sandbox)).filter((d) => orders.some((o) => o.order.trade_order_id === d.trade_order_id));
    const successes = count(genuine, (d) => d.event === 'minis.trade_order.redeem.success');
    const refunds = count(genuine, (d) => d.event === 'minis.trade_order.redeem.refund_traceback');
    expect(successes).toBe(ORDERS);
    // Every 4th order and every 8th.
    expect(refunds).toBe(Math.ceil(ORDERS / 4) + Math.ceil(ORDERS / 8));

    // Each genuine event 3 to 6 times, the rest forgeries of three kinds, all shuffled.
    const random = mulberry32(7);
    const now = nowSeconds(stack.sandbox);
    const deliveries: Array<{ body: string; headers: Record<string, string>; forged: boolean }> = [];
    for (const d of genuine) {
      const copies = 3 + Math.floor(random() * 4);
      for (let c = 0; c < copies; c++) deliveries.push({ body: rawBody(d), headers: signedHeaders(rawBody(d), now - Math.floor(random() * 60)), forged: false });
    }
    const forgeries = DELIVERIES - deliveries.length;
    expect(forgeries).toBeGreaterThan(DELIVERIES / 4);
    for (let f = 0; f < forgeries; f++) {
      const body = rawBody(genuine[Math.floor(random() * genuine.length)]!);
      const kind = f % 3;
      if (kind === 0) deliveries.push({ body, headers: signedHeaders(body, now, `${CLIENT_SECRET}x`), forged: true });
      else if (kind === 1) deliveries.push({ body: body.replace(/"create_time":\d+/, '"create_time":1'), headers: signedHeaders(body, now), forged: true });
      else deliveries.push({ body, headers: signedHeaders(body, now - 3600), forged: true });
    }
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    expect(deliveries.length).toBe(DELIVERIES);

    const statuses = await allInPool(deliveries.map((d) => () => deliver(stack.backend.webhookUrl, d.body, d.headers)), 16);
    deliveries.forEach((d, i) => expect(statuses[i], `delivery ${i} (${d.forged ? 'forged' : 'genuine'})`).toBe(d.forged ? 401 : 200));

    for (let u = 0; u < users.length; u++) expect(await items(base, tokens[u]!)).toEqual(expected[u]);
    for (const { order, user } of orders) {
      const view = (await api<OrderView>(base, `/v1/orders/${order.order_id}`, { token: tokens[user]! })).body;
      expect(['fulfilled', 'partially_refunded', 'refunded']).toContain(view.status);
    }

    const { rows, processed } = await ledger(stack);
    const mine = rows.filter((r) => r.trade_order_id === null || orders.some((o) => o.order.trade_order_id === r.trade_order_id));
    expect(count(processed, (p) => p.outcome === 'fulfilled' && orders.some((o) => p.event_key.endsWith(`:${o.order.trade_order_id}`)))).toBe(ORDERS);
    expect(count(mine, (r) => r.verified && r.outcome === 'fulfilled')).toBe(ORDERS);
    expect(count(mine, (r) => r.verified && r.outcome === 'refunded')).toBe(refunds);
    expect(count(mine, (r) => r.verified && r.outcome === 'duplicate')).toBe(deliveries.length - forgeries - successes - refunds);
    expect(count(rows, (r) => !r.verified && r.outcome === 'bad_signature')).toBeGreaterThanOrEqual(Math.ceil((forgeries * 2) / 3));
    expect(count(rows, (r) => !r.verified && r.outcome === 'stale_timestamp')).toBeGreaterThanOrEqual(Math.floor(forgeries / 3));
  }, 180_000);
});
