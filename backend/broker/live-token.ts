/**
 * Whether a brokered access token is still good. The platform revokes tokens without telling the
 * partner (a revoke made elsewhere, a replayed authorization code that revokes the tokens it
 * gave), and the store's reads (orders, items) and the client-credentials relay never show the
 * token to the platform. So a token the platform has not confirmed for RECHECK_MS is shown to it
 * before it is believed, and a token the platform refuses is forgotten at once (here, or when op 8
 * answers 401 for it): its caller gets 401 and signs in or refreshes again.
 *
 * The check is op 6 (post status) for a publish id that does not exist: it changes nothing, and the
 * platform checks the token before anything else, so 401 means the token is dead and any other
 * answer (the unknown publish id, a missing scope) that it lives. When the platform cannot be
 * reached the token is believed for now and asked about again on its next use.
 */
import { joinUrl } from '../../platform-api/http.js';
import type { BackendContext } from '../context.js';
import { accessTokenOwner, forgetToken, markTokenChecked } from './token-owners.js';

/** How long a confirmation holds (backend clock). */
export const RECHECK_MS = 5 * 60_000;

const PROBE_PATH = '/v2/post/publish/status/fetch/';
const PROBE_PUBLISH_ID = 'partner-backend-token-check';

/** The open_id of a brokered access token the platform has not refused, or null. */
export async function liveTokenOwner(ctx: BackendContext, token: string): Promise<string | null> {
  const now = ctx.clock.now();
  const owner = await accessTokenOwner(ctx.db, token, now);
  if (owner === null) return null;
  if (now - owner.checkedAt < RECHECK_MS) return owner.openId;
  const answer = await ctx.http({ method: 'POST', url: joinUrl(ctx.config.platform.base_url, PROBE_PATH), headers: { authorization: `Bearer ${token}` }, json: { publish_id: PROBE_PUBLISH_ID }, timeoutMs: 5_000 });
  if (!answer.ok) {
    ctx.logger.warn({ code: answer.error.code }, 'broker: could not ask the platform whether a token is live');
    return owner.openId;
  }
  if (answer.value.status === 401) {
    await forgetToken(ctx.db, token);
    ctx.logger.info('broker: the platform refused a brokered access token; forgotten');
    return null;
  }
  // A busy or failing platform says nothing about the token: believed, and asked again next time.
  if (answer.value.status === 429 || answer.value.status >= 500) return owner.openId;
  await markTokenChecked(ctx.db, token, now);
  return owner.openId;
}
