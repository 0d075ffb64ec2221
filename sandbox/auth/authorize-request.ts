/**
 * The rules of a consent request (`/v2/auth/authorize/`), checked on GET before the page is shown
 * and again on POST before anything is issued: the POST carries the parameters back as form
 * fields, so re-checking them is what keeps a forged POST from getting more than a real GET
 * would. Pure: the caller turns a refusal into an error page, never into a redirect.
 */
import type { SandboxApp } from '../config.js';
import { challengeProblem } from './pkce.js';
import { isRegisteredRedirectUri } from './redirect-uri.js';

export interface AuthorizeRequest {
  client_key: string;
  response_type: 'code';
  scopes: string[];
  redirect_uri: string;
  state: string;
  /** Lower-cased hex SHA-256 of the app's code_verifier. */
  code_challenge: string;
  code_challenge_method: 'S256';
}

export type AuthorizeCheck = { ok: true; request: AuthorizeRequest; app: SandboxApp } | { ok: false; title: string; message: string };

/** The parameters, in order, that a consent request carries (the form sends them back as hidden fields). */
export const AUTHORIZE_PARAMS = ['client_key', 'response_type', 'scope', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method'] as const;

const MAX_STATE_LENGTH = 1024;

export function checkAuthorizeRequest(params: Readonly<Record<string, string | undefined>>, apps: readonly SandboxApp[]): AuthorizeCheck {
  const refuse = (title: string, message: string): AuthorizeCheck => ({ ok: false, title, message });
  const clientKey = params.client_key;
  if (!clientKey) return refuse('Missing client_key', 'The request has no client_key parameter.');
  const app = apps.find((a) => a.client_key === clientKey);
  if (!app) return refuse('Unknown app', `No app is registered with client_key "${clientKey}".`);

  const redirectUri = params.redirect_uri;
  if (!redirectUri) return refuse('Missing redirect_uri', 'The request has no redirect_uri parameter.');
  if (!isRegisteredRedirectUri(app.redirect_uris, redirectUri)) {
    return refuse('redirect_uri not registered', `"${redirectUri}" is not one of the redirect URIs registered for ${app.name}: ${app.redirect_uris.join(', ')}.`);
  }

  if (params.response_type !== 'code') return refuse('Unsupported response_type', 'response_type must be "code".');

  const scopes = [...new Set((params.scope ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (scopes.length === 0) return refuse('Missing scope', 'The request asks for no scope; send a comma-separated list such as user.info.basic,video.upload.');
  const unknown = scopes.filter((s) => !app.scopes.includes(s));
  if (unknown.length > 0) return refuse('Scope not allowed', `${app.name} is not approved for: ${unknown.join(', ')}.`);

  const state = params.state;
  if (!state) return refuse('Missing state', 'The request has no state parameter; an app must send one and check it on the callback.');
  if (state.length > MAX_STATE_LENGTH) return refuse('state too long', `state must be at most ${MAX_STATE_LENGTH} characters.`);

  const challenge = params.code_challenge;
  if (!challenge) return refuse('Missing code_challenge', 'Desktop apps must use PKCE: send code_challenge=hex(SHA-256(code_verifier)) and code_challenge_method=S256.');
  const problem = challengeProblem(challenge);
  if (problem) return refuse('Invalid code_challenge', problem);
  if (params.code_challenge_method !== 'S256') return refuse('Unsupported code_challenge_method', 'code_challenge_method must be S256.');

  return {
    ok: true,
    app,
    request: {
      client_key: clientKey,
      response_type: 'code',
      scopes,
      redirect_uri: redirectUri,
      state,
      code_challenge: challenge.toLowerCase(),
      code_challenge_method: 'S256',
    },
  };
}

/** The redirect after a decision: `code`, `scopes`, `state` on allow; `error=access_denied` on deny. */
export function callbackUrl(redirectUri: string, answer: { code: string; scopes: string[]; state: string } | { denied: true; state: string }): string {
  const url = new URL(redirectUri);
  if ('code' in answer) {
    url.searchParams.set('code', answer.code);
    url.searchParams.set('scopes', answer.scopes.join(','));
  } else {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('error_description', 'The user denied the authorization request.');
  }
  url.searchParams.set('state', answer.state);
  return url.toString();
}
