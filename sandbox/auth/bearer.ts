/**
 * Who is calling: the user behind a Bearer access token (ops 4, 6, 7) or the app behind a client
 * token (research, part 2). Failures are shape B replies with the statuses of docs/PLATFORM.md "Errors", ready for
 * the route to return.
 */
import type { IncomingMessage } from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SandboxApp } from '../config.js';
import { findApp, type SandboxContext } from '../context.js';
import { errorB } from '../../server-kit/http/errors.js';
import type { Reply } from '../../server-kit/http/reply.js';
import { secretKey } from '../../server-kit/ids.js';
import { authState, type ClientTokenRecord, type UserTokenRecord } from './tokens.js';

export type Authenticated<T> = { ok: true; key: string; token: T; app: SandboxApp } | { ok: false; reply: Reply };

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}

/**
 * A live user access token; with `requiredScope`, one the app is approved for and the user
 * granted. Op 8 passes none: silent login authorizes no scope in particular.
 */
export function authenticateUser(ctx: SandboxContext, req: IncomingMessage, logId: string, requiredScope: string | null): Authenticated<UserTokenRecord> {
  const token = bearerToken(req);
  if (!token) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'missing "Authorization: Bearer <access_token>" header') };
  const key = secretKey(token);
  const { access, client } = authState(ctx);
  const record = access.get(key);
  if (!record) {
    const message = client.has(key) ? 'a client access token cannot be used here; use the user access token' : 'access token is invalid';
    return { ok: false, reply: errorB(logId, 'access_token_invalid', message) };
  }
  if (record.revoked_at !== null) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'access token has been revoked') };
  if (ctx.clock.now() >= record.expires_at) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'access token has expired; refresh it') };
  const app = findApp(ctx, record.client_key);
  if (!app) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'the app of this access token no longer exists') };
  if (requiredScope !== null) {
    if (!app.scopes.includes(requiredScope)) return { ok: false, reply: errorB(logId, 'scope_not_authorized', `the app is not approved for the ${requiredScope} scope`) };
    if (!record.scopes.includes(requiredScope)) return { ok: false, reply: errorB(logId, 'scope_not_authorized', `the user did not authorize the ${requiredScope} scope`) };
  }
  return { ok: true, key, token: record, app };
}

export function authenticateClient(ctx: SandboxContext, req: IncomingMessage, logId: string): Authenticated<ClientTokenRecord> {
  const token = bearerToken(req);
  if (!token) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'missing "Authorization: Bearer <client_access_token>" header') };
  const key = secretKey(token);
  const record = authState(ctx).client.get(key);
  if (!record) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'client access token is invalid') };
  if (ctx.clock.now() >= record.expires_at) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'client access token has expired') };
  const app = findApp(ctx, record.client_key);
  if (!app) return { ok: false, reply: errorB(logId, 'access_token_invalid', 'the app of this token no longer exists') };
  return { ok: true, key, token: record, app };
}

/** client_key + client_secret from a form body; the secret is compared in constant time. */
export function checkClientCredentials(ctx: SandboxContext, clientKey: string, clientSecret: string): SandboxApp | undefined {
  const app = findApp(ctx, clientKey);
  if (!app) return undefined;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(app.client_secret), digest(clientSecret)) ? app : undefined;
}
