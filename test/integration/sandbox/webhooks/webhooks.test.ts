/**
 * Payment webhooks over real HTTP to a real receiver: the envelope and Tiktok-Signature of each
 * event, retries with growing gaps on the virtual clock after a 500, a reset and a timeout,
 * giving up after 72 hours, duplicates on purpose, and the app's webhook URL set at run time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, advanceClock, callB, extras, signIn, startTestSandbox, CLIENT_KEY, CLIENT_SECRET, type Sandbox, type TokenSet } from '../../../support/sandbox-client.js';
import { createOrder, deliveriesOf, orderAction, orderBody, refund, startReceiver, verifySignature, waitFor, waitForDeliveries, type Receiver } from '../../../support/webhook-receiver.js';

let sandbox: Sandbox;
let receiver: Receiver;
let ava: TokenSet;
let n = 0;
const newOrderId = () => `wh-${Date.now()}-${++n}`;

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startTestSandbox({ apps: [{ ...APP, webhook_url: receiver.url }] });
  ava = await signIn(sandbox, { scope: 'user.info.basic' });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

const virtualNowS = async () => Math.floor((await extras<{ now_ms: number }>(sandbox, '/sandbox/clock')).data.now_ms / 1000);
const settings = (body: Record<string, unknown>) => extras(sandbox, '/sandbox/webhooks/settings', 'PUT', body);

async function paidOrder(options: { amount?: number; script?: Parameters<Receiver['script']>[1] } = {}) {
  const orderId = newOrderId();
  const id = await createOrder(sandbox, ava.access_token, orderBody(orderId, { token_amount: options.amount ?? 100 }));
  if (options.script) receiver.script(id, options.script);
  const paid = await orderAction(sandbox, id, 'pay');
  expect(paid.status).toBe(200);
  return { id, orderId };
}

describe('redeem.success', () => {
  it('is POSTed to the webhook_url with the spec envelope, a JSON-string content and a valid Tiktok-Signature', async () => {
    const before = await virtualNowS();
    const { id, orderId } = await paidOrder();
    const [hook] = await waitFor('the webhook', () => (receiver.about(id).length > 0 ? receiver.about(id) : undefined));
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.envelope).toEqual({ client_key: CLIENT_KEY, event: 'minis.trade_order.redeem.success', create_time: expect.any(Number), user_openid: '', content: expect.any(String) });
    expect(Number.isInteger(hook!.envelope.create_time)).toBe(true);
    expect(hook!.envelope.create_time).toBeGreaterThanOrEqual(before);
    expect(JSON.parse(hook!.envelope.content)).toEqual({ trade_order_id: id, order_id: orderId, is_sandbox: true });

    const signature = verifySignature(hook!.headers['tiktok-signature'], hook!.raw, CLIENT_SECRET);
    expect(signature.valid).toBe(true);
    expect(Math.abs(signature.t - (await virtualNowS()))).toBeLessThan(300);
    expect(verifySignature(hook!.headers['tiktok-signature'], hook!.raw, 'another secret').valid).toBe(false);
    expect(verifySignature(hook!.headers['tiktok-signature'], hook!.raw.replace('"is_sandbox\\":true', '"is_sandbox\\":false'), CLIENT_SECRET).valid).toBe(false);

    const [delivery] = await waitForDeliveries(sandbox, id, 'delivered', (list) => list[0]?.state === 'delivered');
    expect(delivery).toMatchObject({ event: 'minis.trade_order.redeem.success', trade_order_id: id, order_id: orderId, state: 'delivered', duplicate_of: null, next_attempt_at: null });
    expect(delivery!.attempts).toEqual([expect.objectContaining({ number: 1, status: 200, error: null, url: receiver.url, at: expect.any(String), duration_ms: expect.any(Number), retry_in_ms: null })]);
    expect(delivery!.payload).toEqual(JSON.parse(hook!.raw));
  });

  it('is retried after a 500 and a connection reset with growing gaps on the virtual clock, then delivered', async () => {
    const { id } = await paidOrder({ script: [500, 'reset'] });
    let [d] = await waitForDeliveries(sandbox, id, 'attempt 1', (list) => list[0]?.attempts.length === 1);
    expect(d!.state).toBe('pending');
    expect(d!.attempts[0]).toMatchObject({ status: 500, error: 'HTTP 500', retry_in_ms: 10_000 });
    expect(Date.parse(d!.next_attempt_at!) - d!.attempts[0]!.at_ms).toBe(10_000);

    // Not due yet: nothing happens without the clock moving.
    await new Promise((r) => setTimeout(r, 200));
    expect((await deliveriesOf(sandbox, id))[0]!.attempts).toHaveLength(1);

    await advanceClock(sandbox, 10);
    [d] = await waitForDeliveries(sandbox, id, 'attempt 2', (list) => list[0]?.attempts.length === 2);
    expect(d!.state).toBe('pending');
    expect(d!.attempts[1]).toMatchObject({ status: null, error: expect.stringMatching(/ECONNRESET|socket hang up/), retry_in_ms: 20_000 });

    await advanceClock(sandbox, 10);
    await new Promise((r) => setTimeout(r, 200));
    expect((await deliveriesOf(sandbox, id))[0]!.attempts).toHaveLength(2);
    await advanceClock(sandbox, 10);
    [d] = await waitForDeliveries(sandbox, id, 'delivered', (list) => list[0]?.state === 'delivered');
    const [a1, a2, a3] = d!.attempts;
    expect(a3).toMatchObject({ status: 200, error: null });
    const gap1 = a2!.at_ms - a1!.at_ms;
    const gap2 = a3!.at_ms - a2!.at_ms;
    expect(gap1).toBeGreaterThanOrEqual(10_000);
    expect(gap2).toBeGreaterThanOrEqual(20_000);
    expect(gap2).toBeGreaterThan(gap1);

    const hooks = receiver.about(id);
    expect(hooks.map((h) => h.answered)).toEqual([500, 'reset', 200]);
    // Same bytes every time, each attempt signed with its own (virtual) time.
    expect(new Set(hooks.map((h) => h.raw)).size).toBe(1);
    const ts = hooks.map((h) => verifySignature(h.headers['tiktok-signature'], h.raw, CLIENT_SECRET));
    expect(ts.every((s) => s.valid)).toBe(true);
    expect(ts[2]!.t - ts[0]!.t).toBeGreaterThanOrEqual(30);
  });

  it('an attempt that outlasts the timeout is a failure and is retried', async () => {
    await settings({ timeout_ms: 300 });
    try {
      const { id } = await paidOrder({ script: ['hang'] });
      const [d] = await waitForDeliveries(sandbox, id, 'timed-out attempt', (list) => list[0]?.attempts.length === 1);
      expect(d!.attempts[0]).toMatchObject({ status: null, error: 'timeout after 300 ms' });
      // The receiver got the request and never answered: the sandbox's own deadline ended it (how
      // long that took is real time, a benchmark's business, not an assertion here).
      expect(receiver.about(id).map((h) => h.answered)).toEqual(['hang']);
      await advanceClock(sandbox, 10);
      const [done] = await waitForDeliveries(sandbox, id, 'delivered', (list) => list[0]?.state === 'delivered');
      expect(done!.attempts).toHaveLength(2);
    } finally {
      await settings({ timeout_ms: 5000 });
    }
  });

  it('gives up once the next attempt would be more than 72 hours after the first', async () => {
    const { id } = await paidOrder({ script: Array(10).fill(503) });
    await waitForDeliveries(sandbox, id, 'attempt 1', (list) => list[0]?.attempts.length === 1);
    await advanceClock(sandbox, 71 * 3600);
    let [d] = await waitForDeliveries(sandbox, id, 'attempt 2', (list) => list[0]?.attempts.length === 2);
    expect(d!.state).toBe('pending');
    await advanceClock(sandbox, 3600);
    [d] = await waitForDeliveries(sandbox, id, 'given up', (list) => list[0]?.state === 'gave_up');
    expect(d!.attempts).toHaveLength(3);
    expect(d!.attempts.every((a) => a.status === 503)).toBe(true);
    expect(d!.attempts.at(-1)!.retry_in_ms).toBeNull();
    expect(d!.next_attempt_at).toBeNull();
    expect(d!.attempts.at(-1)!.at_ms - d!.attempts[0]!.at_ms).toBeGreaterThanOrEqual(72 * 3600 * 1000);
    await advanceClock(sandbox, 3600);
    await new Promise((r) => setTimeout(r, 150));
    expect(receiver.about(id)).toHaveLength(3);
    expect((await extras<{ deliveries: unknown[] }>(sandbox, '/sandbox/webhooks?state=gave_up')).data.deliveries.length).toBeGreaterThanOrEqual(1);
    // 73 virtual hours expired the 24-hour access token: sign in again for the tests that follow.
    ava = await signIn(sandbox, { scope: 'user.info.basic' });
  });

  it('the duplicate-delivery chaos sends a delivered event a second time on purpose', async () => {
    const set = await settings({ duplicate_probability: 1 });
    expect(set.data).toMatchObject({ duplicate_probability: 1, timeout_ms: 5000 });
    try {
      const { id, orderId } = await paidOrder();
      const list = await waitForDeliveries(sandbox, id, 'both copies delivered', (l) => l.length === 2 && l.every((d) => d.state === 'delivered'));
      expect(list[1]!.duplicate_of).toBe(list[0]!.delivery_id);
      const hooks = receiver.about(id);
      expect(hooks).toHaveLength(2);
      expect(hooks.map((h) => h.content)).toEqual([
        { trade_order_id: id, order_id: orderId, is_sandbox: true },
        { trade_order_id: id, order_id: orderId, is_sandbox: true },
      ]);
      expect(hooks[1]!.raw).toBe(hooks[0]!.raw);
      expect(hooks.every((h) => verifySignature(h.headers['tiktok-signature'], h.raw, CLIENT_SECRET).valid)).toBe(true);
    } finally {
      await settings({ duplicate_probability: 0 });
    }
  });

  it('settings are validated', async () => {
    expect((await settings({ duplicate_probability: 2 })).status).toBe(400);
    expect((await settings({ timeout_ms: 1 })).status).toBe(400);
    expect((await settings({ retries: 3 })).status).toBe(400);
    expect((await extras<{ duplicate_probability: number }>(sandbox, '/sandbox/webhooks/settings')).data.duplicate_probability).toBe(0);
  });
});

describe('refund_traceback', () => {
  it('POST /sandbox/orders/{id}/refund sends refund_traceback with refund_amount in the content', async () => {
    const { id, orderId } = await paidOrder({ amount: 80 });
    await waitForDeliveries(sandbox, id, 'success delivered', (l) => l[0]?.state === 'delivered');
    const res = await refund(sandbox, id, 30);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: 'paid', refunded_amount: 30, refunds: [{ refund_amount: 30, at: expect.any(String), delivery_id: expect.any(String) }] });
    const hook = await waitFor('refund webhook', () => receiver.about(id).find((h) => h.envelope.event === 'minis.trade_order.redeem.refund_traceback'));
    expect(JSON.parse(hook.envelope.content)).toEqual({ trade_order_id: id, order_id: orderId, is_sandbox: true, refund_amount: 30 });
    expect(hook.envelope).toMatchObject({ client_key: CLIENT_KEY, user_openid: '' });
    expect(verifySignature(hook.headers['tiktok-signature'], hook.raw, CLIENT_SECRET).valid).toBe(true);
    const list = await waitForDeliveries(sandbox, id, 'refund delivered', (l) => l.length === 2 && l[1]!.state === 'delivered');
    expect(list.map((d) => d.event)).toEqual(['minis.trade_order.redeem.success', 'minis.trade_order.redeem.refund_traceback']);
    // Refund success/fail events are "currently unavailable": never sent.
    expect(receiver.received.some((h) => /refund_(success|fail)/.test(h.envelope.event))).toBe(false);
  });
});

describe('the app webhook URL', () => {
  const put = (body: unknown, key = CLIENT_KEY) => extras<{ url: string | null; source: string }>(sandbox, `/sandbox/apps/${key}/webhook`, 'PUT', body);

  it('can be changed at run time; deliveries go to the new URL', async () => {
    const other = await startReceiver();
    try {
      expect((await put({ url: other.url })).data).toMatchObject({ url: other.url, source: 'runtime' });
      const { id } = await paidOrder();
      await waitFor('delivery to the new receiver', () => (other.about(id).length === 1 ? true : undefined));
      expect(receiver.about(id)).toHaveLength(0);
    } finally {
      const back = await extras<{ url: string; source: string }>(sandbox, `/sandbox/apps/${CLIENT_KEY}/webhook`, 'DELETE');
      expect(back.data).toMatchObject({ url: receiver.url, source: 'config' });
      await other.close();
    }
  });

  it('set to null: the payment succeeds and the delivery is recorded as skipped', async () => {
    await put({ url: null });
    try {
      const { id } = await paidOrder();
      const [d] = await deliveriesOf(sandbox, id);
      expect(d).toMatchObject({ state: 'skipped', attempts: [], note: expect.stringMatching(/no webhook_url/) });
      await new Promise((r) => setTimeout(r, 150));
      expect(receiver.about(id)).toHaveLength(0);
    } finally {
      await extras(sandbox, `/sandbox/apps/${CLIENT_KEY}/webhook`, 'DELETE');
    }
  });

  it('accepts only http(s) URLs, JSON bodies, and known apps', async () => {
    for (const url of ['ftp://example.com/hook', 'not a url', 'http://user:pw@example.com/', 42]) expect((await put({ url })).status).toBe(400);
    expect((await put({ url: 'http://127.0.0.1:1/' }, 'no_such_app')).status).toBe(404);
    const text = await callB(`${sandbox.baseUrl}/sandbox/apps/${CLIENT_KEY}/webhook`, { method: 'PUT', rawBody: JSON.stringify({ url: 'http://127.0.0.1:1/' }), headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect((await extras<{ url: string }>(sandbox, `/sandbox/apps/${CLIENT_KEY}/webhook`)).data.url).toBe(receiver.url);
  });
});

describe('GET /sandbox/webhooks', () => {
  it('lists every delivery with its attempts, filterable by state and trade_order_id', async () => {
    const all = await extras<{ deliveries: Array<{ state: string; attempts: unknown[] }> }>(sandbox, '/sandbox/webhooks');
    expect(all.status).toBe(200);
    expect(all.data.deliveries.length).toBeGreaterThan(3);
    const delivered = await extras<{ deliveries: Array<{ state: string }> }>(sandbox, '/sandbox/webhooks?state=delivered');
    expect(delivered.data.deliveries.every((d) => d.state === 'delivered')).toBe(true);
    expect((await extras(sandbox, '/sandbox/webhooks?state=lost')).status).toBe(400);
    // No signature and no secret is ever shown.
    const text = JSON.stringify(all.data);
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toMatch(/s=[0-9a-f]{64}/);
  });
});
