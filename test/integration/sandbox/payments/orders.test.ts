/**
 * Trade orders over real HTTP: op 8's validation, authentication and order_id rules, the order
 * states through the sandbox API, and the payment page a person uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, api, callB, extras, signIn, startTestSandbox, tokenRequest, CLIENT_KEY, CLIENT_SECRET, type Sandbox, type TokenSet } from '../../../support/sandbox-client.js';
import { CREATE_ORDER, createOrder, orderAction, orderBody, refund, startReceiver, type Receiver } from '../../../support/webhook-receiver.js';

let sandbox: Sandbox;
let receiver: Receiver;
let ava: TokenSet;
let ben: TokenSet;
let n = 0;
const newOrderId = () => `order-${Date.now()}-${++n}`;

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startTestSandbox({ apps: [{ ...APP, webhook_url: receiver.url }] });
  ava = await signIn(sandbox, { openId: 'sbx-user-ava', scope: 'user.info.basic' });
  ben = await signIn(sandbox, { openId: 'sbx-user-ben', scope: 'user.info.basic' });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

describe('op 8: create a payment order', () => {
  it('answers shape B with a trade_order_id for a valid body and a user token of any scope', async () => {
    const res = await api(sandbox, CREATE_ORDER, ava.access_token, orderBody(newOrderId()));
    expect(res.status).toBe(200);
    expect(res.error).toEqual({ code: 'ok', message: '', log_id: expect.stringMatching(/^\d{14}[0-9A-F]{20}$/) });
    expect(res.data).toEqual({ trade_order_id: expect.stringMatching(/^\d{19}$/) });
  });

  it('requires the user access token: missing, unknown, revoked and client tokens are 401 access_token_invalid', async () => {
    const missing = await api(sandbox, CREATE_ORDER, undefined, orderBody(newOrderId()));
    expect(missing.status).toBe(401);
    expect(missing.error).toMatchObject({ code: 'access_token_invalid', message: expect.stringContaining('Authorization'), log_id: expect.any(String) });
    const unknown = await api(sandbox, CREATE_ORDER, 'act.not-a-real-token-at-all', orderBody(newOrderId()));
    expect(unknown.status).toBe(401);
    const client = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'client_credentials' });
    const withClient = await api(sandbox, CREATE_ORDER, client.body.access_token as string, orderBody(newOrderId()));
    expect(withClient.status).toBe(401);
    expect(withClient.error.message).toMatch(/client access token/);
    const chen = await signIn(sandbox, { openId: 'sbx-user-chen', scope: 'user.info.basic' });
    await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, token: chen.access_token }, '/v2/oauth/revoke/');
    const revoked = await api(sandbox, CREATE_ORDER, chen.access_token, orderBody(newOrderId()));
    expect(revoked.status).toBe(401);
    expect(revoked.error.message).toMatch(/revoked/);
  });

  it('checks the token before the body', async () => {
    const res = await api(sandbox, CREATE_ORDER, undefined, { nonsense: true });
    expect(res.status).toBe(401);
  });

  const valid = () => orderBody(newOrderId()) as { token_type: unknown; token_amount: unknown; order_info: Record<string, unknown> };
  const cases: Array<[string, (b: ReturnType<typeof valid>) => unknown, RegExp]> = [
    ['token_type missing', ({ token_type: _, ...b }) => b, /^token_type: is required/],
    ['token_type not BEANS', (b) => ({ ...b, token_type: 'COINS' }), /^token_type: must be BEANS/],
    ['token_amount missing', ({ token_amount: _, ...b }) => b, /^token_amount: is required/],
    ['token_amount zero', (b) => ({ ...b, token_amount: 0 }), /^token_amount: must be positive/],
    ['token_amount negative', (b) => ({ ...b, token_amount: -5 }), /^token_amount: must be positive/],
    ['token_amount fractional', (b) => ({ ...b, token_amount: 1.5 }), /^token_amount: must be a whole number/],
    ['token_amount a string', (b) => ({ ...b, token_amount: '100' }), /^token_amount: must be a number/],
    ['order_info missing', ({ order_info: _, ...b }) => b, /^order_info: is required/],
    ['order_info not an object', (b) => ({ ...b, order_info: 'x' }), /^order_info: must be an object/],
    ['order_id missing', (b) => ({ ...b, order_info: { ...b.order_info, order_id: undefined } }), /^order_info\.order_id: is required/],
    ['order_id empty', (b) => ({ ...b, order_info: { ...b.order_info, order_id: '' } }), /^order_info\.order_id: must not be empty/],
    ['order_id blank', (b) => ({ ...b, order_info: { ...b.order_info, order_id: '   ' } }), /^order_info\.order_id: must not be empty/],
    ['order_id a number', (b) => ({ ...b, order_info: { ...b.order_info, order_id: 42 } }), /^order_info\.order_id: must be a string/],
    ['order_id too long', (b) => ({ ...b, order_info: { ...b.order_info, order_id: 'x'.repeat(129) } }), /^order_info\.order_id: must be at most 128/],
    ['product_name missing', (b) => ({ ...b, order_info: { ...b.order_info, product_name: undefined } }), /^order_info\.product_name: is required/],
    ['product_name empty', (b) => ({ ...b, order_info: { ...b.order_info, product_name: '' } }), /^order_info\.product_name: must not be empty/],
    ['order_url not a string', (b) => ({ ...b, order_info: { ...b.order_info, order_url: 7 } }), /^order_info\.order_url: must be a string/],
    ['quantity zero', (b) => ({ ...b, order_info: { ...b.order_info, quantity: 0 } }), /^order_info\.quantity: must be positive/],
    ['quantity fractional', (b) => ({ ...b, order_info: { ...b.order_info, quantity: 2.5 } }), /^order_info\.quantity: must be a whole number/],
    ['quantity_unit not a string', (b) => ({ ...b, order_info: { ...b.order_info, quantity_unit: 1 } }), /^order_info\.quantity_unit: must be a string/],
    ['image_url not a URL', (b) => ({ ...b, order_info: { ...b.order_info, image_url: 'gems.png' } }), /^order_info\.image_url: must be an http\(s\) URL/],
    ['image_url not http(s)', (b) => ({ ...b, order_info: { ...b.order_info, image_url: 'ftp://cdn.example/gems.png' } }), /^order_info\.image_url: must be an http\(s\) URL/],
  ];
  it.each(cases)('refuses %s with 400 invalid_params naming the field', async (_name, change, message) => {
    const res = await api(sandbox, CREATE_ORDER, ava.access_token, change(valid()));
    expect(res.status).toBe(400);
    expect(res.data).toEqual({});
    expect(res.error).toMatchObject({ code: 'invalid_params', message: expect.stringMatching(message), log_id: expect.any(String) });
  });

  it('refuses a body that is not JSON or not an object', async () => {
    for (const rawBody of ['{"token_type":', '[1,2]', '']) {
      const res = await callB(`${sandbox.baseUrl}${CREATE_ORDER}`, { token: ava.access_token, rawBody });
      expect(res.status).toBe(400);
      expect(res.error.code).toBe('invalid_params');
      expect(res.error.message).toMatch(/JSON/);
    }
  });

  it('accepts every optional field when typed right', async () => {
    const body = { token_type: 'BEANS', token_amount: 5, order_info: { order_id: newOrderId(), product_name: 'Sword', order_url: '/orders/77', quantity: 3, quantity_unit: 'piece', image_url: 'https://cdn.example/sword.png' } };
    const id = await createOrder(sandbox, ava.access_token, body);
    const view = await extras<{ order_info: unknown; token_amount: number; status: string; open_id: string; client_key: string; payment_url: string }>(sandbox, `/sandbox/orders/${id}`);
    expect(view.data).toMatchObject({ order_info: body.order_info, token_amount: 5, status: 'created', open_id: 'sbx-user-ava', client_key: CLIENT_KEY, payment_url: `${sandbox.baseUrl}/sandbox/pay/${id}` });
  });
});

describe('order_id is unique per app', () => {
  it('the same order_id with the same body returns the same trade_order_id (key order and unknown keys do not matter)', async () => {
    const orderId = newOrderId();
    const first = await createOrder(sandbox, ava.access_token, orderBody(orderId));
    const body = orderBody(orderId);
    const reordered = { order_info: { quantity_unit: body.order_info.quantity_unit, quantity: body.order_info.quantity, product_name: body.order_info.product_name, order_id: orderId }, token_amount: body.token_amount, token_type: 'BEANS', ignored_extra: true };
    expect(await createOrder(sandbox, ava.access_token, orderBody(orderId))).toBe(first);
    expect(await createOrder(sandbox, ava.access_token, reordered)).toBe(first);
    const list = await extras<{ orders: Array<{ order_id: string }> }>(sandbox, '/sandbox/orders?open_id=sbx-user-ava');
    expect(list.data.orders.filter((o) => o.order_id === orderId)).toHaveLength(1);
  });

  it('the same order_id with a different body is 400 invalid_params', async () => {
    const orderId = newOrderId();
    await createOrder(sandbox, ava.access_token, orderBody(orderId));
    for (const body of [orderBody(orderId, { token_amount: 101 }), orderBody(orderId, { product_name: 'Other gems' }), { ...orderBody(orderId), order_info: { order_id: orderId, product_name: '100 gems' } }]) {
      const res = await api(sandbox, CREATE_ORDER, ava.access_token, body);
      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({ code: 'invalid_params', message: expect.stringMatching(/order_id.*different order/) });
    }
  });

  it('another user cannot reuse an order_id of the same app', async () => {
    const orderId = newOrderId();
    await createOrder(sandbox, ava.access_token, orderBody(orderId));
    const res = await api(sandbox, CREATE_ORDER, ben.access_token, orderBody(orderId));
    expect(res.status).toBe(400);
    expect(res.error.message).toMatch(/another user/);
  });

  it('an order that was cancelled keeps its order_id: resending it returns the closed order, a new order_id is needed', async () => {
    const orderId = newOrderId();
    const id = await createOrder(sandbox, ava.access_token, orderBody(orderId));
    expect((await orderAction(sandbox, id, 'cancel')).status).toBe(200);
    expect(await createOrder(sandbox, ava.access_token, orderBody(orderId))).toBe(id);
    expect(await createOrder(sandbox, ava.access_token, orderBody(newOrderId()))).not.toBe(id);
  });
});

describe('order states through the sandbox API', () => {
  it('pay moves created to paid once; paying again is 409 order_already_paid', async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(newOrderId()));
    const paid = await orderAction(sandbox, id, 'pay');
    expect(paid.status).toBe(200);
    expect(paid.data).toMatchObject({ trade_order_id: id, status: 'paid', paid_at: expect.any(String), delivery_ids: [expect.any(String)] });
    const again = await orderAction(sandbox, id, 'pay');
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'order_already_paid', message: expect.stringMatching(/paid at most once/) });
    for (const action of ['fail', 'cancel'] as const) expect((await orderAction(sandbox, id, action)).error.code).toBe('order_already_paid');
    const view = await extras<{ status: string; delivery_ids: string[] }>(sandbox, `/sandbox/orders/${id}`);
    expect(view.data.status).toBe('paid');
    expect(view.data.delivery_ids).toHaveLength(1);
  });

  it.each(['fail', 'cancel'] as const)('after %s an order can never be paid (409 order_closed)', async (action) => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(newOrderId()));
    const closed = await orderAction(sandbox, id, action);
    expect(closed.status).toBe(200);
    expect(closed.data.status).toBe(action === 'fail' ? 'failed' : 'cancelled');
    const pay = await orderAction(sandbox, id, 'pay');
    expect(pay.status).toBe(409);
    expect(pay.error).toMatchObject({ code: 'order_closed', message: expect.stringMatching(/can never be paid; create a new order/) });
    expect((await orderAction(sandbox, id, action === 'fail' ? 'cancel' : 'fail')).error.code).toBe('order_closed');
    expect((await extras<{ status: string }>(sandbox, `/sandbox/orders/${id}`)).data.status).toBe(closed.data.status);
    expect(receiver.about(id)).toHaveLength(0);
  });

  it('concurrent pays: exactly one succeeds', async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(newOrderId()));
    const answers = await Promise.all(Array.from({ length: 8 }, () => orderAction(sandbox, id, 'pay')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.error.code === 'order_already_paid')).toHaveLength(7);
  });

  it('refunds need a paid order and stay within what was paid', async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(newOrderId(), { token_amount: 50 }));
    const early = await refund(sandbox, id, 10);
    expect(early.status).toBe(409);
    expect(early.error.code).toBe('order_not_paid');
    await orderAction(sandbox, id, 'pay');
    for (const amount of [0, -1, 1.5, '5']) expect((await refund(sandbox, id, amount)).status).toBe(400);
    const tooMuch = await refund(sandbox, id, 51);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.error.message).toMatch(/from 1 to 50/);
    expect((await refund(sandbox, id, 30)).data.refunded_amount).toBe(30);
    expect((await refund(sandbox, id, 21)).error.message).toMatch(/from 1 to 20/);
    expect((await refund(sandbox, id, 20)).data.refunded_amount).toBe(50);
    expect((await refund(sandbox, id, 1)).error.message).toMatch(/refunded in full/);
  });

  it('unknown trade orders are 404; a body on pay is refused; a foreign Origin is refused', async () => {
    expect((await extras(sandbox, '/sandbox/orders/123')).status).toBe(404);
    expect((await orderAction(sandbox, '123', 'pay')).status).toBe(404);
    const id = await createOrder(sandbox, ava.access_token, orderBody(newOrderId()));
    const withBody = await extras(sandbox, `/sandbox/orders/${id}/pay`, 'POST', { refund_amount: 3 });
    expect(withBody.status).toBe(400);
    const foreign = await callB(`${sandbox.baseUrl}/sandbox/orders/${id}/pay`, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await extras<{ status: string }>(sandbox, `/sandbox/orders/${id}`)).data.status).toBe('created');
  });
});

describe('the payment page', () => {
  const page = (id: string) => `${sandbox.baseUrl}/sandbox/pay/${id}`;
  const post = (id: string, action: string, headers: Record<string, string> = {}) =>
    fetch(page(id), { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams({ action }).toString() });

  it('shows the product, the amount in BEANS, the payer and the status, with Pay, Fail and Cancel buttons', async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(newOrderId(), { product_name: 'Gems <bundle> & more', token_amount: 250 }));
    const res = await fetch(page(id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'none'/);
    const html = await res.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('Gems &lt;bundle&gt; &amp; more');
    expect(html).not.toContain('<bundle>');
    expect(html).toContain('250 BEANS');
    expect(html).toContain('@ava.makes');
    expect(html).toMatch(/id="order-status">Awaiting payment</);
    expect(html).toMatch(/<button type="submit" name="action" value="pay">Pay 250 BEANS<\/button>/);
    expect(html).toMatch(/value="fail">/);
    expect(html).toMatch(/value="cancel">/);
    expect(html).toContain(`action="/sandbox/pay/${id}"`);
  });

  it('paying on the page pays the order, shows the result, sends the webhook; a second submit is refused', async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(newOrderId()));
    const res = await post(id, 'pay', { Origin: sandbox.baseUrl });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/role="status">Payment successful/);
    expect(html).toMatch(/id="order-status">Paid</);
    expect(html).not.toContain('name="action"');
    expect((await extras<{ status: string }>(sandbox, `/sandbox/orders/${id}`)).data.status).toBe('paid');
    const again = await post(id, 'pay');
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(/role="alert">This order is already paid/);
  });

  it('cancel on the page closes the order for good', async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(newOrderId()));
    expect(await (await post(id, 'cancel')).text()).toMatch(/id="order-status">Cancelled</);
    const pay = await post(id, 'pay');
    expect(pay.status).toBe(409);
    expect(await pay.text()).toMatch(/can no longer be paid/);
    expect((await orderAction(sandbox, id, 'pay')).error.code).toBe('order_closed');
  });

  it('refuses a cross-site submit, a non-form body, an unknown action and an unknown order', async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(newOrderId()));
    expect((await post(id, 'pay', { Origin: 'https://evil.example' })).status).toBe(403);
    const json = await fetch(page(id), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"action":"pay"}' });
    expect(json.status).toBe(400);
    expect((await post(id, 'steal')).status).toBe(400);
    expect((await extras<{ status: string }>(sandbox, `/sandbox/orders/${id}`)).data.status).toBe('created');
    expect((await fetch(page('999'))).status).toBe(404);
    expect((await post('999', 'pay')).status).toBe(404);
  });

  it('the console lists orders with a link to their payment page', async () => {
    const id = await createOrder(sandbox, ava.access_token, orderBody(newOrderId()));
    const html = await (await fetch(`${sandbox.baseUrl}/sandbox/console`)).text();
    expect(html).toContain(`href="/sandbox/pay/${id}"`);
    expect(html).toContain('id="webhooks-heading"');
    expect(html).toContain('id="research-heading"');
  });
});
