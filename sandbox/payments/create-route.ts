/**
 * Op 8, `POST /v2/minis/trade_order/create/`: the partner backend creates a payment order with the
 * user's access token (from silent login, so no particular scope is required), then a body
 * check, then the order_id rule. Shape B: data.trade_order_id.
 */
import type { IncomingMessage } from 'node:http';
import { bearerToken } from '../auth/bearer.js';
import { authState, type UserTokenRecord } from '../auth/tokens.js';
import { findApp, type SandboxContext } from '../context.js';
import { errorB, okB } from '../http/errors.js';
import { readJsonBody } from '../http/json-body.js';
import type { Reply } from '../http/reply.js';
import type { RequestContext, Route } from '../http/router.js';
import { secretKey } from '../ids.js';
import { createOrderBody } from './order-schema.js';
import { createOrder } from './orders.js';

export const CREATE_ORDER_PATH = '/v2/minis/trade_order/create/';

type UserCheck = { ok: true; token: UserTokenRecord } | { ok: false; reply: Reply };

/** A live user access token of any scope (bearer.ts's authenticateUser always demands one). */
function authenticateAnyScope(ctx: SandboxContext, req: IncomingMessage, logId: string): UserCheck {
  const token = bearerToken(req);
  if (!token) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'missing "Authorization: Bearer <access_token>" header') };
  const { access, client } = authState(ctx);
  const record = access.get(secretKey(token));
  if (!record) {
    const message = client.has(secretKey(token)) ? 'a client access token cannot create orders; use the user access token' : 'access token is invalid';
    return { ok: false, reply: errorB(logId, 'access_token_invalid', message) };
  }
  if (record.revoked_at !== null) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'access token has been revoked') };
  if (ctx.clock.now() >= record.expires_at) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'access token has expired; refresh it') };
  if (!findApp(ctx, record.client_key)) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'the app of this access token no longer exists') };
  return { ok: true, token: record };
}

export function createOrderRoute(ctx: SandboxContext): Route {
  const handler = async (rc: RequestContext): Promise<Reply> => {
    const auth = authenticateAnyScope(ctx, rc.req, rc.logId);
    if (!auth.ok) return auth.reply;
    const body = await readJsonBody(rc, createOrderBody);
    if (!body.ok) return body.reply;
    const result = createOrder(ctx, { client_key: auth.token.client_key, open_id: auth.token.open_id, body: body.value });
    if (!result.ok) return errorB(rc.logId, 'invalid_params', result.message);
    if (result.created) rc.log.info({ trade_order_id: result.order.trade_order_id, client_key: result.order.client_key, token_amount: result.order.token_amount }, 'trade order created');
    return okB(rc.logId, { trade_order_id: result.order.trade_order_id });
  };
  return { method: 'POST', path: CREATE_ORDER_PATH, handler };
}
