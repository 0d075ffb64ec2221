/**
 * The token broker (backend/README.md "Token broker"): the app sends its token operations here without a
 * client secret; the backend checks them, adds the secret, and relays the platform's answer
 * verbatim (status and body: a token set, an empty body, or shape A). What the backend itself
 * refuses is answered in shape A too, so a client parses one kind of answer.
 *
 *   POST /v1/oauth/token   client_key, grant_type=authorization_code, code, redirect_uri, code_verifier
 *                          client_key, grant_type=refresh_token, refresh_token
 *                          client_key, grant_type=client_credentials  + Authorization: Bearer <a user access token it brokered>
 *   POST /v1/oauth/revoke  client_key, token
 *
 * The broker cannot tell the app from another caller (the code is bound to the PKCE verifier and
 * the refresh token is the credential, as for a public client), so it rate-limits per client
 * address, and the client-credentials relay, which needs no user grant at all, per account.
 */
import { joinUrl } from '../../platform-api/http.js';
import { parseTokenAnswer, REVOKE_PATH, TOKEN_PATH, TokenSet } from '../../platform-api/oauth.js';
import { isRegisteredRedirectUri } from '../../platform-api/wire/redirect-uri.js';
import { mediaType, parseForm, readSmallBody } from '../../server-kit/http/body.js';
import { errorA } from '../../server-kit/http/errors.js';
import type { Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { SlidingWindowLimiter } from '../../server-kit/rate-limiter.js';
import { bearerToken } from '../http/answers.js';
import type { BackendContext } from '../context.js';
import { clientAddress } from './client-address.js';
import { liveTokenOwner } from './live-token.js';
import { forgetAccountTokens, recordTokenSet, tokenOwner } from './token-owners.js';

export const BROKER_TOKEN_PATH = '/v1/oauth/token';
export const BROKER_REVOKE_PATH = '/v1/oauth/revoke';

const MINUTE_MS = 60_000;

export function brokerRoutes(ctx: BackendContext): Route[] {
  const { config } = ctx;
  const perAddress = new SlidingWindowLimiter(config.rate_limits.oauth_per_minute, MINUTE_MS);
  const perAccount = new SlidingWindowLimiter(config.rate_limits.client_token_per_minute, MINUTE_MS);
  // Rate limits run on real time: they protect this process, not a platform rule.
  const now = () => Date.now();

  const rateLimited = (rc: RequestContext, retryAfterSeconds: number): Reply => {
    const reply = errorA(rc.logId, 'rate_limit_exceeded', `too many token requests; try again in ${retryAfterSeconds} s`);
    return { ...reply, headers: { ...reply.headers, 'Retry-After': String(retryAfterSeconds) } };
  };

  /** Reads the form and checks what every broker call shares (address limit, client_key). */
  const readBrokerForm = async (rc: RequestContext): Promise<{ ok: true; form: Record<string, string> } | { ok: false; reply: Reply }> => {
    const limit = perAddress.take(clientAddress(rc.req, config.trusted_proxies), now());
    if (!limit.allowed) return { ok: false, reply: rateLimited(rc, limit.retryAfterSeconds) };
    if (mediaType(rc.req) !== 'application/x-www-form-urlencoded') return { ok: false, reply: errorA(rc.logId, 'invalid_request', 'the request must be form-encoded (application/x-www-form-urlencoded)') };
    const body = await readSmallBody(rc.req, 16 * 1024);
    if (!body.ok) return { ok: false, reply: errorA(rc.logId, 'invalid_request', 'the request parameters are malformed') };
    const form = parseForm(body.body);
    if (!form.ok) return { ok: false, reply: errorA(rc.logId, 'invalid_request', form.message) };
    if (form.value.client_key !== config.platform.client_key) return { ok: false, reply: errorA(rc.logId, 'invalid_client', 'client_key is not the one this backend serves') };
    if ('client_secret' in form.value) return { ok: false, reply: errorA(rc.logId, 'invalid_request', 'do not send client_secret: the broker adds it') };
    return { ok: true, form: form.value };
  };

  /** POSTs a form to the platform with the client secret added; the answer as the platform gave it. */
  const relay = async (rc: RequestContext, path: string, form: Record<string, string>) => {
    const answer = await ctx.http({ method: 'POST', url: joinUrl(config.platform.base_url, path), form: { ...form, client_key: config.platform.client_key, client_secret: config.platform.client_secret }, timeoutMs: 15_000 });
    if (!answer.ok) {
      rc.log.warn({ code: answer.error.code }, 'broker: the platform could not be reached');
      return { reply: errorA(rc.logId, 'internal_error', `the platform could not be reached (${answer.error.code}); try again`, 502), answer: null };
    }
    const { status, headers, text } = answer.value;
    const reply: Reply = { status, headers: { 'Content-Type': headers.get('content-type') ?? 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }, body: text };
    return { reply, answer: answer.value };
  };

  const token = async (rc: RequestContext): Promise<Reply> => {
    const read = await readBrokerForm(rc);
    if (!read.ok) return read.reply;
    const form = read.form;
    switch (form.grant_type) {
      case 'authorization_code': {
        const { code, redirect_uri, code_verifier } = form;
        if (!code || !redirect_uri || !code_verifier) return errorA(rc.logId, 'invalid_request', 'code, redirect_uri and code_verifier are required');
        if (!isRegisteredRedirectUri(config.redirect_uris, redirect_uri)) return errorA(rc.logId, 'invalid_request', 'redirect_uri is not one this backend accepts (redirect_uris)');
        return relayTokenSet(rc, { grant_type: 'authorization_code', code, redirect_uri, code_verifier });
      }
      case 'refresh_token': {
        if (!form.refresh_token) return errorA(rc.logId, 'invalid_request', 'refresh_token is required');
        return relayTokenSet(rc, { grant_type: 'refresh_token', refresh_token: form.refresh_token });
      }
      case 'client_credentials': {
        const bearer = bearerToken(rc.req);
        const openId = bearer === null ? null : await liveTokenOwner(ctx, bearer);
        if (openId === null) return errorA(rc.logId, 'invalid_client', 'present, as Authorization: Bearer, a live user access token obtained through this broker');
        const limit = perAccount.take(openId, now());
        if (!limit.allowed) return rateLimited(rc, limit.retryAfterSeconds);
        return (await relay(rc, TOKEN_PATH, { grant_type: 'client_credentials' })).reply;
      }
      default:
        return errorA(rc.logId, form.grant_type ? 'unsupported_grant_type' : 'invalid_request', form.grant_type ? `grant_type ${form.grant_type.slice(0, 40)} is not supported` : 'grant_type is required');
    }
  };

  const relayTokenSet = async (rc: RequestContext, form: Record<string, string>): Promise<Reply> => {
    const asked = Date.now();
    const { reply, answer } = await relay(rc, TOKEN_PATH, form);
    if (answer === null) return reply;
    const tokens = parseTokenAnswer(answer, TokenSet);
    if (tokens.ok) {
      try {
        // Lifetimes count from the platform's now. In the sandbox profile its clock may have jumped
        // since this backend last read it (every 5 s): a token issued a day ahead was recorded as
        // expiring an hour ago and, once the next read came, refused as not one of ours. A read
        // sent after the request knows the jump (a no-op on the real platform's clock).
        await ctx.resyncClock(asked);
        await recordTokenSet(ctx.db, tokens.value, ctx.clock.now());
      } catch (err) {
        // The platform has issued (and, on refresh, rotated) the tokens: the caller must get them
        // even if we could not note their owner; its orders are refused until its next refresh.
        rc.log.error({ err }, 'broker: could not record the token owner');
      }
    }
    return reply;
  };

  const revoke = async (rc: RequestContext): Promise<Reply> => {
    const read = await readBrokerForm(rc);
    if (!read.ok) return read.reply;
    const tokenToRevoke = read.form.token;
    if (!tokenToRevoke) return errorA(rc.logId, 'invalid_request', 'token is required');
    const openId = await tokenOwner(ctx.db, tokenToRevoke);
    const { reply, answer } = await relay(rc, REVOKE_PATH, { token: tokenToRevoke });
    if (answer !== null && answer.status >= 200 && answer.status <= 299 && openId !== null) await forgetAccountTokens(ctx.db, openId);
    return reply;
  };

  return [
    { method: 'POST', path: BROKER_TOKEN_PATH, handler: token, errorShape: 'A' },
    { method: 'POST', path: BROKER_REVOKE_PATH, handler: revoke, errorShape: 'A' },
  ];
}
