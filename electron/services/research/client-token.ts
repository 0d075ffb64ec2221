/**
 * The client access token of the research operations (op 12), held in the main process only (its
 * research rows worker thread is given it for op 10 and asks here for a new one) and never persisted (it lives two hours and is cheap to mint). Renewed shortly before it expires, by
 * the profile's clock, and when the platform answers access_token_invalid — once for all callers
 * waiting. Straight from the platform with the profile's client secret, or, for a broker profile
 * and the built-in one (its embedded backend), from the partner backend, which mints it only for a
 * caller presenting a user access token it issued (one of the signed-in accounts vouches).
 */
import type { Logger } from '../../../common/log.js';
import type { ApiResult } from '../../../platform-api/errors.js';
import { refreshMarginMs } from '../accounts/token-manager.js';
import type { PlatformRuntime } from '../auth/runtime.js';
import { words } from '../../core/contract/words.js';
import { sayWords } from '../main-words.js';

interface Held {
  token: string;
  expiresAt: number;
  lifetimeMs: number;
}

export interface ClientTokensDeps {
  /**
   * Runs `call` with a signed-in account's access token (refreshing it as needed), for a broker;
   * answers a failure naming what to do when no account can vouch.
   */
  withUserToken<T>(call: (userAccessToken: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>>;
  log: Logger;
}

export class ClientTokens {
  private readonly held = new Map<string, Held>();
  private readonly minting = new Map<string, Promise<ApiResult<string>>>();

  constructor(private readonly deps: ClientTokensDeps) {}

  /**
   * Runs `call` with a valid client token; on access_token_invalid, mints a new one (once for
   * everyone waiting) and runs it once more.
   */
  async withClientToken<T>(runtime: PlatformRuntime, call: (clientToken: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    const token = await this.get(runtime);
    if (!token.ok) return token;
    const first = await call(token.value);
    if (first.ok || first.error.code !== 'access_token_invalid') return first;
    const renewed = await this.renew(runtime, token.value);
    if (!renewed.ok) return renewed;
    return call(renewed.value);
  }

  /**
   * A valid client token: the one held, or a new one; with `stale`, the token the platform
   * refused, a new one (once for everyone waiting) unless it was already replaced.
   */
  token(runtime: PlatformRuntime, stale: string | null): Promise<ApiResult<string>> {
    return stale === null ? this.get(runtime) : this.renew(runtime, stale);
  }

  /** Forgets every held token (profile switched, app closing). */
  clear(): void {
    this.held.clear();
  }

  private get(runtime: PlatformRuntime): Promise<ApiResult<string>> {
    const held = this.held.get(runtime.key);
    if (held && runtime.clock.now() < held.expiresAt - refreshMarginMs(held.lifetimeMs)) return Promise.resolve({ ok: true, value: held.token });
    return this.renew(runtime, held?.token);
  }

  /** The one mint in flight per profile; a caller whose stale token was already replaced gets the new one. */
  private renew(runtime: PlatformRuntime, stale: string | undefined): Promise<ApiResult<string>> {
    const current = this.held.get(runtime.key);
    if (current && current.token !== stale && runtime.clock.now() < current.expiresAt - refreshMarginMs(current.lifetimeMs)) {
      return Promise.resolve({ ok: true, value: current.token });
    }
    const inFlight = this.minting.get(runtime.key);
    if (inFlight) return inFlight;
    const run = this.mint(runtime).finally(() => this.minting.delete(runtime.key));
    this.minting.set(runtime.key, run);
    return run;
  }

  private async mint(runtime: PlatformRuntime): Promise<ApiResult<string>> {
    this.held.delete(runtime.key);
    const startedAt = runtime.clock.now();
    const answer = runtime.tokens.clientTokenNeedsUser
      ? await this.deps.withUserToken((userToken) => runtime.tokens.clientToken(userToken))
      : await runtime.tokens.clientToken();
    if (!answer.ok) {
      this.deps.log.warn({ kind: answer.error.kind, code: answer.error.code, logId: answer.error.logId }, 'client token not obtained');
      const said = words('research.no_access', { detail: answer.error.words ?? answer.error.message });
      return { ok: false, error: { ...answer.error, message: sayWords(said), words: said } };
    }
    const lifetimeMs = answer.value.expires_in * 1000;
    this.held.set(runtime.key, { token: answer.value.access_token, expiresAt: startedAt + lifetimeMs, lifetimeMs });
    this.deps.log.info({ profile: runtime.key, expiresIn: answer.value.expires_in, viaBroker: runtime.tokens.clientTokenNeedsUser }, 'client token obtained');
    return { ok: true, value: answer.value.access_token };
  }
}
