/**
 * The payment step the platform's contract leaves to the client-side payment SDK: a page at
 * /sandbox/pay/{trade_order_id} where a person pays, fails or cancels the order, in the browser's
 * language (pages/page-language.ts). Plain HTML, no scripts, labelled for screen readers and
 * Playwright's role queries; the buttons post a form to the same path, which answers with the
 * page again showing the outcome.
 */
import { findApp, findUser, type SandboxContext } from '../context.js';
import { readOwnForm } from '../http/own-form.js';
import { errorPage } from '../../server-kit/http/errors.js';
import { escapeHtml, htmlReply, type Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { refundedAmount, type OrderAction, type OrderRecord } from './order-states.js';
import { orders, performAction } from './orders.js';
import { languageReply, pageDirection, pickPageLanguage, type PageLanguage } from '../pages/page-language.js';
import { hasPageWord, say } from '../pages/page-words.js';

const ACTIONS: readonly OrderAction[] = ['pay', 'fail', 'cancel'];

type Notice = { kind: 'success'; action: OrderAction } | { kind: 'refused'; code: string; message: string };

/** A refusal in the page's words where the catalog has them; the platform's own message otherwise. */
function noticeText(language: PageLanguage, notice: Notice): string {
  if (notice.kind === 'success') return say(language, `done.${notice.action}`);
  const key = `refused.${notice.code}`;
  return hasPageWord(key) ? say(language, key) : escapeHtml(notice.message);
}

function renderPayPage(ctx: SandboxContext, language: PageLanguage, order: OrderRecord, notice?: Notice): string {
  const app = findApp(ctx, order.client_key);
  const user = findUser(ctx, order.open_id);
  const info = order.order_info;
  const product = { product: info.product_name };
  const beans = (amount: number) => say(language, 'beans', { amount });
  const quantity = info.quantity === undefined ? '' : `<dt>${say(language, 'quantity')}</dt><dd>${new Intl.NumberFormat(language).format(info.quantity)}${info.quantity_unit ? ` ${escapeHtml(info.quantity_unit)}` : ''}</dd>`;
  const refunded = refundedAmount(order);
  const refunds = refunded > 0 ? `<dt>${say(language, 'refunded')}</dt><dd>${beans(refunded)}</dd>` : '';
  const message = notice
    ? `<p class="notice ${notice.kind}" role="${notice.kind === 'success' ? 'status' : 'alert'}">${noticeText(language, notice)}</p>`
    : '';
  const form =
    order.status === 'created'
      ? `<form method="post" action="/sandbox/pay/${encodeURIComponent(order.trade_order_id)}">
      <div class="actions">
        <button type="submit" name="action" value="pay">${say(language, 'payButton', { amount: order.token_amount })}</button>
        <button type="submit" name="action" value="fail">${say(language, 'failButton')}</button>
        <button type="submit" name="action" value="cancel">${say(language, 'cancelButton')}</button>
      </div>
    </form>`
      : '';
  return `<!doctype html>
<html lang="${language}" dir="${pageDirection(language)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${say(language, 'payTitle', product)}</title>
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
    <h1>${say(language, 'payHeading', product)}</h1>
    <p class="note">${say(language, 'payNote')}</p>
    ${message}
    <dl>
      <dt>${say(language, 'product')}</dt><dd>${escapeHtml(info.product_name)}</dd>
      <dt>${say(language, 'amount')}</dt><dd>${beans(order.token_amount)}</dd>
      ${quantity}
      <dt>${say(language, 'seller')}</dt><dd>${escapeHtml(app?.name ?? order.client_key)}</dd>
      <dt>${say(language, 'payingAs')}</dt><dd>${user ? `${escapeHtml(user.display_name)} @${escapeHtml(user.username)}` : escapeHtml(order.open_id)}</dd>
      <dt>${say(language, 'order')}</dt><dd><code dir="ltr">${escapeHtml(order.order_id)}</code></dd>
      <dt>${say(language, 'status')}</dt><dd id="order-status">${say(language, `status.${order.status}`)}</dd>
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
    const language = pickPageLanguage(rc.req.headers['accept-language']);
    return order ? languageReply(htmlReply(200, renderPayPage(ctx, language, order)), language) : unknown(rc);
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
    const language = pickPageLanguage(rc.req.headers['accept-language']);
    if (result.ok) return languageReply(htmlReply(200, renderPayPage(ctx, language, result.order, { kind: 'success', action })), language);
    const order = orders(ctx).get(tradeOrderId);
    if (!order) return unknown(rc);
    return languageReply(htmlReply(result.status, renderPayPage(ctx, language, order, { kind: 'refused', code: result.code, message: result.message })), language);
  };

  return [
    { method: 'GET', path: '/sandbox/pay/:trade_order_id', handler: show, errorShape: 'html' },
    { method: 'POST', path: '/sandbox/pay/:trade_order_id', handler: act, errorShape: 'html' },
  ];
}
