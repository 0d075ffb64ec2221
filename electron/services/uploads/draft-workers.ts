/**
 * The engine's loop: it carries out the scheduler's plan (scheduler.ts decides; this starts the
 * runs of draft-runner.ts and the status polls of status-poller.ts, and sets one timer for the
 * earliest waiting draft), and keeps every run and poll under way so the engine can stop them
 * and wait for them on close. Every change that can let a draft go calls pump().
 */
import type { Clock } from '../../../common/clock.js';
import type { Logger } from '../../../common/log.js';
import type { PublishApi } from '../../../platform-api/publish.js';
import { AppError } from '../../core/result.js';
import { DraftRun, type Activity, type RunnerContext } from './draft-runner.js';
import type { DraftRecord } from './draft.js';
import type { InboxWaits } from './inbox-waits.js';
import type { ReleaseReason } from './media-kind.js';
import type { DraftQueue } from './queue.js';
import type { Scheduler } from './scheduler.js';
import { CANNOT_SAVE } from './queue-saves.js';
import { pollUntilFinal, type PollerContext } from './status-poller.js';

/** How a run or poll may end without being logged as failed. */
const QUIET_ENDS: ReadonlySet<string> = new Set(['no_such_draft', CANNOT_SAVE]);

export interface WorkersDeps extends Omit<RunnerContext, 'poller'> {
  log: Logger;
  publish: PublishApi;
  concurrency: () => number;
  inboxWaits: InboxWaits;
  pollIntervalMs?: number;
  /** True while the queue cannot be saved (queue-saves.ts): nothing starts until it can, and then pump() is called. */
  paused?: () => boolean;
}

export class DraftWorkers {
  private readonly active = new Map<string, DraftRun>();
  private readonly polling = new Set<string>();
  /** Drafts a cancel is deciding about: not to be started meanwhile. */
  private readonly stopping = new Set<string>();
  /** Drafts whose holdings are being freed (releaseFile), with how many releases: not to be started meanwhile. */
  private readonly releasing = new Map<string, number>();
  /** Set while a bulk action applies many transitions: one pump at the end instead of one per draft. */
  private batching = false;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  /** Workers and polls under way, awaited by close(). */
  private readonly tasks = new Set<Promise<void>>();
  private readonly closing = new AbortController();
  private closed = false;
  private readonly queue: DraftQueue;
  private readonly scheduler: Scheduler;
  private readonly clock: Clock;

  constructor(private readonly deps: WorkersDeps) {
    this.queue = deps.queue;
    this.scheduler = deps.scheduler;
    this.clock = deps.clock;
  }

  /** The run under way for a draft, if any. */
  activity(id: string): Activity | undefined {
    return this.active.get(id);
  }

  /** Starts what the scheduler says may run now, and sets one timer for the earliest draft that waits. */
  pump(): void {
    // Not while the queue cannot be saved: a run whose change is not saved leaves its draft runnable, and would start again at once.
    if (this.closed || this.batching || this.deps.paused?.()) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    const now = this.clock.now();
    const plan = this.scheduler.plan({
      drafts: this.queue.all(),
      now,
      slots: this.deps.concurrency() - this.active.size,
      running: (id) => this.active.has(id) || this.stopping.has(id) || this.releasing.has(id),
      polling: (id) => this.polling.has(id),
      needsPublish: (draft) => this.deps.kindOf(draft).needsPublish(draft, now),
    });
    for (const { draft, reason, until, code } of plan.wait) this.queue.apply(draft.id, { type: 'wait', reason, until, code, attempts: draft.attempts });
    for (const draft of plan.poll) this.track(this.poll(draft.id));
    for (const draft of plan.start) this.run(draft.id);
    if (plan.wakeAt !== null) this.wakeTimer = setTimeout(() => this.pump(), Math.max(10, plan.wakeAt - now));
    this.deps.inboxWaits.retell();
  }

  /** Runs `each` with pumps held back, then pumps once (a bulk action: one plan for all its drafts). */
  async batch<T>(each: () => Promise<T>): Promise<T> {
    this.batching = true;
    try {
      return await each();
    } finally {
      this.batching = false;
      this.pump();
    }
  }

  /**
   * Stops a draft's run and keeps the scheduler from starting it again until `decide` is done
   * (a cancel decides from what the run recorded); the run is awaited first. Pumps after.
   */
  async stopAndDecide<T>(id: string, decide: (run: Activity | undefined) => Promise<T>): Promise<T> {
    const run = this.active.get(id);
    this.stopping.add(id);
    try {
      if (run) {
        run.controller.abort();
        await run.settled;
      }
      return await decide(run);
    } finally {
      this.stopping.delete(id);
      this.pump();
    }
  }

  /**
   * Stops a draft's worker mid-request. The caller has already recorded what happens next
   * (paused, cancelled, removed, or nothing on shutdown); the worker sees the abort and writes nothing.
   */
  interrupt(id: string): void {
    this.active.get(id)?.controller.abort();
  }

  track(task: Promise<void>): void {
    this.tasks.add(task);
    // A draft removed under a worker or a poll ends it with no_such_draft: nothing left to do.
    // One that could not save its change waits with the queue (queue-saves.ts logs that once).
    void task
      .catch((error: unknown) => {
        if (!(error instanceof AppError && QUIET_ENDS.has(error.code))) this.deps.log.error({ err: error }, 'an upload task failed');
      })
      .finally(() => this.tasks.delete(task));
  }

  /** Stops every worker and poll and waits for them, so nothing touches the journal or the platform after. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.closing.abort();
    // Aborting keeps each draft's journaled state: the next start resumes it.
    for (const id of this.active.keys()) this.interrupt(id);
    await Promise.allSettled(this.tasks);
  }

  pollerContext(): PollerContext {
    const { deps } = this;
    return {
      clock: deps.clock,
      sleep: (ms) => this.sleep(ms),
      closed: () => this.closed,
      fetchStatus: (draft) => deps.tokens.withAccessToken(draft.openId, (token, baseUrl) => deps.publish.fetchStatus(baseUrl, token, draft.publishId!)),
      statusBudget: (openId) => this.scheduler.budget(openId).status,
      current: (id) => this.queue.get(id),
      record: (id, event) => this.queue.apply(id, event),
      intervalMs: deps.pollIntervalMs,
      random: deps.random,
      retryBaseMs: deps.retryBaseMs,
    };
  }

  /**
   * What a draft holds (our copies of files, hosted photos) goes once it has left processing,
   * failed, was cancelled or removed; its kind knows what. The draft is not started again until
   * that is done: a retry must not host photos the release is deleting.
   */
  releaseFile(draft: DraftRecord, why: ReleaseReason): Promise<void> {
    this.releasing.set(draft.id, (this.releasing.get(draft.id) ?? 0) + 1);
    const released = this.deps
      .kindOf(draft)
      .release(draft, why, (event) => {
        if (this.queue.get(draft.id)) this.queue.apply(draft.id, event);
      })
      .finally(() => {
        const left = (this.releasing.get(draft.id) ?? 1) - 1;
        if (left > 0) this.releasing.set(draft.id, left);
        else this.releasing.delete(draft.id);
        this.pump();
      });
    this.track(released);
    return released;
  }

  private run(id: string): void {
    const run = new DraftRun(id, { ...this.deps, poller: () => this.pollerContext() });
    this.active.set(id, run);
    const task = run.go().finally(() => {
      this.active.delete(id);
      run.ended();
      // A run that failed the draft (the platform refused to start it, a host refused a photo)
      // frees what it holds as a failure the poller saw does.
      const draft = this.queue.get(id);
      if (draft?.state === 'failed') void this.releaseFile(draft, 'failed');
      this.pump();
    });
    this.track(task);
  }

  /** Reads a processing draft's status until it is final; does not hold an upload slot. */
  private async poll(id: string): Promise<void> {
    this.polling.add(id);
    try {
      await pollUntilFinal(id, this.pollerContext());
    } finally {
      this.polling.delete(id);
    }
    const draft = this.queue.get(id);
    if (draft && (draft.state === 'inbox' || draft.state === 'posted')) {
      void this.releaseFile(draft, 'done');
      this.pump(); // an inbox share may free a waiting draft's budget later; recompute now
    } else if (draft?.state === 'failed') {
      void this.releaseFile(draft, 'failed');
    }
  }

  /** Waits `ms`, or less if the engine closes. */
  private sleep(ms: number): Promise<void> {
    const signal = this.closing.signal;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, signal.aborted ? 0 : ms);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
