/**
 * The sandbox's own control API (JSON, shape B envelope): the virtual clock, chaos rules, and
 * the accounts side of the platform (users, the apps each has permitted, issued tokens by hint).
 * POST and PUT bodies must be application/json, which a cross-origin page cannot send without a
 * CORS preflight the sandbox never approves.
 */
import { z } from 'zod';
import { grantsOfUser, authState } from '../auth/tokens.js';
import { chaosRulesSchema } from '../chaos.js';
import { findApp, findUser, type SandboxContext, type SandboxModule } from '../context.js';
import { errorB, okB } from '../../server-kit/http/errors.js';
import { readJsonBody } from '../../server-kit/http/json-body.js';
import { escapeHtml } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';

/** Up to ten years at a time: enough to expire anything, small enough to stay exact in milliseconds. */
const advanceBody = z.object({ seconds: z.number().min(0).max(10 * 365 * 86_400) }).strict();

export function extrasModule(ctx: SandboxContext): SandboxModule {
  const clockView = () => ({ now: new Date(ctx.clock.now()).toISOString(), now_ms: ctx.clock.now(), offset_seconds: ctx.clock.offsetSeconds });

  const appsOf = (openId: string) =>
    grantsOfUser(ctx, openId).map((grant) => ({ client_key: grant.client_key, name: findApp(ctx, grant.client_key)?.name ?? grant.client_key, scopes: grant.scopes, granted_at: new Date(grant.granted_at).toISOString() }));

  const tokensView = () => {
    const now = ctx.clock.now();
    const { access, refresh, client } = authState(ctx);
    const userTokens = (kind: string, list: typeof access) =>
      list.values().map((t) => ({
        kind,
        hint: t.hint,
        client_key: t.client_key,
        open_id: t.open_id,
        scopes: t.scopes,
        expires_at: new Date(t.expires_at).toISOString(),
        state: t.revoked_at !== null ? 'revoked' : now >= t.expires_at ? 'expired' : 'valid',
        revoked_reason: t.revoked_reason,
      }));
    return [
      ...userTokens('access', access),
      ...userTokens('refresh', refresh),
      ...client.values().map((t) => ({ kind: 'client', hint: t.hint, client_key: t.client_key, open_id: null, scopes: [], expires_at: new Date(t.expires_at).toISOString(), state: now >= t.expires_at ? 'expired' : 'valid', revoked_reason: null })),
    ];
  };

  const putChaos = async (rc: RequestContext) => {
    const body = await readJsonBody(rc, chaosRulesSchema, { requireJsonType: true, anyValue: true });
    if (!body.ok) return body.reply;
    const seedParam = rc.url.searchParams.get('seed');
    const seed = seedParam === null ? undefined : Number(seedParam);
    if (seed !== undefined && !Number.isSafeInteger(seed)) return errorB(rc.logId, 'invalid_params', 'seed must be an integer');
    ctx.chaos.replace(body.value, seed);
    rc.log.info({ rules: body.value.length, seed: ctx.chaos.seed }, 'chaos rules replaced');
    return okB(rc.logId, { rules: ctx.chaos.rules, seed: ctx.chaos.seed });
  };

  const routes: Route[] = [
    { method: 'GET', path: '/sandbox/clock', handler: (rc) => okB(rc.logId, clockView()) },
    {
      method: 'POST',
      path: '/sandbox/clock/advance',
      handler: async (rc) => {
        const body = await readJsonBody(rc, advanceBody, { requireJsonType: true });
        if (!body.ok) return body.reply;
        ctx.clock.advance(body.value.seconds);
        ctx.state.markDirty();
        rc.log.info({ seconds: body.value.seconds }, 'virtual clock advanced');
        return okB(rc.logId, clockView());
      },
    },
    { method: 'GET', path: '/sandbox/chaos', handler: (rc) => okB(rc.logId, { rules: ctx.chaos.rules, seed: ctx.chaos.seed }) },
    { method: 'PUT', path: '/sandbox/chaos', handler: putChaos },
    {
      method: 'GET',
      path: '/sandbox/users',
      handler: (rc) => okB(rc.logId, { users: ctx.config.users.map((user) => ({ ...user, apps: appsOf(user.open_id) })) }),
    },
    {
      method: 'GET',
      path: '/sandbox/users/:open_id/apps',
      handler: (rc) => {
        if (!findUser(ctx, rc.params.open_id!)) return errorB(rc.logId, 'not_found', 'no user with this open_id', { status: 404 });
        return okB(rc.logId, { open_id: rc.params.open_id, apps: appsOf(rc.params.open_id!) });
      },
    },
    { method: 'GET', path: '/sandbox/tokens', handler: (rc) => okB(rc.logId, { tokens: tokensView() }) },
    // What a program beside the sandbox needs to serve one of its apps (the partner backend in
    // `--sandbox` mode): its keys and redirect URIs. Loopback only, like the rest of /sandbox/.
    {
      method: 'GET',
      path: '/sandbox/apps/:client_key',
      handler: (rc) => {
        const app = findApp(ctx, rc.params.client_key!);
        if (!app) return errorB(rc.logId, 'not_found', 'no app with this client_key', { status: 404 });
        return okB(rc.logId, { client_key: app.client_key, client_secret: app.client_secret, name: app.name, scopes: app.scopes, redirect_uris: app.redirect_uris });
      },
    },
    // The limits in force, so a client sized for the real platform can follow this sandbox's.
    { method: 'GET', path: '/sandbox/limits', handler: (rc) => okB(rc.logId, { limits: ctx.config.limits }) },
  ];

  const consoleSection = () => {
    const users = ctx.config.users
      .map((user) => {
        const apps = appsOf(user.open_id).map((app) => `${escapeHtml(app.name)} <small>(${escapeHtml(app.scopes.join(', '))})</small>`).join('; ') || '<small>none</small>';
        return `<tr><td><code>${escapeHtml(user.open_id)}</code></td><td>@${escapeHtml(user.username)}</td><td>${escapeHtml(user.display_name)}</td><td>${apps}</td></tr>`;
      })
      .join('\n');
    const tokens = tokensView()
      .map((t) => `<tr><td>${escapeHtml(t.kind)}</td><td><code>${escapeHtml(t.hint)}</code></td><td>${escapeHtml(t.open_id ?? '')}</td><td>${escapeHtml(t.client_key)}</td><td>${escapeHtml(t.state)}${t.revoked_reason ? ` <small>(${escapeHtml(t.revoked_reason)})</small>` : ''}</td><td>${escapeHtml(t.expires_at)}</td></tr>`)
      .join('\n');
    return `<section aria-labelledby="clock-heading"><h2 id="clock-heading">Clock</h2>
<p>Virtual time: <time>${escapeHtml(new Date(ctx.clock.now()).toISOString())}</time> (offset ${ctx.clock.offsetSeconds} s)</p>
<form class="api" data-method="POST" data-url="/sandbox/clock/advance"><label for="advance-seconds">Advance by (seconds)</label> <input id="advance-seconds" name="seconds" type="number" min="0" step="any" value="3600" required> <button type="submit">Advance clock</button></form></section>
<section aria-labelledby="users-heading"><h2 id="users-heading">Users</h2>
<table><thead><tr><th scope="col">open_id</th><th scope="col">username</th><th scope="col">display name</th><th scope="col">permitted apps</th></tr></thead><tbody>${users}</tbody></table></section>
<section aria-labelledby="tokens-heading"><h2 id="tokens-heading">Tokens</h2>
<table><thead><tr><th scope="col">kind</th><th scope="col">token</th><th scope="col">open_id</th><th scope="col">client_key</th><th scope="col">state</th><th scope="col">expires</th></tr></thead><tbody>${tokens || '<tr><td colspan="6">No tokens issued yet.</td></tr>'}</tbody></table></section>
<section aria-labelledby="chaos-heading"><h2 id="chaos-heading">Chaos</h2>
<form class="api" data-method="PUT" data-url="/sandbox/chaos" data-raw="rules"><label for="chaos-rules">Rules (JSON array; replaces the current ones; seed ${ctx.chaos.seed})</label><br>
<textarea id="chaos-rules" name="rules" rows="6" cols="80">${escapeHtml(JSON.stringify(ctx.chaos.rules, null, 2))}</textarea><br><button type="submit">Apply chaos rules</button></form></section>`;
  };

  return { name: 'extras', apiRoutes: () => routes, consoleSection };
}
