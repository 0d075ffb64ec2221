/**
 * The backend follows what the platform knows (issue 27, points 8 and 9), on PGlite and
 * PostgreSQL: a token the platform revoked (here by a replayed authorization code, which revokes
 * the tokens it gave) stops working at the backend once it asks the platform (at most RECHECK_MS
 * after its last confirmation, or at once when op 8 refuses it), an order op 8 refused for its
 * caller leaves no row, and an order whose trade order the platform does not know fails after the
 * grace period instead of waiting for ever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECHECK_MS } from '../../../../backend/broker/live-token.js';
import { UNKNOWN_TRADE_ORDER_GRACE_MS } from '../../../../backend/orders/sandbox-order-state.js';
import { databaseTargets } from '../../../support/backend-db.js';
import { waitFor } from '../../../support/wait-for.js';
import { advanceClock, obtainCode } from '../../../support/sandbox-client.js';
import { api, brokerPost, buy, CLIENT_KEY, startStack, withDatabase, type OrderView, type Stack } from '../../../support/backend-harness.js';

/** Signs in through the broker, then replays the code: the platform refuses it and revokes the tokens it gave. */
async function revokedByReplay(stack: Stack, openId: string): Promise<string> {
  const { code, verifier, params } = await obtainCode(stack.sandbox, { openId });
  const form = { client_key: CLIENT_KEY, grant_type: 'authorization_code', code, redirect_uri: params.redirect_uri, code_verifier: verifier };
  const first = await brokerPost(stack.backend.baseUrl, '/v1/oauth/token', form);
  expect(first.status).toBe(200);
  const replay = await brokerPost(stack.backend.baseUrl, '/v1/oauth/token', form);
  expect(replay.status).toBe(400);
  return (JSON.parse(first.text) as { access_token: string }).access_token;
}

describe.each(databaseTargets('general'))('following the platform on $target', ({ target, skip }) => {
  let stack: Stack;
  const base = () => stack.backend.baseUrl;

  beforeAll(async () => {
    if (skip) return;
    stack = await startStack(target);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.skipIf(skip)('forgets a revoked token once op 8 refuses it, and keeps no order row for the refused order', async () => {
    const revoked = await revokedByReplay(stack, 'sbx-user-ava');
    // Confirmed at sign-in moments ago, so believed until the platform says otherwise.
    expect((await api(base(), '/v1/entitlements', { token: revoked })).status).toBe(200);
    const res = await api(base(), '/v1/orders', { method: 'POST', token: revoked, json: { product_id: 'gems_100' }, headers: { 'Idempotency-Key': 'refused-by-op-8' } });
    expect(res.status).toBe(401);
    expect((await api(base(), '/v1/entitlements', { token: revoked })).status).toBe(401);
    expect((await brokerPost(base(), '/v1/oauth/token', { client_key: CLIENT_KEY, grant_type: 'client_credentials' }, { Authorization: `Bearer ${revoked}` })).status).toBe(401);
    const rows = await withDatabase(stack, (db) => db.selectFrom('orders').select('order_id').where('idempotency_key', '=', 'refused-by-op-8').execute());
    expect(rows).toEqual([]);
  });

  it.skipIf(skip)('asks the platform about a token not confirmed for RECHECK_MS, and refuses it when revoked', async () => {
    const revoked = await revokedByReplay(stack, 'sbx-user-ben');
    const live = await signInLive(stack, 'sbx-user-chen');
    expect((await api(base(), '/v1/orders', { token: revoked })).status).toBe(200);
    await advanceClock(stack.sandbox, RECHECK_MS / 1000 + 60);
    // The backend's clock follows the sandbox's within seconds.
    await waitFor('the revoked token refused', async () => ((await api(base(), '/v1/orders', { token: revoked })).status === 401 ? true : undefined), 30_000);
    expect((await brokerPost(base(), '/v1/oauth/token', { client_key: CLIENT_KEY, grant_type: 'client_credentials' }, { Authorization: `Bearer ${revoked}` })).status).toBe(401);
    // A token the platform still honours is confirmed and goes on working.
    expect((await api(base(), '/v1/entitlements', { token: live })).status).toBe(200);
    expect((await api(base(), '/v1/entitlements', { token: live })).status).toBe(200);
  });

  it.skipIf(skip)('fails an order whose trade order the platform does not know, after the grace period', async () => {
    const token = await signInLive(stack, 'sbx-user-chen');
    const order = await buy(base(), token, 'sticker_pack');
    // As if the sandbox had died before saving the trade order it answered: it does not know this one.
    const lost = '999000111222333444';
    await withDatabase(stack, (db) => db.updateTable('orders').set({ trade_order_id: lost }).where('order_id', '=', order.order_id).execute());
    expect((await api<OrderView>(base(), `/v1/orders/${order.order_id}`, { token })).body.status).toBe('created');
    await advanceClock(stack.sandbox, UNKNOWN_TRADE_ORDER_GRACE_MS / 1000 + 60);
    const failed = await waitFor('the order failed', async () => {
      const view = (await api<OrderView & { failure: string | null }>(base(), `/v1/orders/${order.order_id}`, { token })).body;
      return view.status === 'failed' ? view : undefined;
    }, 30_000);
    expect(failed.failure).toContain(`no record of trade order ${lost}`);
  });
});

async function signInLive(stack: Stack, openId: string): Promise<string> {
  const { code, verifier, params } = await obtainCode(stack.sandbox, { openId });
  const res = await brokerPost(stack.backend.baseUrl, '/v1/oauth/token', { client_key: CLIENT_KEY, grant_type: 'authorization_code', code, redirect_uri: params.redirect_uri, code_verifier: verifier });
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as { access_token: string }).access_token;
}
