/**
 * Accounts, as the rest of the app sees them: sign in ("Add account"), list, remove (revoking the
 * app's access), and call on an account's behalf with a fresh access token. It resolves the active
 * platform profile (starting the embedded sandbox for the built-in one), keeps each profile's
 * accounts apart, and tells the UI about every change. Tokens and client secrets stay inside: the
 * views it returns and the events it emits carry open_ids, names, scopes and statuses only.
 */
import { systemClock, type Clock } from '../../../common/clock.js';
import type { Logger } from '../../../common/log.js';
import type { ApiResult } from '../../../platform-api/errors.js';
import type { HttpSend } from '../../../platform-api/http.js';
import { parseScopes, type TokenSet } from '../../../platform-api/oauth.js';
import { words, type Account, type ProfileStatus, type Settings, type SignInFinished, type Words } from '../../core/contract/index.js';
import { refusal, sayWords } from '../main-words.js';
import type { EventSink } from '../../core/events.js';
import { SignInFlows, type StartedFlow } from '../auth/sign-in-flow.js';
import type { BuiltinPlatform } from '../builtin-platform/builtin-platform.js';
import { SANDBOX_PROFILE_KEY, sandboxRuntime } from '../builtin-platform/sandbox-runtime.js';
import type { PlatformRuntime } from '../auth/runtime.js';
import { clientSecretEntry, customProfileKey, customRuntime } from '../platform-profile.js';
import type { KeyValueStorage } from '../storage.js';
import type { TokenSource } from '../uploads/ports.js';
import type { Vault, VaultStatus } from '../vault/vault.js';
import { AccountStore, accountLabel, toAccountView } from './account-store.js';
import { tokenEntry, TokenManager } from './token-manager.js';

export interface AccountsServiceDeps {
  settings: { get(): Settings; onChange(listener: (next: Settings, previous: Settings) => void): () => void };
  vault: Vault;
  storage: KeyValueStorage;
  sandbox: BuiltinPlatform;
  http: HttpSend;
  hub: EventSink;
  log: Logger;
  openExternal(url: string): Promise<boolean>;
  signInTimeoutMs?: number;
  /** For addedAt only; token lifetimes use the profile's clock. */
  clock?: Clock;
}

export interface RemoveResult {
  removed: true;
  revoked: boolean;
  /** In English; `messageWords` the same for the window. */
  message: string | null;
  messageWords: Words | null;
}

export class AccountsService {
  readonly accounts: AccountStore;
  readonly tokens: TokenManager;
  private readonly flows: SignInFlows;
  private readonly listeners = new Set<(accounts: Account[]) => void>();
  private sandboxRuntime: { handle: unknown; runtime: PlatformRuntime } | null = null;
  private readonly unsubscribe: Array<() => void> = [];

  constructor(private readonly deps: AccountsServiceDeps) {
    this.accounts = new AccountStore(deps.storage);
    this.tokens = new TokenManager({ vault: deps.vault, accounts: this.accounts, log: deps.log.child({ part: 'tokens' }) });
    this.flows = new SignInFlows({
      openExternal: deps.openExternal,
      complete: (runtime, tokens) => this.complete(runtime, tokens),
      finished: (outcome: SignInFinished) => deps.hub.emit('signIn.finished', outcome),
      log: deps.log.child({ part: 'sign-in' }),
      timeoutMs: deps.signInTimeoutMs,
    });
    this.unsubscribe.push(
      this.accounts.onChange((profileKey) => {
        if (profileKey === this.activeKey()) this.announce();
      }),
      deps.settings.onChange((next, previous) => {
        if (profileKeyOf(next) === profileKeyOf(previous)) return;
        if (next.profile.kind === 'sandbox') void this.deps.sandbox.ensure().catch(() => undefined);
        this.reconcile();
        this.announce();
      }),
    );
  }

  /**
   * Starts the built-in platform in the background when its profile is active: the window does
   * not wait for it (docs/ARCHITECTURE.md "Processes"); what needs it waits in `runtime()`, and
   * the window is told its state as it changes. A failure is reported, not fatal.
   */
  start(): void {
    if (this.deps.settings.get().profile.kind === 'sandbox') void this.deps.sandbox.ensure().catch(() => undefined);
    this.reconcile();
  }

  activeKey(): string {
    return profileKeyOf(this.deps.settings.get());
  }

  /** The active profile, ready to use (the built-in platform started). */
  async runtime(): Promise<PlatformRuntime> {
    const { profile } = this.deps.settings.get();
    if (profile.kind === 'custom') return customRuntime(profile, { http: this.deps.http, vault: this.deps.vault });
    let handle;
    try {
      handle = await this.deps.sandbox.ensure();
    } catch (error) {
      this.deps.log.error({ err: error }, 'the built-in platform did not start');
      throw refusal('platform_unavailable', 'account.platform_unavailable');
    }
    if (this.sandboxRuntime?.handle !== handle) this.sandboxRuntime = { handle, runtime: sandboxRuntime(handle, this.deps.http) };
    return this.sandboxRuntime.runtime;
  }

  list(): Account[] {
    return this.accounts.list(this.activeKey()).map(toAccountView);
  }

  /** One account of the active profile as the UI sees it (status, missing scopes), e.g. to refuse a draft up front. */
  account(openId: string): Account | undefined {
    const record = this.accounts.get(this.activeKey(), openId);
    return record && toAccountView(record);
  }

  async startSignIn(): Promise<StartedFlow> {
    const runtime = await this.runtime();
    return this.flows.start(runtime);
  }

  cancelSignIn(flowId: string): boolean {
    return this.flows.cancel(flowId);
  }

  /** Revokes the app's access on the platform, then forgets the account whatever the platform said. */
  async remove(openId: string): Promise<RemoveResult> {
    const runtime = await this.runtime();
    const record = this.accounts.get(runtime.key, openId);
    if (!record) throw refusal('no_account', 'account.gone');
    const revoked = await this.tokens.revokeAndForget(runtime, openId);
    this.accounts.remove(runtime.key, openId);
    if (revoked.ok) {
      this.deps.log.info({ openId }, 'account removed; access revoked');
      return { removed: true, revoked: true, message: null, messageWords: null };
    }
    this.deps.log.warn({ openId, code: revoked.error.code, logId: revoked.error.logId }, 'account removed; revoke failed');
    const said = words('account.removed_not_revoked', { name: accountLabel(record), why: revoked.error.kind === 'auth' ? 'no_sign_in' : 'platform' });
    return { removed: true, revoked: false, message: sayWords(said), messageWords: said };
  }

  /** Runs `call` with the account's fresh access token (see TokenManager.withAccessToken). */
  async withAccessToken<T>(openId: string, call: (accessToken: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    return this.tokens.withAccessToken(await this.runtime(), openId, call);
  }

  /** The upload engine's port (uploads/ports.ts): calls with a token of the runtime that issued it. */
  tokenSource(): TokenSource {
    return {
      withAccessToken: async (openId, fn) => {
        // The token and the address it goes to come from the same runtime, resolved once.
        const runtime = await this.runtime();
        return this.tokens.withAccessToken(runtime, openId, (token) => fn(token, runtime.baseUrl));
      },
    };
  }

  onAccountsChanged(listener: (accounts: Account[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  vaultStatus(): VaultStatus {
    return this.deps.vault.status();
  }

  async allowPlaintext(allow: boolean): Promise<VaultStatus> {
    return this.deps.vault.allowPlaintext(allow);
  }

  profileStatus(): ProfileStatus {
    const { profile } = this.deps.settings.get();
    if (profile.kind === 'sandbox') {
      // What the start failed with is the log's; the window says that it did not start, in its language.
      const problem = this.deps.sandbox.status().problem;
      return { kind: 'sandbox', name: 'Built-in sandbox', clientSecret: 'built_in', problem, problemWords: problem === null ? null : words('account.platform_unavailable') };
    }
    if (profile.secret.store === 'broker') return { kind: 'custom', name: profile.name, clientSecret: 'broker', problem: null, problemWords: null };
    const stored = this.deps.vault.has(clientSecretEntry(customProfileKey(profile)));
    const said = stored ? null : words('account.secret_needed');
    return { kind: 'custom', name: profile.name, clientSecret: stored ? 'stored' : 'missing', problem: said && sayWords(said), problemWords: said };
  }

  async setClientSecret(secret: string): Promise<{ stored: true }> {
    const { profile } = this.deps.settings.get();
    if (profile.kind === 'sandbox') throw refusal('no_secret_needed', 'account.no_secret_needed', { kind: 'sandbox', name: '' });
    if (profile.secret.store === 'broker') throw refusal('no_secret_needed', 'account.no_secret_needed', { kind: 'broker', name: profile.name });
    await this.deps.vault.set(clientSecretEntry(customProfileKey(profile)), secret);
    this.deps.log.info({ profile: profile.name }, 'client secret stored');
    return { stored: true };
  }

  /** The built-in sandbox's addresses while its profile is active. */
  sandboxInfo(): { baseUrl: string; consoleUrl: string } | null {
    const running = this.deps.sandbox.runningSandbox;
    if (!running || this.deps.settings.get().profile.kind !== 'sandbox') return null;
    return { baseUrl: running.baseUrl, consoleUrl: running.consoleUrl };
  }

  async close(): Promise<void> {
    for (const stop of this.unsubscribe) stop();
    await this.flows.cancelAll();
  }

  private async complete(runtime: PlatformRuntime, set: TokenSet): Promise<Account> {
    await this.tokens.save(runtime, set);
    const label = runtime.describeUser(set.open_id);
    this.accounts.put({
      profileKey: runtime.key,
      openId: set.open_id,
      displayName: label.displayName,
      username: label.username,
      scopes: parseScopes(set.scope),
      signInAgain: null,
      addedAt: (this.deps.clock ?? systemClock).now(),
    });
    this.deps.log.info({ openId: set.open_id }, 'account signed in');
    return toAccountView(this.accounts.get(runtime.key, set.open_id)!);
  }

  /** Accounts whose tokens this machine no longer holds (memory-only vault, another secret store) say so up front. */
  private reconcile(): void {
    const key = this.activeKey();
    for (const record of this.accounts.list(key)) {
      if (record.signInAgain === null && this.deps.vault.get(tokenEntry(key, record.openId)) === undefined) {
        this.accounts.patch(key, record.openId, { signInAgain: 'not_held' });
      }
    }
  }

  private announce(): void {
    const accounts = this.list();
    this.deps.hub.emit('accounts.changed', accounts);
    for (const listener of this.listeners) listener(accounts);
  }
}

export function profileKeyOf(settings: Settings): string {
  return settings.profile.kind === 'sandbox' ? SANDBOX_PROFILE_KEY : customProfileKey(settings.profile);
}
