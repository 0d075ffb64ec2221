/**
 * The payment step the platform's contract leaves to the client-side payment SDK: a page at
 * /sandbox/pay/{trade_order_id} where a person pays, fails or cancels the order. Plain HTML, no
 * scripts, labelled for screen readers and Playwright's role queries; the buttons post a form to
 * the same path, which answers with the page again showing the outcome.
 */
import { findApp, findUser, type SandboxContext } from '../context.js';
import { readOwnForm } from '../http/own-form.js';
import { errorPage } from '../../server-kit/http/errors.js';
import { escapeHtml, htmlReply, type Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { refundedAmount, type OrderAction, type OrderRecord } from './order-states.js';
import { orders, performAction } from './orders.js';

const ACTIONS: readonly OrderAction[] = ['pay', 'fail', 'cancel'];

const STATUS_TEXT: Record<OrderRecord['status'], string> = {
  created: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
};

const DONE_TEXT: Record<OrderAction, string> = {
  pay: 'Payment successful. The app is notified by its payment webhook.',
  fail: 'The payment failed. This order can no longer be paid.',
  cancel: 'The payment was cancelled. This order can no longer be paid.',
};

interface Notice {
  kind: 'success' | 'refused';
  text: string;
}

function renderPayPage(ctx: SandboxContext, order: OrderRecord, notice?: Notice): string {
  const app = findApp(ctx, order.client_key);
  const user = findUser(ctx, order.open_id);
  const info = order.order_info;
  const quantity = info.quantity === undefined ? '' : `<dt>Quantity</dt><dd>${info.quantity}${info.quantity_unit ? ` ${escapeHtml(info.quantity_unit)}` : ''}</dd>`;
  const refunded = refundedAmount(order);
  const refunds = refunded > 0 ? `<dt>Refunded</dt><dd>${refunded} BEANS</dd>` : '';
  const message = notice
    ? `<p class="notice ${notice.kind}" role="${notice.kind === 'success' ? 'status' : 'alert'}">${escapeHtml(notice.text)}</p>`
    : '';
  const form =
    order.status === 'created'
      ? `<form method="post" action="/sandbox/pay/${encodeURIComponent(order.trade_order_id)}">
      <div class="actions">
        <button type="submit" name="action" value="pay">Pay ${order.token_amount} BEANS</button>
        <button type="submit" name="action" value="fail">Fail payment</button>
        <button type="submit" name="action" value="cancel">Cancel</button>
      </div>
    </form>`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pay for ${escapeHtml(info.product_name)} · Platform sandbox</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; } dt { color: #555; } dd { margin: 0; }
    .actions { display: flex; gap: 1rem; flex-wrap: wrap; }
    button { font: inherit; padding: .5rem 1.25rem; border-radius: 6px; border: 1px solid #333; cursor: pointer; background: #fff; }
    button[value=pay] { background: #fe2c55; color: #fff; border-color: #fe2c55; }
    .notice { padding: .5rem .75rem; border-radius: 6px; } .success { background: #e8f5e9; } .refused { background: #fdecea; }
    .note { color: #555; font-size: .875rem; }
  </style>
</head>
<body>
  <main>
    <h1>Pay for ${escapeHtml(info.product_name)}</h1>
    <p class="note">Platform sandbox: a mock payment (is_sandbox true). No real currency moves.</p>
    ${message}
    <dl>
      <dt>Product</dt><dd>${escapeHtml(info.product_name)}</dd>
      <dt>Amount</dt><dd>${order.token_amount} BEANS</dd>
      ${quantity}
      <dt>Seller</dt><dd>${escapeHtml(app?.name ?? order.client_key)}</dd>
      <dt>Paying as</dt><dd>${user ? `${escapeHtml(user.display_name)} @${escapeHtml(user.username)}` : escapeHtml(order.open_id)}</dd>
      <dt>Order</dt><dd><code>${escapeHtml(order.order_id)}</code></dd>
      <dt>Status</dt><dd id="order-status">${STATUS_TEXT[order.status]}</dd>
      ${refunds}
    </dl>
    ${form}
  </main>
</body>
</html>`;
}

export function payPageRoutes(ctx: SandboxContext): Route[] {
  const unknown = (rc: RequestContext) => errorPage(rc.logId, 404, 'Unknown order', 'There is no trade order with this trade_order_id.');

  const show = (rc: RequestContext): Reply => {
    const order = orders(ctx).get(rc.params.trade_order_id!);
    return order ? htmlReply(200, renderPayPage(ctx, order)) : unknown(rc);
  };

  const act = async (rc: RequestContext): Promise<Reply> => {
    // Another site must not be able to pay, fail or cancel an order through the visitor's browser.
    const submitted = await readOwnForm(rc.req, rc.logId, ctx.urls.baseUrl, 'payment');
    if (!submitted.ok) return submitted.reply;
    const action = submitted.form.action as OrderAction;
    if (!ACTIONS.includes(action)) return errorPage(rc.logId, 400, 'Invalid payment request', 'action must be pay, fail or cancel.');
    const tradeOrderId = rc.params.trade_order_id!;
    const result = performAction(ctx, tradeOrderId, action);
    // The payment and its webhook delivery are on disk before the person is told it is done.
    if (result.ok) await ctx.state.flush();
    if (result.ok) return htmlReply(200, renderPayPage(ctx, result.order, { kind: 'success', text: DONE_TEXT[action] }));
    const order = orders(ctx).get(tradeOrderId);
    if (!order) return unknown(rc);
    return htmlReply(result.status, renderPayPage(ctx, order, { kind: 'refused', text: result.message }));
  };

  return [
    { method: 'GET', path: '/sandbox/pay/:trade_order_id', handler: show, errorShape: 'html' },
    { method: 'POST', path: '/sandbox/pay/:trade_order_id', handler: act, errorShape: 'html' },
  ];
}
