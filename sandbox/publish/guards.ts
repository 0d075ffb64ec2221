/**
 * What every content operation checks first, in the platform's order: a valid user token with
 * video.upload (401), then the per-token rate limit (429). A refused call is not counted.
 */
import { authenticateUser } from '../auth/bearer.js';
import type { UserTokenRecord } from '../auth/tokens.js';
import type { SandboxContext } from '../context.js';
import { errorB } from '../../server-kit/http/errors.js';
import type { Reply } from '../../server-kit/http/reply.js';
import type { RequestContext } from '../../server-kit/http/router.js';
import type { SlidingWindowLimiter } from '../../server-kit/rate-limiter.js';

export const UPLOAD_SCOPE = 'video.upload';

export type Guarded = { ok: true; token: UserTokenRecord } | { ok: false; reply: Reply };

export function guardUserCall(ctx: SandboxContext, rc: RequestContext, limiter: SlidingWindowLimiter, what: string): Guarded {
  const auth = authenticateUser(ctx, rc.req, rc.logId, UPLOAD_SCOPE);
  if (!auth.ok) return auth;
  const decision = limiter.take(auth.key, ctx.clock.now());
  if (!decision.allowed) {
    return {
      ok: false,
      reply: errorB(rc.logId, 'rate_limit_exceeded', `too many ${what} requests for this access token; retry in ${decision.retryAfterSeconds} s`, {
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
      }),
    };
  }
  return { ok: true, token: auth.token };
}
