/**
 * One run of one draft, like tus-js-client's one-upload object with its transport injected: check
 * the draft's media is still what was added, open a publish through its media kind (inside the
 * account's budgets), deliver its media, and sort what went wrong into a wait or a fail. A run
 * ends when the draft is delivered, waits, fails or is stopped; draft-workers.ts starts runs and
 * the scheduler decides which (docs/ARCHITECTURE.md "The publishing engine").
 *
 * Faults are sorted, not retried blindly: transport errors, timeouts, 5xx and 429 wait with
 * backoff (Retry-After honoured); the platform's own limits are kept on our side so drafts wait
 * instead of failing; definitive refusals fail the draft once, with the reason in words.
 */
import { stat } from 'node:fs/promises';
import type { Clock } from '../../../common/clock.js';
import { backoffDelay, DEFAULT_BACKOFF } from '../../../common/backoff.js';
import { words, type Words } from '../../core/contract/index.js';
import { LINK_EXPIRED, type ChunkTransport, type TransferOutcome } from './chunk-transfer.js';
import type { DraftRecord } from './draft.js';
import { isKnownFailCode } from './fail-codes.js';
import { classifyFailure, type Failure } from './failure.js';
import type { MediaKind, PrepareProgress } from './media-kind.js';
import type { TokenSource } from './ports.js';
import type { DraftQueue } from './queue.js';
import { INBOX_WAIT, RATE_LIMIT_WAIT, type Scheduler } from './scheduler.js';
import { SpeedMeter } from './speed-meter.js';
import { recheckInbox, type PollerContext } from './status-poller.js';
import { AUTH_WAIT, type DraftEvent } from './transitions.js';
import { urlExpired } from './video-kind.js';

/** Fresh publishes one run may open after the host refused the previous one (403, 404, 416). */
const MAX_FRESH_STARTS = 2;
const INBOX_FULL_WAIT_MS = 60_000;
const AUTH_RECHECK_MS = 60_000;

/** What the rest of the engine sees of a run under way: the row view's figures, and what a cancel must know. */
export interface Activity {
  controller: AbortController;
  speed: SpeedMeter;
  /** Bytes of the file written to the connection for this publish (the host may not have them yet). */
  sent: { publishId: string | null; bytes: number };
  /** Every byte of the publish's last chunk was written: the host may have it all, answered or not. */
  lastChunkSent: boolean;
  /** While its media is prepared (a video fixed by FFmpeg): how far, and the time left; null otherwise. */
  preparing: PrepareProgress | null;
  /** Resolves when the run has ended and recorded what it learned. */
  settled: Promise<void>;
}

/** What a run needs of the engine; the transport (`chunks`) and the platform (`tokens`, the kinds) are injected. */
export interface RunnerContext {
  clock: Clock;
  queue: DraftQueue;
  scheduler: Scheduler;
  tokens: TokenSource;
  chunks: ChunkTransport;
  kindOf(draft: DraftRecord): MediaKind;
  /** For the inbox recheck before a publish past the pending-share limit. */
  poller(): PollerContext;
  random?: () => number;
  /** The first wait after a transient failure the platform names no wait for (doubling, jittered); DEFAULT_RETRY_MS by default. */
  retryBaseMs?: number;
}

type OpenOutcome = { kind: 'opened'; draft: DraftRecord } | { kind: 'not_now' } | { kind: 'failed'; error: unknown };
const NOT_NOW: OpenOutcome = { kind: 'not_now' };

/** The first wait after a transient failure, as the app runs (tests shorten it through AppHost.timing). */
export const DEFAULT_RETRY_MS = DEFAULT_BACKOFF.baseMs;

/**
 * The event a failed run records: a wait (with backoff, or until the limit frees) or a fail.
 * Pure; `attempts` counts this failure. A rate limit also saturates the account's init window,
 * which the run does itself (runFailure below). Offline, the waits start twice as long and stop
 * growing at 15 s, so the draft goes on soon after the network is back.
 */
export function failureEvent(failure: Failure, attempts: number, now: number, random?: () => number, retryBaseMs = DEFAULT_RETRY_MS): Extract<DraftEvent, { type: 'wait' | 'fail' }> {
  const wait = (reason: Words, until: number, code: string | null = null) => ({ type: 'wait' as const, reason, until, code, attempts });
  const backoff = { baseMs: retryBaseMs, maxMs: DEFAULT_BACKOFF.maxMs };
  switch (failure.kind) {
    case 'retry':
      return wait(failure.offline ? words('wait.offline') : failure.words, now + backoffDelay(attempts, failure.retryAfterMs, failure.offline ? { baseMs: 2 * retryBaseMs, maxMs: 15_000 } : backoff, random));
    case 'rate_limited':
      return wait(words('wait.rate_limited'), now + backoffDelay(attempts, failure.retryAfterMs, backoff, random));
    case 'inbox_full':
      return wait(words('wait.inbox_refused'), now + INBOX_FULL_WAIT_MS, INBOX_WAIT);
    case 'auth':
      // Waits for the person to sign in again; accountsChanged() wakes it sooner.
      return wait(failure.words, now + AUTH_RECHECK_MS, AUTH_WAIT);
    case 'fatal':
      // A code the fail table knows gets its words (what to do instead); another keeps the platform's message.
      return { type: 'fail', code: failure.code, reason: isKnownFailCode(failure.code) ? undefined : failure.words };
  }
}

/** One run of one draft. The workers keep it in their table while it runs, and call ended() once they have let it go. */
export class DraftRun implements Activity {
  readonly controller = new AbortController();
  readonly speed = new SpeedMeter();
  sent: Activity['sent'] = { publishId: null, bytes: 0 };
  lastChunkSent = false;
  preparing: PrepareProgress | null = null;
  readonly settled: Promise<void>;
  private settle!: () => void;

  constructor(
    private readonly id: string,
    private readonly ctx: RunnerContext,
  ) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  /** Runs the draft; a failure is recorded as a wait or a fail. Rejects only when recording fails (the draft was removed). */
  go(): Promise<void> {
    return this.upload().catch((error: unknown) => this.runFailure(error));
  }

  /** The run is over and out of the workers' table: a cancel waiting on it may decide now. */
  ended(): void {
    this.settle();
  }

  private async upload(): Promise<void> {
    const { id, ctx } = this;
    const signal = this.controller.signal;
    let draft = ctx.queue.require(id);
    const kind = ctx.kindOf(draft);
    const source = await kind.checkSource(draft);
    // Paused or cancelled meanwhile: that decision is already recorded and must not be overwritten.
    if (signal.aborted) return;
    if (source !== 'ok') return this.fail(source);
    const prepare = async (): Promise<boolean> => {
      if (!kind.prepare) return true;
      const prepared = await kind.prepare(ctx.queue.require(id), {
        signal,
        record: (event) => ctx.queue.apply(id, event),
        progress: (progress) => {
          this.preparing = progress;
          ctx.queue.retell(id);
        },
      });
      this.preparing = null;
      if (signal.aborted || prepared.kind === 'stopped') return false;
      if (prepared.kind === 'failed') this.fail(prepared.code);
      return prepared.kind === 'ready';
    };
    if (!(await prepare())) return;
    draft = ctx.queue.require(id);

    // A link that ran out while the draft waited: say so when the fresh publish opens.
    if (draft.publishId !== null && draft.freshPublishReason === null && urlExpired(draft, ctx.clock.now())) draft = ctx.queue.apply(id, { type: 'linkRanOut', reason: LINK_EXPIRED });
    // Fresh publishes this run started without a chunk getting through: a host that keeps refusing
    // must fail the draft, not open publish after publish (each one counts against the inbox).
    let freshStarts = 0;
    while (true) {
      if (kind.needsPublish(draft, ctx.clock.now())) {
        if (freshStarts > MAX_FRESH_STARTS) return this.fail('upload_rejected');
        const opened = await this.openPublish(draft, kind, signal);
        if (opened.kind === 'failed') return this.runFailure(opened.error);
        if (opened.kind === 'not_now' || signal.aborted) return;
        draft = opened.draft;
      }
      const outcome: TransferOutcome = await kind.deliver(draft, {
        transport: ctx.chunks,
        signal,
        unchanged: (d) => unchanged(d),
        record: (event) => ctx.queue.apply(id, event),
        progress: (bytes) => this.progress(bytes),
        lastChunkSent: () => (this.lastChunkSent = true),
      });
      switch (outcome.kind) {
        case 'delivered':
          ctx.queue.apply(id, { type: 'delivered' });
          return;
        case 'stopped':
          return;
        case 'file_changed':
          return this.fail('file_changed');
        case 'failed':
          return this.runFailure(outcome.error);
        case 'restart':
          freshStarts = (outcome.progressed ? 0 : freshStarts) + 1;
          // What the kind prepared may be gone (a fixed video deleted from the cache): made again first.
          if (!(await prepare())) return;
          draft = ctx.queue.require(id);
      }
    }
  }

  /** Opens a publish inside the account's budgets: the draft with it, or why not now. */
  private async openPublish(draft: DraftRecord, kind: MediaKind, signal: AbortSignal): Promise<OpenOutcome> {
    const { ctx } = this;
    let now = ctx.clock.now();
    let gate = ctx.scheduler.initGate(draft.openId, ctx.queue.all(), now);
    if (gate.kind === 'probe') {
      // The creator may have posted some drafts since: ask before deciding the inbox is full.
      ctx.scheduler.inboxChecked(draft.openId, now);
      await recheckInbox(draft.openId, ctx.queue.all(), ctx.poller());
      if (signal.aborted) return NOT_NOW;
      now = ctx.clock.now();
      gate = ctx.scheduler.initGate(draft.openId, ctx.queue.all(), now);
    }
    if (gate.kind === 'closed') {
      ctx.queue.apply(draft.id, { type: 'wait', reason: gate.reason, until: gate.until, code: gate.code, attempts: draft.attempts });
      return NOT_NOW;
    }
    const budget = ctx.scheduler.budget(draft.openId);
    if (!budget.init.tryTake(now)) {
      ctx.queue.apply(draft.id, { type: 'wait', reason: RATE_LIMIT_WAIT, until: now + budget.init.waitMs(now), code: null, attempts: draft.attempts });
      return NOT_NOW;
    }
    const done = ctx.scheduler.publishStarting(draft.openId);
    let result;
    try {
      result = await ctx.tokens.withAccessToken(draft.openId, (token, baseUrl) => kind.open(draft, token, baseUrl, signal, (event) => ctx.queue.apply(draft.id, event)));
    } finally {
      done();
    }
    if (!result.ok) return { kind: 'failed', error: result.error };
    const publish = { ...result.value, uploadUrlIssuedAt: ctx.clock.now() };
    // Paused or cancelled while the platform opened the publish: keep it, so a resume continues
    // it rather than opening a second one the platform would also count.
    if (signal.aborted) {
      if (ctx.queue.get(draft.id)) ctx.queue.apply(draft.id, { type: 'publishOpened', publish, stopped: true });
      return NOT_NOW;
    }
    return { kind: 'opened', draft: ctx.queue.apply(draft.id, { type: 'publishOpened', publish, stopped: false }) };
  }

  /** Sorts a failure of the run into waiting (with backoff) or failing; nothing when the run was stopped on purpose. */
  private runFailure(error: unknown): void {
    if (this.controller.signal.aborted) return; // paused, cancelled, removed or shutting down: already recorded
    const draft = this.ctx.queue.get(this.id);
    if (!draft) return;
    const failure = classifyFailure(error);
    const now = this.ctx.clock.now();
    // The platform's window is full whatever our count said: no sibling should try before it frees.
    if (failure.kind === 'rate_limited') this.ctx.scheduler.budget(draft.openId).init.saturate(now, failure.retryAfterMs);
    this.ctx.queue.apply(this.id, failureEvent(failure, draft.attempts + 1, now, this.ctx.random, this.ctx.retryBaseMs));
  }

  private fail(code: string): void {
    this.ctx.queue.apply(this.id, { type: 'fail', code, reason: undefined });
  }

  private progress(bytes: number): void {
    this.sent = { publishId: this.ctx.queue.get(this.id)?.publishId ?? null, bytes };
    if (this.speed.sample(bytes)) this.ctx.queue.retell(this.id);
  }
}

/** Cheap check before each chunk: the file's size and modification time are still the fingerprinted ones. */
async function unchanged(draft: DraftRecord): Promise<boolean> {
  const info = await stat(draft.filePath).catch(() => null);
  return info !== null && info.size === draft.fingerprint.size && Math.trunc(info.mtimeMs) === draft.fingerprint.mtimeMs;
}
