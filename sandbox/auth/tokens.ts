/**
 * Codes, tokens and grants (the apps each user has permitted). Records are keyed by the SHA-256
 * of the secret, so the state file and console never hold a usable token. Lifetimes follow the
 * docs/PLATFORM.md "Token set" and are measured on the virtual clock. Results are values: the routes map them
 * onto shape A.
 */
import type { SandboxContext } from '../context.js';
import { newSecret, secretHint, secretKey } from '../../server-kit/ids.js';
import { verifierMatches, isValidVerifier } from './pkce.js';

export const ACCESS_TOKEN_TTL_S = 86_400;
export const REFRESH_TOKEN_TTL_S = 31_536_000;
export const CLIENT_TOKEN_TTL_S = 7_200;
export const CODE_TTL_S = 600;

export interface CodeRecord {
  hint: string;
  client_key: string;
  open_id: string;
  scopes: string[];
  redirect_uri: string;
  code_challenge: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** Keys of the tokens this code produced: a replayed code revokes them (RFC 6749 §4.1.2). */
  issued: string[];
}

export interface UserTokenRecord {
  hint: string;
  client_key: string;
  open_id: string;
  scopes: string[];
  issued_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
}

export interface ClientTokenRecord {
  hint: string;
  client_key: string;
  issued_at: number;
  expires_at: number;
}

export interface GrantRecord {
  open_id: string;
  client_key: string;
  scopes: string[];
  granted_at: number;
}

export interface TokenSet {
  open_id: string;
  scope: string;
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
  token_type: 'Bearer';
}

export function authState(ctx: SandboxContext) {
  return {
    codes: ctx.state.collection<CodeRecord>('oauth_codes'),
    access: ctx.state.collection<UserTokenRecord>('access_tokens'),
    refresh: ctx.state.collection<UserTokenRecord>('refresh_tokens'),
    client: ctx.state.collection<ClientTokenRecord>('client_tokens'),
    grants: ctx.state.collection<GrantRecord>('grants'),
  };
}

const grantId = (openId: string, clientKey: string) => `${openId} ${clientKey}`;

/** The user approved the app on the consent page: remember the grant and issue a single-use code. */
export function approveConsent(ctx: SandboxContext, input: { client_key: string; open_id: string; scopes: string[]; redirect_uri: string; code_challenge: string }): string {
  const { codes, grants } = authState(ctx);
  const now = ctx.clock.now();
  const existing = grants.get(grantId(input.open_id, input.client_key));
  // Scopes granted earlier stay granted, as on the platform's "manage app permissions" page.
  const scopes = [...new Set([...(existing?.scopes ?? []), ...input.scopes])];
  grants.set(grantId(input.open_id, input.client_key), { open_id: input.open_id, client_key: input.client_key, scopes, granted_at: existing?.granted_at ?? now });
  const code = newSecret('code');
  codes.set(secretKey(code), {
    hint: secretHint(code),
    client_key: input.client_key,
    open_id: input.open_id,
    scopes: input.scopes,
    redirect_uri: input.redirect_uri,
    code_challenge: input.code_challenge,
    created_at: now,
    expires_at: now + CODE_TTL_S * 1000,
    used_at: null,
    issued: [],
  });
  return code;
}

function issueUserTokens(ctx: SandboxContext, clientKey: string, openId: string, scopes: string[]): { set: TokenSet; keys: string[] } {
  const { access, refresh } = authState(ctx);
  const now = ctx.clock.now();
  const accessToken = newSecret('act');
  const refreshToken = newSecret('rft');
  const base = { client_key: clientKey, open_id: openId, scopes, issued_at: now, revoked_at: null, revoked_reason: null };
  access.set(secretKey(accessToken), { ...base, hint: secretHint(accessToken), expires_at: now + ACCESS_TOKEN_TTL_S * 1000 });
  refresh.set(secretKey(refreshToken), { ...base, hint: secretHint(refreshToken), expires_at: now + REFRESH_TOKEN_TTL_S * 1000 });
  return {
    set: {
      open_id: openId,
      scope: scopes.join(','),
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_TTL_S,
      refresh_token: refreshToken,
      refresh_expires_in: REFRESH_TOKEN_TTL_S,
      token_type: 'Bearer',
    },
    keys: [secretKey(accessToken), secretKey(refreshToken)],
  };
}

export type GrantResult = { ok: true; tokens: TokenSet } | { ok: false; error: 'invalid_request' | 'invalid_grant'; description: string };

export function exchangeCode(ctx: SandboxContext, input: { client_key: string; code: string; redirect_uri: string; code_verifier: string | undefined }): GrantResult {
  const { codes } = authState(ctx);
  const key = secretKey(input.code);
  const record = codes.get(key);
  const now = ctx.clock.now();
  if (!record) return { ok: false, error: 'invalid_grant', description: 'authorization code is invalid' };
  if (record.client_key !== input.client_key) return { ok: false, error: 'invalid_grant', description: 'authorization code was issued to another client' };
  if (record.used_at !== null) {
    revokeKeys(ctx, record.issued, 'authorization code replayed');
    return { ok: false, error: 'invalid_grant', description: 'authorization code has already been used' };
  }
  if (now >= record.expires_at) return { ok: false, error: 'invalid_grant', description: 'authorization code has expired' };
  if (record.redirect_uri !== input.redirect_uri) return { ok: false, error: 'invalid_request', description: 'redirect_uri does not match the redirect_uri used to request the authorization code' };
  if (input.code_verifier === undefined) return { ok: false, error: 'invalid_request', description: 'code_verifier is required (the code was requested with a code_challenge)' };
  if (!isValidVerifier(input.code_verifier)) return { ok: false, error: 'invalid_request', description: 'code_verifier must be 43-128 characters of A-Z a-z 0-9 - . _ ~' };
  if (!verifierMatches(input.code_verifier, record.code_challenge)) return { ok: false, error: 'invalid_grant', description: 'code_verifier does not match the code_challenge' };
  const { set, keys } = issueUserTokens(ctx, record.client_key, record.open_id, record.scopes);
  codes.set(key, { ...record, used_at: now, issued: keys });
  return { ok: true, tokens: set };
}

/** Refresh rotates: the refresh token sent dies at once and a new one comes back with the new access token. */
export function refreshTokens(ctx: SandboxContext, input: { client_key: string; refresh_token: string }): GrantResult {
  const { refresh } = authState(ctx);
  const key = secretKey(input.refresh_token);
  const record = refresh.get(key);
  const now = ctx.clock.now();
  if (!record || record.client_key !== input.client_key) return { ok: false, error: 'invalid_grant', description: 'refresh_token is invalid' };
  if (record.revoked_at !== null) return { ok: false, error: 'invalid_grant', description: `refresh_token is no longer valid (${record.revoked_reason ?? 'revoked'})` };
  if (now >= record.expires_at) return { ok: false, error: 'invalid_grant', description: 'refresh_token has expired' };
  refresh.set(key, { ...record, revoked_at: now, revoked_reason: 'rotated: a newer refresh_token was issued' });
  return { ok: true, tokens: issueUserTokens(ctx, record.client_key, record.open_id, record.scopes).set };
}

export function issueClientToken(ctx: SandboxContext, clientKey: string): { access_token: string; expires_in: number; token_type: 'Bearer' } {
  const now = ctx.clock.now();
  const token = newSecret('clt');
  authState(ctx).client.set(secretKey(token), { hint: secretHint(token), client_key: clientKey, issued_at: now, expires_at: now + CLIENT_TOKEN_TTL_S * 1000 });
  return { access_token: token, expires_in: CLIENT_TOKEN_TTL_S, token_type: 'Bearer' };
}

export type RevokeResult = { ok: true } | { ok: false; description: string };

/**
 * Revoke: the token, every other token of the same user and app, unused codes, and the grant
 * itself (the app leaves the user's permitted apps). Accepts an access or a refresh token.
 */
export function revokeToken(ctx: SandboxContext, clientKey: string, token: string): RevokeResult {
  const { access, refresh } = authState(ctx);
  const key = secretKey(token);
  const record = access.get(key) ?? refresh.get(key);
  const now = ctx.clock.now();
  if (!record || record.client_key !== clientKey) return { ok: false, description: 'token is invalid' };
  if (record.revoked_at !== null || now >= record.expires_at) return { ok: false, description: 'token is already revoked or expired' };
  revokeGrant(ctx, record.open_id, record.client_key, 'revoked by the app');
  return { ok: true };
}

export function revokeGrant(ctx: SandboxContext, openId: string, clientKey: string, reason: string): void {
  const { access, refresh, codes, grants } = authState(ctx);
  const now = ctx.clock.now();
  for (const collection of [access, refresh]) {
    for (const [key, record] of collection.entries()) {
      if (record.open_id === openId && record.client_key === clientKey && record.revoked_at === null) {
        collection.set(key, { ...record, revoked_at: now, revoked_reason: reason });
      }
    }
  }
  for (const [key, record] of codes.entries()) {
    if (record.open_id === openId && record.client_key === clientKey && record.used_at === null) codes.set(key, { ...record, used_at: now });
  }
  grants.delete(grantId(openId, clientKey));
}

function revokeKeys(ctx: SandboxContext, keys: readonly string[], reason: string): void {
  const { access, refresh } = authState(ctx);
  const now = ctx.clock.now();
  for (const key of keys) {
    for (const collection of [access, refresh]) {
      const record = collection.get(key);
      if (record && record.revoked_at === null) collection.set(key, { ...record, revoked_at: now, revoked_reason: reason });
    }
  }
}

export function grantsOfUser(ctx: SandboxContext, openId: string): GrantRecord[] {
  return authState(ctx).grants.values().filter((grant) => grant.open_id === openId);
}
