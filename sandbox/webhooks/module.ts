/**
 * Payment webhooks on the sandbox API: runs the dispatcher, lists every delivery attempt, sets an
 * app's webhook URL at run time, and tunes the duplicate-delivery chaos and attempt timeout.
 * Events are produced by the payments module through the shared dispatcher.
 */
import { z } from 'zod';
import { findApp, type SandboxContext, type SandboxModule } from '../context.js';
import { errorB, okB } from '../../server-kit/http/errors.js';
import { readJsonBody } from '../../server-kit/http/json-body.js';
import { escapeHtml } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { deliveries, deliveryView, webhookUrlOf, webhookUrlOverrides, type DeliveryRecord } from './deliveries.js';
import { webhookDispatcher } from './dispatcher.js';

const httpUrl = z
  .string()
  .max(2048)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: 'must be an http(s) URL without credentials' },
  );

/** `""` clears too, for the console's text field. */
const webhookUrlBody = z.object({ url: z.union([httpUrl, z.null(), z.literal('')]).transform((url) => url || null) }).strict();

const settingsBody = z
  .object({
    duplicate_probability: z.number().min(0).max(1).optional(),
    timeout_ms: z.number().int().min(50).max(60_000).optional(),
  })
  .strict();

const STATES = new Set(['pending', 'delivered', 'gave_up', 'skipped']);

export function webhooksModule(ctx: SandboxContext): SandboxModule {
  const dispatcher = webhookDispatcher(ctx);

  const list = (filter: { trade_order_id?: string | null; state?: string | null; event?: string | null } = {}): DeliveryRecord[] =>
    deliveries(ctx)
      .values()
      .filter((d) => (!filter.trade_order_id || d.trade_order_id === filter.trade_order_id) && (!filter.state || d.state === filter.state) && (!filter.event || d.event === filter.event))
      .sort((a, b) => a.seq - b.seq);

  const appWebhook = (clientKey: string) => ({ client_key: clientKey, ...webhookUrlOf(ctx, clientKey) });

  const putUrl = async (rc: RequestContext) => {
    const clientKey = rc.params.client_key!;
    if (!findApp(ctx, clientKey)) return errorB(rc.logId, 'not_found', 'no app with this client_key', { status: 404 });
    const body = await readJsonBody(rc, webhookUrlBody, { requireJsonType: true });
    if (!body.ok) return body.reply;
    webhookUrlOverrides(ctx).set(clientKey, { url: body.value.url, set_at: ctx.clock.now() });
    rc.log.info({ client_key: clientKey, has_url: body.value.url !== null }, 'webhook URL set at run time');
    return okB(rc.logId, appWebhook(clientKey));
  };

  const routes: Route[] = [
    {
      method: 'GET',
      path: '/sandbox/webhooks',
      handler: (rc) => {
        const state = rc.url.searchParams.get('state');
        if (state && !STATES.has(state)) return errorB(rc.logId, 'invalid_params', `state must be one of ${[...STATES].join(', ')}`);
        const found = list({ trade_order_id: rc.url.searchParams.get('trade_order_id'), state, event: rc.url.searchParams.get('event') });
        return okB(rc.logId, { deliveries: found.map(deliveryView) });
      },
    },
    { method: 'GET', path: '/sandbox/webhooks/settings', handler: (rc) => okB(rc.logId, { ...dispatcher.settings, seed: ctx.chaos.seed }) },
    {
      method: 'PUT',
      path: '/sandbox/webhooks/settings',
      handler: async (rc) => {
        const body = await readJsonBody(rc, settingsBody, { requireJsonType: true });
        if (!body.ok) return body.reply;
        const settings = dispatcher.updateSettings(body.value);
        rc.log.info({ ...settings }, 'webhook settings changed');
        return okB(rc.logId, { ...settings, seed: ctx.chaos.seed });
      },
    },
    {
      method: 'GET',
      path: '/sandbox/apps/:client_key/webhook',
      handler: (rc) => (findApp(ctx, rc.params.client_key!) ? okB(rc.logId, appWebhook(rc.params.client_key!)) : errorB(rc.logId, 'not_found', 'no app with this client_key', { status: 404 })),
    },
    { method: 'PUT', path: '/sandbox/apps/:client_key/webhook', handler: putUrl },
    {
      method: 'DELETE',
      path: '/sandbox/apps/:client_key/webhook',
      handler: (rc) => {
        const clientKey = rc.params.client_key!;
        if (!findApp(ctx, clientKey)) return errorB(rc.logId, 'not_found', 'no app with this client_key', { status: 404 });
        webhookUrlOverrides(ctx).delete(clientKey);
        return okB(rc.logId, appWebhook(clientKey));
      },
    },
  ];

  const consoleSection = () => {
    const apps = ctx.config.apps
      .map((app) => {
        const current = webhookUrlOf(ctx, app.client_key);
        const id = `webhook-url-${escapeHtml(app.client_key)}`;
        return `<li><form class="api" data-method="PUT" data-url="/sandbox/apps/${encodeURIComponent(app.client_key)}/webhook"><label for="${id}">Webhook URL of <code>${escapeHtml(app.client_key)}</code> (${current.source})</label> <input id="${id}" name="url" type="url" size="50" value="${escapeHtml(current.url ?? '')}"> <button type="submit">Set</button></form></li>`;
      })
      .join('');
    const rows = list()
      .slice(-50)
      .reverse()
      .map((d) => {
        const last = d.attempts.at(-1);
        const outcome = last ? (last.error ?? `HTTP ${last.status}`) : '';
        return `<tr><td><code>${escapeHtml(d.delivery_id)}</code>${d.duplicate_of ? ' <small>(duplicate)</small>' : ''}</td><td>${escapeHtml(d.event)}</td><td><code>${escapeHtml(d.trade_order_id)}</code></td><td>${escapeHtml(d.state)}</td><td>${d.attempts.length}</td><td>${escapeHtml(outcome)}</td><td>${d.next_attempt_at === null ? '' : escapeHtml(new Date(d.next_attempt_at).toISOString())}</td></tr>`;
      })
      .join('\n');
    const { duplicate_probability: duplicates, timeout_ms: timeout } = dispatcher.settings;
    return `<section aria-labelledby="webhooks-heading"><h2 id="webhooks-heading">Webhooks</h2>
<ul>${apps}</ul>
<form class="api" data-method="PUT" data-url="/sandbox/webhooks/settings"><label for="webhook-duplicates">Duplicate probability</label> <input id="webhook-duplicates" name="duplicate_probability" type="number" min="0" max="1" step="any" value="${duplicates}"> <label for="webhook-timeout">Attempt timeout (ms)</label> <input id="webhook-timeout" name="timeout_ms" type="number" min="50" max="60000" value="${timeout}"> <button type="submit">Apply</button></form>
<table><thead><tr><th scope="col">delivery</th><th scope="col">event</th><th scope="col">trade_order_id</th><th scope="col">state</th><th scope="col">attempts</th><th scope="col">last outcome</th><th scope="col">next attempt</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7">No webhook deliveries yet.</td></tr>'}</tbody></table></section>`;
  };

  return {
    name: 'webhooks',
    apiRoutes: () => routes,
    consoleSection,
    start: () => dispatcher.start(),
    stop: () => dispatcher.stop(),
  };
}
