/**
 * In-app purchases: op 8 (create a payment order), the payment page, and the sandbox API over
 * orders: inspect them and take the actions a person takes on the platform (pay, fail, cancel,
 * start a refund). Payment results reach the app through the webhooks module's dispatcher.
 */
import { z } from 'zod';
import type { SandboxContext, SandboxModule } from '../context.js';
import { readSmallBody } from '../../server-kit/http/body.js';
import { errorB, okB } from '../../server-kit/http/errors.js';
import { readJsonBody } from '../../server-kit/http/json-body.js';
import { escapeHtml, type Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { createOrderRoute } from './create-route.js';
import type { OrderAction } from './order-states.js';
import { orders, orderView, paymentPath, performAction, refundOrder, type ActionResult } from './orders.js';
import { payPageRoutes } from './pay-page.js';
import { isOwnOrigin } from '../http/own-form.js';

const refundBody = z.object({ refund_amount: z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).positive({ error: 'must be positive' }) }).strict();

export function paymentsModule(ctx: SandboxContext): SandboxModule {
  /** A change is on disk (with its webhook delivery) before it is answered. */
  const answer = async (rc: RequestContext, result: ActionResult): Promise<Reply> => {
    if (!result.ok) return errorB(rc.logId, result.code, result.message, { status: result.status });
    await ctx.state.flush();
    return okB(rc.logId, orderView(ctx, result.order));
  };

  /** The sandbox API takes JSON from anywhere but a page on another origin (which the browser marks with Origin). */
  const foreignOrigin = (rc: RequestContext): Reply | undefined => {
    const origin = rc.req.headers.origin;
    if (origin === undefined || isOwnOrigin(origin, ctx.urls.baseUrl)) return undefined;
    return errorB(rc.logId, 'forbidden', 'cross-origin requests to the sandbox API are refused', { status: 403 });
  };

  const action = (name: OrderAction) => async (rc: RequestContext): Promise<Reply> => {
    const refused = foreignOrigin(rc);
    if (refused) return refused;
    // No body is needed; one that is sent must be JSON, so a typo such as {"refund_amount":…} on /pay is noticed.
    const body = await readSmallBody(rc.req);
    if (!body.ok) return errorB(rc.logId, 'invalid_params', 'request body was not received or is too large');
    const text = body.body.toString('utf8').trim();
    if (text && text !== '{}') return errorB(rc.logId, 'invalid_params', `${name} takes no parameters; send an empty body or {}`);
    return answer(rc, performAction(ctx, rc.params.trade_order_id!, name));
  };

  const refund = async (rc: RequestContext): Promise<Reply> => {
    const refused = foreignOrigin(rc);
    if (refused) return refused;
    const body = await readJsonBody(rc, refundBody, { requireJsonType: true });
    if (!body.ok) return body.reply;
    return answer(rc, refundOrder(ctx, rc.params.trade_order_id!, body.value.refund_amount));
  };

  const routes: Route[] = [
    createOrderRoute(ctx),
    ...payPageRoutes(ctx),
    {
      method: 'GET',
      path: '/sandbox/orders',
      handler: (rc) => {
        const openId = rc.url.searchParams.get('open_id');
        const clientKey = rc.url.searchParams.get('client_key');
        const list = orders(ctx)
          .values()
          .filter((order) => (!openId || order.open_id === openId) && (!clientKey || order.client_key === clientKey))
          .sort((a, b) => b.created_at - a.created_at)
          .map((order) => orderView(ctx, order));
        return okB(rc.logId, { orders: list });
      },
    },
    {
      method: 'GET',
      path: '/sandbox/orders/:trade_order_id',
      handler: (rc) => {
        const order = orders(ctx).get(rc.params.trade_order_id!);
        return order ? okB(rc.logId, orderView(ctx, order)) : errorB(rc.logId, 'not_found', 'no trade order with this trade_order_id', { status: 404 });
      },
    },
    { method: 'POST', path: '/sandbox/orders/:trade_order_id/pay', handler: action('pay') },
    { method: 'POST', path: '/sandbox/orders/:trade_order_id/fail', handler: action('fail') },
    { method: 'POST', path: '/sandbox/orders/:trade_order_id/cancel', handler: action('cancel') },
    { method: 'POST', path: '/sandbox/orders/:trade_order_id/refund', handler: refund },
  ];

  const consoleSection = () => {
    const rows = orders(ctx)
      .values()
      .sort((a, b) => b.created_at - a.created_at)
      .slice(0, 50)
      .map((order) => {
        const view = orderView(ctx, order);
        const id = encodeURIComponent(order.trade_order_id);
        const refundForm =
          order.status === 'paid' && view.refunded_amount < order.token_amount
            ? `<form class="api" data-method="POST" data-url="/sandbox/orders/${id}/refund"><label for="refund-${id}">Refund</label> <input id="refund-${id}" name="refund_amount" type="number" min="1" max="${order.token_amount - view.refunded_amount}" value="1" required> <button type="submit">Start refund</button></form>`
            : '';
        return `<tr><td><a href="${escapeHtml(paymentPath(order.trade_order_id))}"><code>${escapeHtml(order.trade_order_id)}</code></a></td><td><code>${escapeHtml(order.order_id)}</code></td><td>${escapeHtml(order.order_info.product_name)}</td><td>${order.token_amount}</td><td>${escapeHtml(order.open_id)}</td><td>${escapeHtml(order.status)}${view.refunded_amount ? ` <small>(refunded ${view.refunded_amount})</small>` : ''}</td><td>${refundForm}</td></tr>`;
      })
      .join('\n');
    return `<section aria-labelledby="orders-heading"><h2 id="orders-heading">Trade orders</h2>
<table><thead><tr><th scope="col">trade_order_id (payment page)</th><th scope="col">order_id</th><th scope="col">product</th><th scope="col">BEANS</th><th scope="col">open_id</th><th scope="col">status</th><th scope="col">action</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7">No trade orders yet.</td></tr>'}</tbody></table></section>`;
  };

  return { name: 'payments', apiRoutes: () => routes, consoleSection };
}
