/**
 * Op 8, `POST /v2/minis/trade_order/create/`: the partner backend creates a payment order with the
 * user's access token (from silent login, so no particular scope is required), then a body
 * check, then the order_id rule. Shape B: data.trade_order_id, answered once the order is saved.
 */
import { authenticateUser } from '../auth/bearer.js';
import type { SandboxContext } from '../context.js';
import { errorB, okB } from '../../server-kit/http/errors.js';
import { readJsonBody } from '../../server-kit/http/json-body.js';
import type { Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { createOrderBody } from './order-schema.js';
import { createOrder } from './orders.js';

export const CREATE_ORDER_PATH = '/v2/minis/trade_order/create/';

export function createOrderRoute(ctx: SandboxContext): Route {
  const handler = async (rc: RequestContext): Promise<Reply> => {
    const auth = authenticateUser(ctx, rc.req, rc.logId, null);
    if (!auth.ok) return auth.reply;
    const body = await readJsonBody(rc, createOrderBody);
    if (!body.ok) return body.reply;
    const result = createOrder(ctx, { client_key: auth.token.client_key, open_id: auth.token.open_id, body: body.value });
    if (!result.ok) return errorB(rc.logId, 'invalid_params', result.message);
    if (result.created) {
      rc.log.info({ trade_order_id: result.order.trade_order_id, client_key: result.order.client_key, token_amount: result.order.token_amount }, 'trade order created');
      // On disk before the partner learns its trade_order_id: a sandbox killed right after
      // answering must still know the order (a partner waiting on it would wait for ever).
      await ctx.state.flush();
    }
    return okB(rc.logId, { trade_order_id: result.order.trade_order_id });
  };
  return { method: 'POST', path: CREATE_ORDER_PATH, handler };
}
