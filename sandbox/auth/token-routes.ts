/**
 * Ops 1-3 and 12 (`POST /v2/oauth/token/` for authorization_code, refresh_token and
 * client_credentials; `POST /v2/oauth/revoke/`). Form-encoded in, shape A out on failure.
 */
import type { SandboxContext } from '../context.js';
import { errorA } from '../../server-kit/http/errors.js';
import { emptyReply, jsonReply, type Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { mediaType, parseForm, readSmallBody } from '../../server-kit/http/body.js';
import { checkClientCredentials } from './bearer.js';
import { exchangeCode, issueClientToken, refreshTokens, revokeToken } from './tokens.js';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

type FormResult = { ok: true; form: Record<string, string>; clientKey: string } | { ok: false; reply: Reply };

/** The checks every token operation shares: form body, then client authentication. */
async function readClientForm(ctx: SandboxContext, rc: RequestContext): Promise<FormResult> {
  const { logId } = rc;
  if (mediaType(rc.req) !== 'application/x-www-form-urlencoded') {
    return { ok: false, reply: errorA(logId, 'invalid_request', 'request parameters are malformed: Content-Type must be application/x-www-form-urlencoded') };
  }
  const body = await readSmallBody(rc.req);
  if (!body.ok) return { ok: false, reply: errorA(logId, 'invalid_request', body.reason === 'too_large' ? 'request body is too large' : 'request body was not received') };
  const parsed = parseForm(body.body);
  if (!parsed.ok) return { ok: false, reply: errorA(logId, 'invalid_request', `request parameters are malformed: ${parsed.message}`) };
  const form = parsed.value;
  if (!form.client_key || !form.client_secret) return { ok: false, reply: errorA(logId, 'invalid_request', 'client_key and client_secret are required') };
  if (!checkClientCredentials(ctx, form.client_key, form.client_secret)) return { ok: false, reply: errorA(logId, 'invalid_client', 'client_key or client_secret is wrong') };
  return { ok: true, form, clientKey: form.client_key };
}

export function tokenRoutes(ctx: SandboxContext): Route[] {
  const token = async (rc: RequestContext): Promise<Reply> => {
    const read = await readClientForm(ctx, rc);
    if (!read.ok) return read.reply;
    const { form, clientKey } = read;
    const missing = (...names: string[]) => names.filter((n) => !form[n]);
    switch (form.grant_type) {
      case 'authorization_code': {
        const absent = missing('code', 'redirect_uri');
        if (absent.length > 0) return errorA(rc.logId, 'invalid_request', `missing ${absent.join(', ')}`);
        const result = exchangeCode(ctx, { client_key: clientKey, code: form.code!, redirect_uri: form.redirect_uri!, code_verifier: form.code_verifier });
        if (!result.ok) return errorA(rc.logId, result.error, result.description);
        rc.log.info({ client_key: clientKey, open_id: result.tokens.open_id }, 'issued user tokens');
        // The platform never forgets a token it has handed out: saved before the answer leaves.
        await ctx.state.flush();
        return jsonReply(200, result.tokens, NO_STORE);
      }
      case 'refresh_token': {
        if (!form.refresh_token) return errorA(rc.logId, 'invalid_request', 'missing refresh_token');
        const result = refreshTokens(ctx, { client_key: clientKey, refresh_token: form.refresh_token });
        if (!result.ok) return errorA(rc.logId, result.error, result.description);
        // The old refresh token is gone once this answer is read: the new one must outlive a crash.
        await ctx.state.flush();
        return jsonReply(200, result.tokens, NO_STORE);
      }
      case 'client_credentials':
        return jsonReply(200, issueClientToken(ctx, clientKey), NO_STORE);
      case undefined:
      case '':
        return errorA(rc.logId, 'invalid_request', 'missing grant_type');
      default:
        return errorA(rc.logId, 'unsupported_grant_type', `grant_type ${form.grant_type} is not supported (authorization_code, refresh_token, client_credentials)`);
    }
  };

  const revoke = async (rc: RequestContext): Promise<Reply> => {
    const read = await readClientForm(ctx, rc);
    if (!read.ok) return read.reply;
    if (!read.form.token) return errorA(rc.logId, 'invalid_request', 'missing token');
    const result = revokeToken(ctx, read.clientKey, read.form.token);
    if (!result.ok) return errorA(rc.logId, 'invalid_request', result.description);
    // The platform's revoke answers an empty body (docs/PLATFORM.md "Token set").
    return emptyReply(200);
  };

  return [
    { method: 'POST', path: '/v2/oauth/token/', handler: token, errorShape: 'A' },
    { method: 'POST', path: '/v2/oauth/revoke/', handler: revoke, errorShape: 'A' },
  ];
}
