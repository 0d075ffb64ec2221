/**
 * Test doubles of OUR interfaces (never of the platform): a token endpoint that issues token sets
 * the way the platform does (rotating refresh tokens, killing the old one), and a runtime around it.
 */
import { randomBytes } from 'node:crypto';
import type { OffsetClock } from '../../common/clock.js';
import { platformError, type ApiResult } from '../../platform-api/errors.js';
import type { ClientToken, CodeGrant, TokenSet } from '../../platform-api/oauth.js';
import type { TokenEndpoint } from '../../electron/services/auth/token-endpoint.js';
import type { PlatformRuntime } from '../../electron/services/auth/runtime.js';
import type { SecretStore } from '../../electron/services/accounts/token-manager.js';

export class FakeTokenEndpoint implements TokenEndpoint {
  refreshCalls = 0;
  /** The refresh token the "platform" currently accepts per open_id. */
  readonly liveRefresh = new Map<string, string>();
  readonly liveAccess = new Set<string>();
  /** Next refresh answers this failure instead. */
  failNextRefresh: ApiResult<never> | null = null;
  delayMs = 20;
  expiresIn = 86_400;

  constructor(private readonly clock: OffsetClock) {}

  issue(openId: string, scope = 'user.info.basic,video.upload,video.list'): TokenSet {
    const set: TokenSet = {
      open_id: openId,
      scope,
      access_token: `act.${randomBytes(12).toString('base64url')}`,
      expires_in: this.expiresIn,
      refresh_token: `rft.${randomBytes(12).toString('base64url')}`,
      refresh_expires_in: 31_536_000,
      token_type: 'Bearer',
    };
    this.liveRefresh.set(openId, set.refresh_token);
    this.liveAccess.add(set.access_token);
    return set;
  }

  async exchangeCode(_grant: CodeGrant): Promise<ApiResult<TokenSet>> {
    return { ok: true, value: this.issue('user-1') };
  }

  async refresh(refreshToken: string): Promise<ApiResult<TokenSet>> {
    this.refreshCalls++;
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failNextRefresh) {
      const failure = this.failNextRefresh;
      this.failNextRefresh = null;
      return failure;
    }
    const owner = [...this.liveRefresh].find(([, token]) => token === refreshToken)?.[0];
    if (!owner) return { ok: false, error: platformError({ kind: 'platform', httpStatus: 400, code: 'invalid_grant', message: 'refresh_token is invalid' }) };
    return { ok: true, value: this.issue(owner) };
  }

  readonly clientTokenNeedsUser = false;

  async clientToken(): Promise<ApiResult<ClientToken>> {
    return { ok: true, value: { access_token: `clt.${randomBytes(12).toString('base64url')}`, expires_in: 7200, token_type: 'Bearer' } };
  }

  async revoke(accessToken: string): Promise<ApiResult<void>> {
    if (!this.liveAccess.delete(accessToken)) return { ok: false, error: platformError({ kind: 'platform', httpStatus: 400, code: 'invalid_request', message: 'token is invalid' }) };
    return { ok: true, value: undefined };
  }

  /** A platform call on the user's behalf: access_token_invalid unless the token is live. */
  async call(accessToken: string): Promise<ApiResult<string>> {
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (!this.liveAccess.has(accessToken)) return { ok: false, error: platformError({ kind: 'platform', httpStatus: 401, code: 'access_token_invalid', message: 'access token is invalid' }) };
    return { ok: true, value: 'done' };
  }
}

export function fakeRuntime(tokens: TokenEndpoint, clock: OffsetClock, key = 'test-profile'): PlatformRuntime {
  return {
    key,
    name: 'Test platform',
    kind: 'custom',
    baseUrl: 'https://open.example.test',
    uploadBaseUrl: 'https://upload.example.test',
    authorizeUrl: 'https://www.example.test/v2/auth/authorize/',
    clientKey: 'test_client',
    scopes: ['user.info.basic', 'video.upload', 'video.list'],
    secret: 'vault',
    tokens,
    backendUrl: null,
    clock,
    describeUser: (openId) => ({ displayName: openId === 'user-1' ? 'User One' : null, username: null }),
  };
}

/** The vault's surface, in memory, with a log of writes in order. */
export class RecordingSecretStore implements SecretStore {
  readonly values = new Map<string, string>();
  readonly writes: Array<{ op: 'set' | 'delete'; name: string; value?: string }> = [];
  get(name: string) {
    return this.values.get(name);
  }
  async set(name: string, value: string) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    this.values.set(name, value);
    this.writes.push({ op: 'set', name, value });
  }
  async delete(name: string) {
    this.values.delete(name);
    this.writes.push({ op: 'delete', name });
  }
}
