/**
 * What the Store sends again and what it does not (purchases-service.ts): an order the platform
 * refused is final, so the app asks the backend once and says so; only a lost or 5xx answer is
 * sent again, always under the purchase's one Idempotency-Key. Every POST /v1/orders is counted
 * between the app and its backend program.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { builtinPlatform, testProgramLauncher } from '../../../../support/builtin-platform.js';
import { sandboxExtras, startLossyProxy } from '../../../../support/payment-page.js';
import { setChaos } from '../../../../support/sandbox-session.js';

/** Each test starts the whole app and its two programs: generous for a loaded machine. */
const APP_TEST_MS = 120_000;

let h: AppHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The app with a proxy before its backend program that records each order request's Idempotency-Key and answers every one (the first with a gateway's 504 when asked). */
async function countingOrders(options: { gatewayTimeoutFirst?: boolean } = {}): Promise<{ app: AppHarness; orderPosts: Array<string | undefined> }> {
  const orderPosts: Array<string | undefined> = [];
  h = await startAppHarness({
    host: {
      builtinPlatform: builtinPlatform({
        launch: (spec, log) => {
          const program = testProgramLauncher()(spec, log);
          if (spec.name !== 'backend') return program;
          let proxy: Awaited<ReturnType<typeof startLossyProxy>> | null = null;
          const ready = program.ready.then(async (line) => {
            proxy = await startLossyProxy(String(line.base_url), (req) => {
              if (req.method !== 'POST' || req.url !== '/v1/orders') return false;
              orderPosts.push(req.headers['idempotency-key'] as string | undefined);
              // The backend made the order, but a gateway that gave up waiting answers 504: the app
              // must not take that for "no order" and make another under a new key.
              return options.gatewayTimeoutFirst && orderPosts.length === 1 ? { status: 504, contentType: 'text/html', body: '<h1>504 Gateway Time-out</h1>' } : false;
            });
            return { ...line, base_url: proxy.url };
          });
          return { ready, exited: program.exited, stop: async (deadline) => (await proxy?.close(), program.stop(deadline)) };
        },
      }),
    },
  });
  await h.signIn('sbx-user-ava');
  return { app: h, orderPosts };
}

describe('the Store’s retries', () => {
  it('asks once for an order the platform refused (order_failed is final), and says why in words', { timeout: APP_TEST_MS }, async () => {
    const { app, orderPosts } = await countingOrders();
    const sandboxUrl = await app.sandboxUrl();
    await setChaos(sandboxUrl, [{ route: 'POST /v2/minis/trade_order/create/', probability: 1, status: 400 }]);

    await expect(app.call('store.buy', { openId: 'sbx-user-ava', productId: 'gems_100' })).rejects.toThrow(/order_failed: The Store refused: the platform refused the order/);
    expect(orderPosts).toHaveLength(1);
    await setChaos(sandboxUrl, []);
    expect(await sandboxExtras(sandboxUrl).orders('sbx-user-ava')).toEqual([]);
    expect((await app.call('store.account', { openId: 'sbx-user-ava' })).orders).toEqual([expect.objectContaining({ productId: 'gems_100', status: 'failed' })]);
  });

  it('sends an order answered 5xx (the backend may have made it) again under the same key: one order on the platform', { timeout: APP_TEST_MS }, async () => {
    const { app, orderPosts } = await countingOrders({ gatewayTimeoutFirst: true });
    const started = await app.call('store.buy', { openId: 'sbx-user-ava', productId: 'gems_100' });
    expect(orderPosts).toHaveLength(2);
    expect(orderPosts[1]).toBe(orderPosts[0]);
    const platformOrders = await sandboxExtras(await app.sandboxUrl()).orders('sbx-user-ava');
    expect(platformOrders.map((order) => order.trade_order_id)).toEqual([started.order.tradeOrderId]);
  });

  it('a second purchase of the same product is a new order under a new key, not the first one again', { timeout: APP_TEST_MS }, async () => {
    const { app, orderPosts } = await countingOrders();
    const first = await app.call('store.buy', { openId: 'sbx-user-ava', productId: 'gems_100' });
    const second = await app.call('store.buy', { openId: 'sbx-user-ava', productId: 'gems_100' });
    expect(orderPosts).toHaveLength(2);
    expect(new Set(orderPosts).size).toBe(2);
    expect(second.order.orderId).not.toBe(first.order.orderId);
  });
});
