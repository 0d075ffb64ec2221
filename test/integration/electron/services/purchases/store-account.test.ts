/**
 * store.account is one consistent view of what an account owns and its orders, also when an order
 * is fulfilled while the Store is being read: the app's backend program is reached through a
 * proxy that sends the orders' read on only after the platform's webhook has fulfilled the order
 * (what a slow network does by chance), so a view that read the items before and the orders
 * after would show the order fulfilled and nothing owned.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startAnswerProxy, type AnswerProxy } from '../../../../support/answer-proxy.js';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { builtinPlatform, testProgramLauncher } from '../../../../support/builtin-platform.js';
import { waitFor } from '../../../../support/wait-for.js';
import { payOnPage, sandboxExtras } from '../../../../support/payment-page.js';

let h: AppHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('store.account', () => {
  it('shows an order fulfilled only with its items: one consistent view while the order is fulfilled under it', async () => {
    let release!: () => void;
    const fulfilledFirst = new Promise<void>((resolve) => (release = resolve));
    let armed = false;
    let gated = 0;
    let proxy: AnswerProxy | null = null;
    h = await startAppHarness({
      host: {
        builtinPlatform: builtinPlatform({
          launch: (spec, log) => {
            const program = testProgramLauncher()(spec, log);
            if (spec.name !== 'backend') return program;
            const ready = program.ready.then(async (line) => {
              // Once armed, the first read of the order list goes on only when the test says.
              proxy = await startAnswerProxy(String(line.base_url), (req) => (armed && req.method === 'GET' && req.url === '/v1/orders' && gated++ === 0 ? { sendAfter: fulfilledFirst } : 'relay'));
              return { ...line, base_url: proxy.url };
            });
            return { ready, exited: program.exited, stop: async (deadline) => (await proxy?.close(), program.stop(deadline)) };
          },
        }),
      },
    });
    await h.signIn('sbx-user-ava');
    const sandbox = sandboxExtras(await h.sandboxUrl());
    const webhookUrl = await sandbox.webhookUrl();
    // The platform's webhook cannot reach the backend for now: the order stays paid.
    await sandbox.setWebhookUrl('http://127.0.0.1:9/unreachable');
    const started = await h.call('store.buy', { openId: 'sbx-user-ava', productId: 'sticker_pack' });
    const paid = h.waitForEvent('store.orderUpdated', (event) => event.order.orderId === started.order.orderId && event.order.status === 'paid');
    await payOnPage(started.paymentUrl, 'pay');
    await paid;

    armed = true;
    const account = h.call('store.account', { openId: 'sbx-user-ava' });
    await waitFor('the order list read waiting at the proxy', async () => (gated > 0 ? true : undefined));
    // Meanwhile the webhook arrives: the backend grants the item and marks the order fulfilled.
    const fulfilled = h.waitForEvent('store.orderUpdated', (event) => event.order.orderId === started.order.orderId && event.order.status === 'fulfilled');
    await sandbox.setWebhookUrl(webhookUrl);
    await sandbox.advanceClock(15);
    await fulfilled;
    release();

    const view = await account;
    expect(view.orders).toEqual([expect.objectContaining({ orderId: started.order.orderId, status: 'fulfilled' })]);
    expect(view.items).toEqual({ sticker_pack: 1 });
  });
});
