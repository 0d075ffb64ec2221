/**
 * The platform's token operations (docs/PLATFORM.md "Operations" 1–3, and the client-credentials
 * grant of op 12): form-encoded POSTs carrying client_key and client_secret, answering a token set or a
 * shape A error. Values in, values out: nothing here logs or throws.
 */
import { z } from 'zod';
import { failed, isShapeAError, ok, shapeAError, unexpectedAnswer, type ApiResult, type RawAnswer } from './errors.js';
import { joinUrl, type HttpSend } from './http.js';

export const TOKEN_PATH = '/v2/oauth/token/';
export const REVOKE_PATH = '/v2/oauth/revoke/';

/** The token set both token operations answer (docs/PLATFORM.md "Token set"). */
export const TokenSet = z.object({
  open_id: z.string().min(1),
  scope: z.string(),
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number().int().positive(),
  token_type: z.string(),
});
export type TokenSet = z.infer<typeof TokenSet>;

/** The client access token of the research operations (op 12: grant_type=client_credentials, docs/PLATFORM.md). */
export const ClientToken = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  token_type: z.string(),
});
export type ClientToken = z.infer<typeof ClientToken>;

export interface ClientCredentials {
  baseUrl: string;
  clientKey: string;
  clientSecret: string;
}

export interface CodeGrant {
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

/** Op 1: the authorization code (with its PKCE verifier) for a user token set. */
export function fetchUserToken(http: HttpSend, client: ClientCredentials, grant: CodeGrant): Promise<ApiResult<TokenSet>> {
  return postForTokens(http, joinUrl(client.baseUrl, TOKEN_PATH), TokenSet, {
    client_key: client.clientKey,
    client_secret: client.clientSecret,
    code: grant.code,
    grant_type: 'authorization_code',
    redirect_uri: grant.redirectUri,
    code_verifier: grant.codeVerifier,
  });
}

/** Op 2: a refresh token for a new token set (whose refresh token replaces the one sent). */
export function refreshUserToken(http: HttpSend, client: ClientCredentials, refreshToken: string): Promise<ApiResult<TokenSet>> {
  return postForTokens(http, joinUrl(client.baseUrl, TOKEN_PATH), TokenSet, {
    client_key: client.clientKey,
    client_secret: client.clientSecret,
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
}

/** Op 3: revokes the user's authorization of the app (the access token carries it). */
export async function revokeToken(http: HttpSend, client: ClientCredentials, accessToken: string): Promise<ApiResult<void>> {
  return postForNothing(http, joinUrl(client.baseUrl, REVOKE_PATH), {
    client_key: client.clientKey,
    client_secret: client.clientSecret,
    token: accessToken,
  });
}

/** Op 12: a client access token for the research operations, from the client key and secret. */
export function fetchClientToken(http: HttpSend, client: ClientCredentials): Promise<ApiResult<ClientToken>> {
  return postForTokens(http, joinUrl(client.baseUrl, TOKEN_PATH), ClientToken, {
    client_key: client.clientKey,
    client_secret: client.clientSecret,
    grant_type: 'client_credentials',
  });
}

/** A form POST answering a token set or shape A; shared with the token broker, which relays both. */
export async function postForTokens<T>(http: HttpSend, url: string, schema: z.ZodType<T>, form: Record<string, string>, headers?: Record<string, string>): Promise<ApiResult<T>> {
  const answer = await http({ method: 'POST', url, form, headers });
  if (!answer.ok) return answer;
  return parseTokenAnswer(answer.value, schema);
}

export async function postForNothing(http: HttpSend, url: string, form: Record<string, string>): Promise<ApiResult<void>> {
  const answer = await http({ method: 'POST', url, form });
  if (!answer.ok) return answer;
  const { status, text } = answer.value;
  if (status >= 200 && status <= 299 && !isShapeAError(text)) return ok(undefined);
  return failed(isShapeAError(text) ? shapeAError(answer.value) : unexpectedAnswer(answer.value));
}

export function parseTokenAnswer<T>(answer: RawAnswer, schema: z.ZodType<T>): ApiResult<T> {
  // Some deployments answer a failed grant with 200 and a shape A body: the body decides.
  if (answer.status < 200 || answer.status > 299 || isShapeAError(answer.text)) {
    return failed(isShapeAError(answer.text) ? shapeAError(answer) : unexpectedAnswer(answer));
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return failed(unexpectedAnswer(answer));
  }
  // Some deployments wrap the token set in `data`.
  const candidate = body && typeof body === 'object' && 'data' in body && !('access_token' in body) ? (body as { data: unknown }).data : body;
  const parsed = schema.safeParse(candidate);
  if (!parsed.success) {
    return failed({ kind: 'http', httpStatus: answer.status, code: 'unexpected_response', message: "The platform's token answer had an unexpected shape", logId: null });
  }
  return ok(parsed.data);
}

/** The platform's comma-separated scope list (tolerating spaces, which OAuth uses elsewhere). */
export function parseScopes(scope: string): string[] {
  return [...new Set(scope.split(/[,\s]+/).filter(Boolean))].sort();
}
