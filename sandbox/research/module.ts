/**
 * Ops 10 and 11 over HTTP: `POST /v2/research/video/query/?fields=…` and
 * `POST /v2/research/user/info/?fields=…`, answered by the research engine (engine.ts) with the
 * client access token's app as the quota holder. The engine (dataset and indexes) is built on the
 * first research call, not at start, so a sandbox that never serves research never pays for it
 * (about 0.3 s for the default 2,000 videos, a few seconds for a million). Bodies are read as JSON
 * whatever their Content-Type: the platform's own sample sends user/info as text/plain.
 */
import { bearerToken, authenticateClient } from '../auth/bearer.js';
import { authState } from '../auth/tokens.js';
import type { SandboxContext, SandboxModule } from '../context.js';
import { parseJson, readSmallBody, MAX_API_BODY_BYTES } from '../../server-kit/http/body.js';
import { errorB, okB } from '../../server-kit/http/errors.js';
import { escapeHtml, type Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { secretKey } from '../../server-kit/ids.js';
import { createResearchEngine, type ResearchEngine } from './engine.js';
import type { Result } from './errors.js';
import { publicVideoRoute } from './public-video-page.js';

export const VIDEO_QUERY_PATH = '/v2/research/video/query/';
export const USER_INFO_PATH = '/v2/research/user/info/';

const DAY_MS = 86_400_000;

export function researchModule(ctx: SandboxContext): SandboxModule {
  let engine: ResearchEngine | undefined;
  const research = (): ResearchEngine => {
    if (!engine) {
      const started = performance.now();
      const { seed, videos, accounts, span_days: spanDays } = ctx.config.research;
      engine = createResearchEngine({
        seed,
        videos,
        accounts,
        spanDays,
        clock: ctx.clock,
        quotas: { requestsPerDay: ctx.config.limits.research_requests_per_day, recordsPerDay: ctx.config.limits.research_records_per_day },
      });
      ctx.logger.info({ seed, videos, accounts, spanDays, ms: Math.round(performance.now() - started) }, 'research dataset built');
    }
    return engine;
  };

  /** The client token's app; a user token gets a message saying which token research needs. */
  const authenticate = (rc: RequestContext): { ok: true; clientKey: string } | { ok: false; reply: Reply } => {
    const auth = authenticateClient(ctx, rc.req, rc.logId);
    if (auth.ok) return { ok: true, clientKey: auth.app.client_key };
    const token = bearerToken(rc.req);
    if (token && authState(ctx).access.has(secretKey(token))) {
      return { ok: false, reply: errorB(rc.logId, 'access_token_invalid', 'research operations need a client access token (POST /v2/oauth/token/ with grant_type=client_credentials), not a user access token') };
    }
    return auth;
  };

  const answer = (rc: RequestContext, result: Result<object>): Reply => {
    if (result.ok) return okB(rc.logId, result.value as Record<string, unknown>);
    const { code, httpStatus, message } = result.error;
    // Quotas reset at 00:00 UTC of the virtual clock.
    const headers = code === 'rate_limit_exceeded' ? { 'Retry-After': String(Math.ceil((DAY_MS - (ctx.clock.now() % DAY_MS)) / 1000)) } : undefined;
    return errorB(rc.logId, code, message, { status: httpStatus, headers });
  };

  const operation = (run: (engine: ResearchEngine, body: unknown, fields: string | undefined, clientKey: string) => Result<object>) => async (rc: RequestContext): Promise<Reply> => {
    const auth = authenticate(rc);
    if (!auth.ok) return auth.reply;
    const read = await readSmallBody(rc.req);
    if (!read.ok) return errorB(rc.logId, 'invalid_params', read.reason === 'too_large' ? `request body is larger than ${MAX_API_BODY_BYTES} bytes` : 'request body was not received');
    let body: unknown;
    if (read.body.length > 0) {
      const parsed = parseJson(read.body);
      if (!parsed.ok) return errorB(rc.logId, 'invalid_params', parsed.message);
      body = parsed.value;
    }
    const fields = rc.url.searchParams.get('fields') ?? undefined;
    return answer(rc, run(research(), body, fields, auth.clientKey));
  };

  const routes: Route[] = [
    { method: 'POST', path: VIDEO_QUERY_PATH, handler: operation((e, body, fields, app) => e.queryVideos(body, fields, app)) },
    { method: 'POST', path: USER_INFO_PATH, handler: operation((e, body, fields, app) => e.userInfo(body, fields, app)) },
    publicVideoRoute(research),
  ];

  const consoleSection = () => {
    const { seed, videos, accounts } = ctx.config.research;
    const usage = engine
      ? ctx.config.apps
          .map((app) => {
            const u = engine!.quotaUsage(app.client_key);
            return `<tr><td><code>${escapeHtml(app.client_key)}</code></td><td>${escapeHtml(u.day)}</td><td>${u.requests} / ${u.limits.requestsPerDay}</td><td>${u.records} / ${u.limits.recordsPerDay}</td></tr>`;
          })
          .join('\n')
      : '<tr><td colspan="4">The dataset is built on the first research call.</td></tr>';
    return `<section aria-labelledby="research-heading"><h2 id="research-heading">Research</h2>
<p>Synthetic dataset: ${videos} videos, ${accounts} accounts, seed ${seed}.</p>
<table><thead><tr><th scope="col">client_key</th><th scope="col">UTC day</th><th scope="col">requests</th><th scope="col">records</th></tr></thead><tbody>${usage}</tbody></table></section>`;
  };

  return { name: 'research', apiRoutes: () => routes, consoleSection };
}
