/**
 * Where the token operations go. Either straight to the platform with the client secret (the
 * built-in sandbox's, or a custom profile's from the vault), or to a token broker — the partner
 * backend — which adds the secret on its side, so a distributed app never holds it.
 *
 * The broker's API (documented in backend/README.md "Token broker"): form-encoded POSTs, answered with the
 * platform's own bodies relayed verbatim (token set, empty body, or shape A with its status).
 *
 *   POST {brokerUrl}/v1/oauth/token   client_key, grant_type=authorization_code, code, redirect_uri, code_verifier
 *                                     client_key, grant_type=refresh_token, refresh_token
 *                                     client_key, grant_type=client_credentials  with Authorization: Bearer <a user
 *                                       access token the broker issued>, so only this app's signed-in
 *                                       people can have the research token minted
 *   POST {brokerUrl}/v1/oauth/revoke  client_key, token
 */
import { platformError, type ApiResult } from '../../../platform-api/errors.js';
import { joinUrl, type HttpSend } from '../../../platform-api/http.js';
import { words } from '../../core/contract/words.js';
import { sayWords } from '../main-words.js';
import { ClientToken, fetchClientToken, fetchUserToken, postForNothing, postForTokens, refreshUserToken, revokeToken, TokenSet, type CodeGrant } from '../../../platform-api/oauth.js';

export interface TokenEndpoint {
  exchangeCode(grant: CodeGrant): Promise<ApiResult<TokenSet>>;
  refresh(refreshToken: string): Promise<ApiResult<TokenSet>>;
  revoke(accessToken: string): Promise<ApiResult<void>>;
  /** A broker mints the research token only for a caller presenting a user access token it issued. */
  readonly clientTokenNeedsUser: boolean;
  /** Op 12: the client access token of the research operations. */
  clientToken(userAccessToken?: string): Promise<ApiResult<ClientToken>>;
}

export interface DirectEndpointOptions {
  baseUrl: string;
  clientKey: string;
  /** Read at each call, so a secret entered after start-up is used at once. */
  clientSecret: () => string | undefined;
  /** For the message when the secret is missing. */
  profileName: string;
}

export class DirectTokenEndpoint implements TokenEndpoint {
  readonly clientTokenNeedsUser = false;

  constructor(
    private readonly http: HttpSend,
    private readonly options: DirectEndpointOptions,
  ) {}

  exchangeCode(grant: CodeGrant): Promise<ApiResult<TokenSet>> {
    return this.withClient((client) => fetchUserToken(this.http, client, grant));
  }

  refresh(refreshToken: string): Promise<ApiResult<TokenSet>> {
    return this.withClient((client) => refreshUserToken(this.http, client, refreshToken));
  }

  revoke(accessToken: string): Promise<ApiResult<void>> {
    return this.withClient((client) => revokeToken(this.http, client, accessToken));
  }

  clientToken(): Promise<ApiResult<ClientToken>> {
    return this.withClient((client) => fetchClientToken(this.http, client));
  }

  private async withClient<T>(call: (client: { baseUrl: string; clientKey: string; clientSecret: string }) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    const clientSecret = this.options.clientSecret();
    if (!clientSecret) {
      return {
        ok: false,
        error: platformError({ kind: 'auth', code: 'client_secret_missing', message: `Enter the client secret of “${this.options.profileName}” in Settings first (it is kept in this computer’s secure storage).` }),
      };
    }
    return call({ baseUrl: this.options.baseUrl, clientKey: this.options.clientKey, clientSecret });
  }
}

export const BROKER_TOKEN_PATH = '/v1/oauth/token';
export const BROKER_REVOKE_PATH = '/v1/oauth/revoke';

export class BrokerTokenEndpoint implements TokenEndpoint {
  readonly clientTokenNeedsUser = true;

  constructor(
    private readonly http: HttpSend,
    private readonly options: { brokerUrl: string; clientKey: string },
  ) {}

  exchangeCode(grant: CodeGrant): Promise<ApiResult<TokenSet>> {
    return postForTokens(this.http, joinUrl(this.options.brokerUrl, BROKER_TOKEN_PATH), TokenSet, {
      client_key: this.options.clientKey,
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: grant.redirectUri,
      code_verifier: grant.codeVerifier,
    });
  }

  refresh(refreshToken: string): Promise<ApiResult<TokenSet>> {
    return postForTokens(this.http, joinUrl(this.options.brokerUrl, BROKER_TOKEN_PATH), TokenSet, {
      client_key: this.options.clientKey,
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
  }

  revoke(accessToken: string): Promise<ApiResult<void>> {
    return postForNothing(this.http, joinUrl(this.options.brokerUrl, BROKER_REVOKE_PATH), { client_key: this.options.clientKey, token: accessToken });
  }

  async clientToken(userAccessToken?: string): Promise<ApiResult<ClientToken>> {
    if (!userAccessToken) {
      return { ok: false, error: platformError({ kind: 'auth', code: 'sign_in_first', message: sayWords(words('research.sign_in_first')), words: words('research.sign_in_first') }) };
    }
    return postForTokens(this.http, joinUrl(this.options.brokerUrl, BROKER_TOKEN_PATH), ClientToken, { client_key: this.options.clientKey, grant_type: 'client_credentials' }, { authorization: `Bearer ${userAccessToken}` });
  }
}
