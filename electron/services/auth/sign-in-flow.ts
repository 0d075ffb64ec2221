/**
 * "Add account": the native-app authorization flow of RFC 8252 with the platform's rules. Each
 * flow has a fresh PKCE verifier (hex S256 challenge), a random state and its own one-shot
 * loopback listener; the consent page opens in the system browser (or, in web mode, the renderer
 * opens it in a new tab from the URL start() returns). The code that comes back is exchanged with
 * the verifier, then the caller stores the tokens and the account. Every ending — an account, a
 * refusal, a timeout, a cancel, a failed exchange — is reported once, as a value with a message a
 * person can act on. Neither the verifier nor the code leaves this module except to the token
 * endpoint.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../../common/log.js';
import type { PlatformError } from '../../../platform-api/errors.js';
import type { TokenSet } from '../../../platform-api/oauth.js';
import { words, type Account, type SignInFinished, type SignInStarted, type Words } from '../../core/contract/index.js';
import { sayWords } from '../main-words.js';
import type { PlatformRuntime } from './runtime.js';
import { startLoopbackListener, SIGN_IN_TIMEOUT_MS, type CallbackOutcome, type LoopbackListener } from './loopback-listener.js';
import { createPkce, createState, type Pkce } from './pkce.js';

export interface AuthorizeRequest {
  authorizeUrl: string;
  clientKey: string;
  scopes: readonly string[];
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

/** The consent page's address with the authorize request (docs/PLATFORM.md "Consent"). */
export function buildAuthorizeUrl(request: AuthorizeRequest): string {
  const url = new URL(request.authorizeUrl);
  url.searchParams.set('client_key', request.clientKey);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', request.scopes.join(','));
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

export interface FlowError {
  code: string;
  /** In English, for scripts and logs. */
  message: string;
  /** The same as words (`main.signIn.*`), which the window says in its language. */
  words?: Words;
}

/** How a callback that is not a code ends the flow, in words. */
export function describeCallbackEnd(outcome: Exclude<CallbackOutcome, { kind: 'code' }>, timeoutMs: number): FlowError {
  switch (outcome.kind) {
    case 'cancelled':
      return { code: 'cancelled', message: 'Sign-in was cancelled.' };
    case 'timeout':
      return { code: 'timeout', message: `Sign-in timed out: the browser did not come back to Draftdeck within ${Math.round(timeoutMs / 60_000) || 1} minutes. Try again.` };
    case 'refused': {
      if (outcome.error === 'access_denied') return { code: 'access_denied', message: 'You did not allow Draftdeck on the consent page, so no account was added.' };
      const detail = clip(outcome.description || outcome.error);
      return said(clip(outcome.error, 64), words('signIn.refused', { detail }));
    }
  }
}

/** A failed code exchange, in words. */
export function describeExchangeFailure(error: PlatformError): FlowError {
  if (error.kind === 'auth') return { code: error.code, message: error.message };
  if (error.kind === 'network' || error.kind === 'timeout') return said(error.code, words('signIn.unreachable', { detail: error.message }));
  if (error.code === 'invalid_client') return said(error.code, words('signIn.invalidClient', { detail: error.message }));
  if (error.kind === 'platform') return said(error.code, words('signIn.platformRefused', { code: error.code, detail: error.message }));
  return said(error.code, words('signIn.failed', { detail: error.message }));
}

/** A flow error as words, with its English for scripts and logs. */
function said(code: string, value: Words): FlowError {
  return { code, message: sayWords(value), words: value };
}

function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export interface SignInFlowsDeps {
  /** Opens the consent page outside the app; false when the renderer has to (web mode). */
  openExternal(url: string): Promise<boolean>;
  /** Stores the token set and the account; answers the account as the UI shows it. */
  complete(runtime: PlatformRuntime, tokens: TokenSet): Promise<Account>;
  /** Every flow ends here exactly once. */
  finished(outcome: SignInFinished): void;
  log: Logger;
  timeoutMs?: number;
}

export type StartedFlow = SignInStarted & { outcome: Promise<SignInFinished> };

export class SignInFlows {
  private readonly flows = new Map<string, { cancel(): void; outcome: Promise<SignInFinished> }>();

  constructor(private readonly deps: SignInFlowsDeps) {}

  /**
   * Starts a sign-in. One at a time: an earlier flow still waiting for its browser is cancelled
   * first (its signIn.finished says `cancelled`), so flows cannot pile up, each holding a loopback
   * port for minutes. If anything fails once the listener is up, the listener is cancelled before
   * the error goes on: no port stays bound by a flow nobody knows about.
   */
  async start(runtime: PlatformRuntime): Promise<StartedFlow> {
    for (const [earlierId, earlier] of this.flows) {
      this.deps.log.info({ flowId: earlierId }, 'sign-in replaced by a new one; cancelling it');
      earlier.cancel();
    }
    const timeoutMs = this.deps.timeoutMs ?? SIGN_IN_TIMEOUT_MS;
    const flowId = randomUUID();
    const log = this.deps.log.child({ flowId });
    const pkce = createPkce();
    const state = createState();
    const listener = await startLoopbackListener({ state, timeoutMs, log });
    try {
      return await this.run(runtime, { flowId, log, pkce, state, listener, timeoutMs });
    } catch (error) {
      listener.cancel();
      throw error;
    }
  }

  private async run(runtime: PlatformRuntime, flow: { flowId: string; log: Logger; pkce: Pkce; state: string; listener: LoopbackListener; timeoutMs: number }): Promise<StartedFlow> {
    const { flowId, log, pkce, state, listener, timeoutMs } = flow;
    const expiresAt = Date.now() + timeoutMs;
    const authorizeUrl = buildAuthorizeUrl({ authorizeUrl: runtime.authorizeUrl, clientKey: runtime.clientKey, scopes: runtime.scopes, redirectUri: listener.redirectUri, state, codeChallenge: pkce.challenge });

    const outcome = (async (): Promise<SignInFinished> => {
      const callback = await listener.result;
      if (callback.kind !== 'code') return { flowId, ok: false, error: describeCallbackEnd(callback, timeoutMs) };
      const tokens = await runtime.tokens.exchangeCode({ code: callback.code, redirectUri: listener.redirectUri, codeVerifier: pkce.verifier });
      if (!tokens.ok) {
        log.warn({ kind: tokens.error.kind, code: tokens.error.code, logId: tokens.error.logId }, 'code exchange failed');
        return { flowId, ok: false, error: describeExchangeFailure(tokens.error) };
      }
      const account = await this.deps.complete(runtime, tokens.value);
      return { flowId, ok: true, account };
    })()
      .catch((error: unknown): SignInFinished => {
        log.error({ err: error }, 'sign-in failed unexpectedly');
        return { flowId, ok: false, error: { code: 'internal', message: 'Signing in failed unexpectedly; see the log for details.' } };
      })
      .then((finished) => {
        this.flows.delete(flowId);
        log.info({ ok: finished.ok, code: finished.ok ? undefined : finished.error.code }, 'sign-in finished');
        this.deps.finished(finished);
        return finished;
      });
    this.flows.set(flowId, { cancel: listener.cancel, outcome });

    let openedExternally = false;
    try {
      openedExternally = await this.deps.openExternal(authorizeUrl);
    } catch (error) {
      log.warn({ err: error }, 'could not open the consent page; the renderer will');
    }
    log.info({ openedExternally }, 'sign-in started');
    return { flowId, authorizeUrl, openedExternally, expiresAt, outcome };
  }

  cancel(flowId: string): boolean {
    const flow = this.flows.get(flowId);
    if (!flow) return false;
    flow.cancel();
    return true;
  }

  /** Cancels every flow and waits for each to report its end. */
  async cancelAll(): Promise<void> {
    const pending = [...this.flows.values()];
    for (const flow of pending) flow.cancel();
    await Promise.all(pending.map((flow) => flow.outcome));
  }

  get active(): number {
    return this.flows.size;
  }
}
