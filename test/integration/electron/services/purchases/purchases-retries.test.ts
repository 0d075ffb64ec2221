/**
 * What the Store sends again and what it does not (purchases-service.ts): an order the platform
 * refused is final, so the app asks the backend once and says so; only a lost or 5xx answer is
 * sent again, always under the purchase's one Idempotency-Key. Every POST /v1/orders is counted
 * between the app and its backend program.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { childProcessLauncher } from '../../../../../electron/services/builtin-platform/child-process-launcher.js';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { builtinPlatform } from '../../../../support/builtin-platform.js';
import { sandboxExtras, startLossyProxy } from '../../../../support/payment-page.js';
import { setChaos } from '../../../../support/sandbox-session.js';

/** Each test starts the whole app and its two programs: generous for a loaded machine. */
const APP_TEST_MS = 120_000;

let h: AppHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/**
 * A gateway before `target` that forwards every request; the first POST /v1/orders is done by the
 * backend but answered 504, as a proxy that gave up waiting would: the app must not take that for
 * "no order" and make another under a new key.
 */
async function startTimingOutGateway(target: string, orderPosts: Array<string | undefined>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const isOrder = req.method === 'POST' && req.url === '/v1/orders';
      if (isOrder) orderPosts.push(req.headers['idempotency-key'] as string | undefined);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined });
      const text = await answer.text();
      if (isOrder && orderPosts.length === 1) return res.writeHead(504, { 'content-type': 'text/html' }).end('<h1>504 Gateway Time-out</h1>');
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** The app with a proxy before its backend program that records each order request's Idempotency-Key and answers every one. */
async function countingOrders(options: { gatewayTimeoutFirst?: boolean } = {}): Promise<{ app: AppHarness; orderPosts: Array<string | undefined> }> {
  const orderPosts: Array<string | undefined> = [];
  h = await startAppHarness({
    host: {
      builtinPlatform: builtinPlatform({
        launch: (spec, log) => {
          const program = childProcessLauncher()(spec, log);
          if (spec.name !== 'backend') return program;
          let proxy: { url: string; close(): Promise<void> } | null = null;
          const ready = program.ready.then(async (line) => {
            proxy = options.gatewayTimeoutFirst
              ? await startTimingOutGateway(String(line.base_url), orderPosts)
              : await startLossyProxy(String(line.base_url), (req) => {
                  if (req.method === 'POST' && req.url === '/v1/orders') orderPosts.push(req.headers['idempotency-key'] as string | undefined);
                  return false;
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

    await expect(app.call('store.buy', { openId: 'sbx-user-ava', productId: 'gems_100' })).rejects.toThrow(/order_failed: Draftdeck could not start the purchase: the platform refused the order/);
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
