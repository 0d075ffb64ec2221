/**
 * The store's API: the catalog, orders and what each account owns.
 *
 *   GET  /v1/catalog
 *   POST /v1/orders            Bearer <user access token>, Idempotency-Key, {"product_id"}
 *   GET  /v1/orders            Bearer: the account's orders, newest first, 100 a page (?limit=, ?before=next_before)
 *   GET  /v1/orders/{order_id} Bearer: one of the account's orders (another account's is 404)
 *   GET  /v1/entitlements      Bearer: {"open_id", "items": {item: count}}
 *
 * The caller is the account whose access token this backend brokered (an unknown token is 401).
 * The amount comes from the catalog, never from the request; goods are granted only by the
 * platform's verified payment webhook (webhooks/), never here.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { joinUrl } from '../../platform-api/http.js';
import type { Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { liveTokenOwner } from '../broker/live-token.js';
import { forgetToken } from '../broker/token-owners.js';
import type { BackendContext } from '../context.js';
import { apiError, apiOk, bearerToken, readJsonInput } from '../http/answers.js';
import { accountItems, accountOrder, accountOrders, closeUnpaidOrder, dropUnplacedOrder, insertOrReuseOrder, setTradeOrderId, type OrderRow } from './orders-store.js';
import { followSandboxOrder } from './sandbox-order-state.js';
import { createTradeOrder } from './trade-order-api.js';

const CreateOrderInput = z.object({ product_id: z.string().min(1).max(64) });
/** Printable ASCII, as Stripe and the IETF draft use it; long enough for a UUID or a hash. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const LIST_LIMIT = 100;
/** Any order_id this backend makes matches; anything else (a NUL, which PostgreSQL text cannot hold) is no order. */
const ORDER_ID = /^[\x21-\x7e]{1,128}$/;

export function orderRoutes(ctx: BackendContext): Route[] {
  const { config } = ctx;
  const products = new Map(config.catalog.map((product) => [product.id, product]));

  const view = (row: OrderRow) => ({
    order_id: row.order_id,
    trade_order_id: row.trade_order_id,
    product_id: row.product_id,
    product_name: row.product_name,
    amount: row.amount,
    status: row.status,
    refunded_amount: row.refunded_amount,
    failure: row.failure,
    payment_url: paymentUrl(row),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  });

  /** Where the person pays: the sandbox's payment page; on the real platform the app's payment SDK takes the trade_order_id. */
  const paymentUrl = (row: OrderRow): string | null =>
    config.platform.sandbox && row.trade_order_id && row.status === 'created' ? joinUrl(config.platform.base_url, `/sandbox/pay/${encodeURIComponent(row.trade_order_id)}`) : null;

  /** The caller's open_id and token, or the 401 to answer. */
  const caller = async (rc: RequestContext): Promise<{ ok: true; openId: string; token: string } | { ok: false; reply: Reply }> => {
    const token = bearerToken(rc.req);
    const openId = token === null ? null : await liveTokenOwner(ctx, token);
    if (token === null || openId === null) return { ok: false, reply: apiError(401, 'unauthorized', 'sign in again: send Authorization: Bearer with an access token obtained through this backend') };
    return { ok: true, openId, token };
  };

  const catalog = (): Reply =>
    apiOk(200, { products: config.catalog.map((p) => ({ id: p.id, name: p.name, price_beans: p.price_beans, grants: p.grants, image_url: p.image_url, refund_rule: p.refund_rule })) });

  const createOrder = async (rc: RequestContext): Promise<Reply> => {
    const who = await caller(rc);
    if (!who.ok) return who.reply;
    const key = rc.req.headers['idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) return apiError(400, 'idempotency_key_required', 'send an Idempotency-Key header (1-255 printable characters), the same on every retry of this purchase');
    const input = await readJsonInput(rc.req, CreateOrderInput);
    if (!input.ok) return input.reply;
    const product = products.get(input.value.product_id);
    if (!product) return apiError(404, 'unknown_product', `there is no product ${input.value.product_id} in the catalog`);

    const { row, created } = await insertOrReuseOrder(ctx.db, { orderId: `ord_${randomBytes(12).toString('hex')}`, openId: who.openId, idempotencyKey: key, product, now: ctx.clock.now() });
    if (row.product_id !== product.id) return apiError(422, 'idempotency_key_reused', 'this Idempotency-Key was already used for another product: use a new key for a new purchase');
    if (row.trade_order_id !== null || row.status === 'failed') return answerOrder(row);
    if (created) rc.log.info({ order_id: row.order_id, product_id: row.product_id, amount: row.amount }, 'order created');

    // No trade order yet: this is the first request, or a retry after op 8 did not answer (or this
    // process died mid-call). Op 8 is idempotent per order_id, so asking again is safe.
    const trade = await createTradeOrder(ctx.http, config.platform.base_url, who.token, { orderId: row.order_id, productName: row.product_name, amount: row.amount, imageUrl: product.image_url });
    if (trade.ok) return answerOrder(await setTradeOrderId(ctx.db, row.order_id, trade.value.tradeOrderId, ctx.clock.now()));
    const error = trade.error;
    if (error.kind === 'platform' && error.httpStatus === 401) {
      // The platform refused the caller, not the order: no order was placed, so none is kept, and
      // the token is no longer one this backend believes.
      await dropUnplacedOrder(ctx.db, row.order_id);
      await forgetToken(ctx.db, who.token);
      return apiError(401, 'unauthorized', 'the platform refused the access token: sign in again');
    }
    if (error.kind === 'platform' && error.httpStatus !== null && error.httpStatus < 500 && error.httpStatus !== 429) {
      rc.log.warn({ order_id: row.order_id, code: error.code }, 'the platform refused the order');
      const failedRow = await closeUnpaidOrder(ctx.db, row.order_id, 'failed', `the platform refused the order: ${error.message}`, ctx.clock.now());
      return answerOrder(failedRow ?? row);
    }
    return apiError(502, 'platform_unavailable', `the platform could not create the payment order (${error.code}); retry with the same Idempotency-Key`, error.retryAfterMs ? { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) } : {});
  };

  const answerOrder = (row: OrderRow): Reply =>
    row.status === 'failed' ? apiError(502, 'order_failed', row.failure ?? 'the platform refused the order', { 'X-Order-Id': row.order_id }) : apiOk(201, view(row));

  const getOrder = async (rc: RequestContext): Promise<Reply> => {
    const who = await caller(rc);
    if (!who.ok) return who.reply;
    const orderId = rc.params.order_id!;
    let row = ORDER_ID.test(orderId) ? await accountOrder(ctx.db, who.openId, orderId) : undefined;
    if (!row) return apiError(404, 'not_found', 'no such order for this account');
    if (config.platform.sandbox) row = await followSandboxOrder(ctx, row);
    return apiOk(200, view(row));
  };

  const listOrders = async (rc: RequestContext): Promise<Reply> => {
    const who = await caller(rc);
    if (!who.ok) return who.reply;
    const limitParam = rc.url.searchParams.get('limit');
    const limit = limitParam === null ? LIST_LIMIT : /^\d{1,3}$/.test(limitParam) ? Number(limitParam) : 0;
    if (limit < 1 || limit > LIST_LIMIT) return apiError(400, 'invalid_request', `limit must be a whole number from 1 to ${LIST_LIMIT}`);
    const beforeId = rc.url.searchParams.get('before');
    const before = beforeId === null || !ORDER_ID.test(beforeId) ? undefined : await accountOrder(ctx.db, who.openId, beforeId);
    if (beforeId !== null && !before) return apiError(400, 'invalid_request', 'before must be the order_id of one of this account’s orders (next_before of the previous page)');
    const { rows, next } = await accountOrders(ctx.db, who.openId, { limit, before });
    return apiOk(200, { open_id: who.openId, orders: rows.map(view), next_before: next });
  };

  const entitlements = async (rc: RequestContext): Promise<Reply> => {
    const who = await caller(rc);
    if (!who.ok) return who.reply;
    return apiOk(200, { open_id: who.openId, items: await accountItems(ctx.db, who.openId) });
  };

  return [
    { method: 'GET', path: '/v1/catalog', handler: catalog },
    { method: 'POST', path: '/v1/orders', handler: createOrder },
    { method: 'GET', path: '/v1/orders', handler: listOrders },
    { method: 'GET', path: '/v1/orders/:order_id', handler: getOrder },
    { method: 'GET', path: '/v1/entitlements', handler: entitlements },
  ];
}
