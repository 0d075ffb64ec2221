/**
 * The drafts queue and its scheduler. Each draft goes queued → uploading (op 4 init, then op 5
 * chunk PUTs in order, streamed from disk) → processing (op 6 polls) → inbox | posted | failed.
 * Every state change and every acknowledged chunk is journaled before anything else happens,
 * so a kill -9 resumes each draft where it was, re-sending at most the chunk that was in flight.
 *
 * Faults are sorted, not retried blindly: transport errors, timeouts, 5xx and 429 wait with
 * backoff (Retry-After honoured); the platform's own limits (init and status rates, pending
 * inbox shares) are kept client-side so drafts wait instead of failing; definitive refusals fail
 * the draft once, with the reason in words.
 */
import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../../common/clock.js';
import type { Logger } from '../../../common/log.js';
import type { EventSink } from '../../core/events.js';
import { AppError } from '../../core/result.js';
import { putChunk } from '../../api/chunk-put.js';
import { backoffDelay } from './backoff.js';
import { chunkRange, isPlan, planChunks, type ChunkPlan } from './chunk-plan.js';
import { DraftView, type DraftState } from '../../core/contract/index.js';
import { FINAL, describeFailReason, parseDraftRecord, type DraftRecord } from './draft.js';
import { fingerprintFile, sameFingerprint } from './fingerprint.js';
import { Journal } from './journal.js';
import { RateWindow } from './rate-window.js';
import { classifyFailure, type Failure } from './failure.js';
import type { PublishApi, PublishStatus, TokenSource } from './ports.js';

/** The upload host honours an upload_url for an hour; start a fresh publish a little before. */
const UPLOAD_URL_LIFETIME_MS = 55 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Status answers meaning the publish itself is gone (unknown id). */
const PUBLISH_GONE: ReadonlySet<string> = new Set(['invalid_publish_id', 'http_404']);
/** Fresh publishes one run may open after the host refused the previous one (403, 416). */
const MAX_FRESH_STARTS = 2;
const PROGRESS_EMIT_MS = 250;
const SPEED_WINDOW_MS = 5000;
const POLL_BACKOFF = { baseMs: 500, maxMs: 30_000 };
const LINK_EXPIRED = 'The upload link expired, so a fresh upload was started';
const RATE_LIMIT_WAIT = 'Rate limit: waiting for the platform’s upload start limit';

type InitGate = { kind: 'open' } | { kind: 'probe'; reason: string } | { kind: 'closed'; reason: string; until: number };
/** How often a draft waiting for inbox space asks whether the creator posted one. */
const INBOX_RECHECK_MS = 60_000;
/** failCode of a draft that waits for its account to be signed in again. */
const AUTH_WAIT = 'waiting_for_sign_in';

export interface UploadLimits {
  initPerMinute: number;
  statusPerMinute: number;
  pendingSharesPerDay: number;
}

export const PLATFORM_LIMITS: UploadLimits = { initPerMinute: 6, statusPerMinute: 30, pendingSharesPerDay: 5 };

export interface UploadServiceDeps {
  dataDir: string;
  clock: Clock;
  hub: EventSink;
  log: Logger;
  tokens: TokenSource;
  publish: PublishApi;
  concurrency: () => number;
  /** The platform's per-account limits (the built-in sandbox says its own); PLATFORM_LIMITS by default. */
  limits?: () => UploadLimits;
  /** How often a processing draft's status is read. */
  pollIntervalMs?: number;
  preferredChunkBytes?: number;
  random?: () => number;
}

export interface NewDraftFile {
  filePath: string;
  fileName: string;
  mimeType: DraftRecord['mimeType'];
  durationMs: number | null;
  ownsFile: boolean;
}

interface AccountBudget {
  init: RateWindow;
  status: RateWindow;
}

interface Activity {
  controller: AbortController;
  samples: Array<{ at: number; bytes: number }>;
  lastEmit: number;
}

export class UploadService {
  private readonly journal: Journal<DraftRecord>;
  private readonly active = new Map<string, Activity>();
  private readonly polling = new Set<string>();
  private readonly budgets = new Map<string, AccountBudget>();
  /** When each account's inbox was last asked about (drafts posted free space in it). */
  private readonly inboxCheckedAt = new Map<string, number>();
  /** Publishes each account has in flight at op 4, not yet recorded on a draft. */
  private readonly startingPublishes = new Map<string, number>();
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  /** Workers and polls under way, awaited by close(). */
  private readonly tasks = new Set<Promise<void>>();
  private readonly closing = new AbortController();
  private closed = false;

  constructor(private readonly deps: UploadServiceDeps) {
    this.journal = new Journal({ file: join(deps.dataDir, 'drafts.json'), parse: parseDraftRecord });
  }

  /** Picks up where the last run stopped (drafts mid-upload continue from their next chunk). */
  start(): void {
    this.pump();
  }

  /** Stops every worker and poll and waits for them, so nothing touches the journal or the platform after. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.closing.abort();
    // Aborting keeps each draft's journaled state: the next start resumes it.
    for (const id of this.active.keys()) this.interrupt(id);
    await Promise.allSettled(this.tasks);
    this.journal.compact();
  }

  /** Files the queue owns (copies of dropped files) that a draft still needs: failed and cancelled ones' too, for a retry. */
  ownedFiles(): Set<string> {
    const done: ReadonlySet<DraftState> = new Set(['inbox', 'posted']);
    return new Set(this.journal.all().filter((d) => d.ownsFile && !done.has(d.state)).map((d) => d.filePath));
  }

  list(): DraftView[] {
    return this.journal.all().map((draft) => this.view(draft));
  }

  async add(openId: string, files: NewDraftFile[]): Promise<DraftView[]> {
    const added: DraftRecord[] = [];
    for (const file of files) {
      const info = await stat(file.filePath).catch(() => null);
      if (!info?.isFile()) throw new AppError('file_missing', `${file.fileName} is not a readable file`);
      const plan = planChunks(info.size);
      if (!isPlan(plan)) throw new AppError(`file_${plan.code}`, `${file.fileName}: ${plan.message}`);
      const draft: DraftRecord = {
        id: randomUUID(), openId, fileName: file.fileName, filePath: file.filePath, ownsFile: file.ownsFile,
        mimeType: file.mimeType, size: info.size, durationMs: file.durationMs, fingerprint: await fingerprintFile(file.filePath),
        addedAt: this.deps.clock.now(), state: 'queued', reason: null, failCode: null, publishId: null, uploadUrl: null,
        uploadUrlIssuedAt: null, chunkSize: null, totalChunkCount: null, nextChunk: 0, uploadedBytes: 0, platformStatus: null,
        attempts: 0, notBefore: null, resumeState: null,
      };
      added.push(draft);
    }
    for (const draft of added) this.save(draft);
    this.pump();
    return added.map((draft) => this.view(draft));
  }

  pause(id: string): DraftView {
    const draft = this.require(id);
    if (FINAL.has(draft.state) || draft.state === 'paused') throw new AppError('not_pausable', `A draft that is ${draft.state} cannot be paused`);
    this.interrupt(id);
    return this.view(this.save({ ...draft, state: 'paused', resumeState: draft.state, reason: null, notBefore: null }));
  }

  resume(id: string): DraftView {
    const draft = this.require(id);
    if (draft.state !== 'paused') throw new AppError('not_paused', 'Only a paused draft can be resumed');
    const next = this.save({ ...draft, state: draft.resumeState === 'processing' ? 'processing' : draft.publishId ? 'uploading' : 'queued', resumeState: null, attempts: 0 });
    this.pump();
    return this.view(next);
  }

  cancel(id: string): DraftView {
    const draft = this.require(id);
    if (FINAL.has(draft.state)) throw new AppError('not_cancellable', `A draft that is ${draft.state} cannot be cancelled`);
    if (draft.state === 'processing' || draft.resumeState === 'processing') {
      // Every byte is on the platform already: cancelling here would only make a retry send it twice.
      throw new AppError('already_delivered', 'The platform already has this whole video; it will arrive in the inbox');
    }
    this.interrupt(id);
    // Our copy of a dropped file stays until the draft is removed: a cancelled draft can be retried.
    return this.view(this.save({ ...draft, state: 'cancelled', reason: null, notBefore: null }));
  }

  retry(id: string): DraftView {
    const draft = this.require(id);
    if (draft.state !== 'failed' && draft.state !== 'cancelled') throw new AppError('not_retryable', 'Only a failed or cancelled draft can be retried');
    if (draft.failCode === 'file_changed' || draft.failCode === 'file_missing') throw new AppError(draft.failCode, `${describeFailReason(draft.failCode)}: add it again`);
    // The platform cannot continue a failed publish: a retry is a fresh one.
    const next = this.save({ ...draft, ...freshPublish, state: 'queued', reason: null, failCode: null, attempts: 0, platformStatus: null });
    this.pump();
    return this.view(next);
  }

  async remove(id: string): Promise<void> {
    const draft = this.require(id);
    this.interrupt(id);
    this.journal.remove(id);
    this.deps.hub.emit('drafts.removed', { ids: [id] });
    await this.releaseFile(draft);
  }

  reorder(ids: string[]): DraftView[] {
    this.journal.reorder(ids);
    const views = this.list();
    this.deps.hub.emit('drafts.reset', views);
    this.pump();
    return views;
  }

  /**
   * Stops a draft's worker mid-request. The caller has already recorded what happens next
   * (paused, cancelled, removed, or nothing on shutdown); the worker sees the abort and writes nothing.
   */
  private interrupt(id: string): void {
    this.active.get(id)?.controller.abort();
  }

  setConcurrencyChanged(): void {
    this.pump();
  }

  /** An account signed in again (or changed): its drafts waiting for that go now. */
  accountsChanged(usable: ReadonlySet<string>): void {
    for (const draft of this.journal.all()) {
      if (draft.state === 'waiting' && draft.failCode === AUTH_WAIT && usable.has(draft.openId)) this.save({ ...draft, notBefore: null, failCode: null });
    }
    this.pump();
  }

  /** The person removed an account: its unfinished drafts can never be delivered. */
  accountRemoved(openId: string): void {
    for (const draft of this.journal.all()) {
      if (draft.openId !== openId || FINAL.has(draft.state)) continue;
      this.interrupt(draft.id);
      this.fail(draft, 'account_removed', 'The account was removed from Draftdeck');
    }
  }

  // ------------------------------------------------------------------ scheduling

  /**
   * Starts what may run now, and sets one timer for the earliest draft that waits. Drafts that
   * need a new publish pass their account's gate first, so a queue of thousands behind a full
   * inbox waits here, cheaply, instead of each draft being started only to find out.
   */
  private pump(): void {
    if (this.closed) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    const now = this.deps.clock.now();
    let slots = this.deps.concurrency() - this.active.size;
    let wakeAt = Infinity;
    const gates = new Map<string, InitGate>();
    for (const draft of this.journal.all()) {
      if (draft.state === 'processing') {
        if (!this.polling.has(draft.id)) this.track(this.poll(draft.id));
        continue;
      }
      if (draft.state !== 'queued' && draft.state !== 'waiting' && draft.state !== 'uploading') continue;
      if (this.active.has(draft.id)) continue;
      if (draft.notBefore !== null && draft.notBefore > now) {
        wakeAt = Math.min(wakeAt, draft.notBefore);
        continue;
      }
      if (slots <= 0) continue;
      if (this.needsPublish(draft)) {
        const gate = gates.get(draft.openId) ?? this.initGate(draft.openId, now);
        if (gate.kind === 'closed') {
          gates.set(draft.openId, gate);
          // Said once per draft, not once per pump: the journal records transitions.
          if (draft.state !== 'waiting' || draft.reason !== gate.reason) this.save({ ...draft, state: 'waiting', reason: gate.reason, failCode: null, notBefore: gate.until });
          wakeAt = Math.min(wakeAt, gate.until);
          continue;
        }
        // One draft goes to ask whether the creator posted from the inbox; the rest wait for its answer.
        gates.set(draft.openId, gate.kind === 'probe' ? { kind: 'closed', reason: gate.reason, until: now + INBOX_RECHECK_MS } : gate);
      }
      slots--;
      this.track(this.run(draft.id));
    }
    if (wakeAt !== Infinity) this.wakeTimer = setTimeout(() => this.pump(), Math.max(10, wakeAt - now));
  }

  private track(task: Promise<void>): void {
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task));
  }

  /** Waits `ms`, or less if the service closes. */
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

  private needsPublish(draft: DraftRecord): boolean {
    return !draft.publishId || !draft.uploadUrl || this.urlExpired(draft);
  }

  /** Whether a new publish for this account can start now, by the budgets kept on our side. */
  private initGate(openId: string, now: number): InitGate {
    const pending = this.pendingShares(openId, now);
    // Publishes being started right now count too: two workers must not both take the last place.
    if (pending.length + (this.startingPublishes.get(openId) ?? 0) >= this.limits.pendingSharesPerDay) {
      const reason = `Inbox full: the platform allows ${this.limits.pendingSharesPerDay} drafts waiting in an inbox per day; it continues when one is posted`;
      const recheckAt = (this.inboxCheckedAt.get(openId) ?? 0) + INBOX_RECHECK_MS;
      if (recheckAt <= now) return { kind: 'probe', reason };
      const oldestExpires = pending.length > 0 ? Math.min(...pending) + DAY_MS : recheckAt;
      return { kind: 'closed', reason, until: Math.min(oldestExpires, recheckAt) };
    }
    const wait = this.budget(openId).init.waitMs(now);
    if (wait > 0) return { kind: 'closed', reason: RATE_LIMIT_WAIT, until: now + wait };
    return { kind: 'open' };
  }

  private async run(id: string): Promise<void> {
    const activity: Activity = { controller: new AbortController(), samples: [], lastEmit: 0 };
    this.active.set(id, activity);
    try {
      await this.upload(id, activity);
    } catch (error) {
      this.handleFailure(id, error, activity.controller.signal);
    } finally {
      this.active.delete(id);
      this.pump();
    }
  }

  private async upload(id: string, activity: Activity): Promise<void> {
    let draft = this.require(id);
    const current = await fingerprintFile(draft.filePath).catch(() => null);
    // Paused or cancelled meanwhile: that decision is already recorded and must not be overwritten.
    if (activity.controller.signal.aborted) return;
    if (!current) return void this.fail(draft, 'file_missing');
    if (!sameFingerprint(current, draft.fingerprint)) return void this.fail(draft, 'file_changed');

    const signal = activity.controller.signal;
    // Why the next publish is a fresh one, to say so in the queue.
    let restartReason: string | null = draft.publishId !== null && this.urlExpired(draft) ? LINK_EXPIRED : null;
    // Fresh publishes this run started without a chunk getting through: a host that keeps refusing
    // must fail the draft, not open publish after publish (each one counts against the inbox).
    let freshStarts = 0;
    while (true) {
      if (this.needsPublish(draft)) {
        if (freshStarts > MAX_FRESH_STARTS) return void this.fail(draft, 'upload_rejected', 'The upload host kept refusing this upload');
        const started = await this.initPublish(draft, signal);
        if (!started || signal.aborted) return;
        draft = this.save({ ...started, reason: restartReason });
      }
      const plan: ChunkPlan = { videoSize: draft.size, chunkSize: draft.chunkSize!, totalChunkCount: draft.totalChunkCount! };
      let restart = false;
      for (let index = draft.nextChunk; index < plan.totalChunkCount; index++) {
        // A file edited while its chunks stream would reach the platform as a mix of two versions.
        if (!(await this.unchanged(draft))) {
          if (!signal.aborted) this.fail(draft, 'file_changed');
          return;
        }
        const range = chunkRange(plan, index);
        const response = await putChunk({
          uploadUrl: draft.uploadUrl!, filePath: draft.filePath, start: range.start, end: range.end, total: plan.videoSize,
          contentType: draft.mimeType, signal,
          // Bytes written to the socket, short of the chunk's last byte: 100% waits for the host's answer.
          onProgress: (sent) => this.progress(id, activity, Math.min(range.start + sent, range.end)),
        });
        const acknowledged = response.status === 206 || response.status === 201;
        if (signal.aborted) {
          // Paused or cancelled meanwhile: keep the progress the host confirmed, nothing else.
          const current = this.journal.get(id);
          if (acknowledged && current) this.save({ ...current, nextChunk: index + 1, uploadedBytes: range.end + 1 });
          return;
        }
        if (acknowledged) {
          freshStarts = 0;
          draft = this.save({ ...this.require(id), nextChunk: index + 1, uploadedBytes: range.end + 1, attempts: 0, failCode: null, reason: index === 0 ? draft.reason : null });
          continue;
        }
        if (response.status === 403) {
          // The upload URL expired (or was revoked): the platform cannot continue that publish.
          draft = this.save({ ...this.require(id), uploadUrlIssuedAt: 0 });
          restartReason = LINK_EXPIRED;
          restart = true;
          break;
        }
        if (response.status === 416) {
          // The host and we disagree about where the upload is. If it says how far it got and that
          // is a chunk boundary, continue from there; otherwise only a fresh publish settles it.
          const hostHas = uploadedBytesIn(response.body);
          const resumeAt = hostHas === null ? -1 : Math.floor(hostHas / plan.chunkSize);
          if (hostHas !== null && resumeAt < plan.totalChunkCount && resumeAt * plan.chunkSize === hostHas && resumeAt !== index) {
            draft = this.save({ ...this.require(id), nextChunk: resumeAt, uploadedBytes: hostHas });
            index = resumeAt - 1;
            continue;
          }
          draft = this.save({ ...this.require(id), uploadUrlIssuedAt: 0 });
          restartReason = 'The upload host lost track of this upload, so a fresh upload was started';
          restart = true;
          break;
        }
        throw new HttpFailure(response.status, response.body, response.retryAfterMs);
      }
      if (!restart) break;
      freshStarts++;
    }
    if (signal.aborted) return;
    this.save({ ...this.require(id), state: 'processing', reason: null, notBefore: null, attempts: 0 });
  }

  /** Cheap check before each chunk: the file's size and modification time are still the fingerprinted ones. */
  private async unchanged(draft: DraftRecord): Promise<boolean> {
    const info = await stat(draft.filePath).catch(() => null);
    return info !== null && info.size === draft.fingerprint.size && Math.trunc(info.mtimeMs) === draft.fingerprint.mtimeMs;
  }

  /** Op 4 inside the account's budgets; returns the draft with its publish, or null if it must wait. */
  private async initPublish(draft: DraftRecord, signal: AbortSignal): Promise<DraftRecord | null> {
    let now = this.deps.clock.now();
    let gate = this.initGate(draft.openId, now);
    if (gate.kind === 'probe') {
      // The creator may have posted some drafts since: ask before deciding the inbox is full.
      await this.refreshInbox(draft.openId);
      if (signal.aborted) return null;
      now = this.deps.clock.now();
      gate = this.initGate(draft.openId, now);
    }
    if (gate.kind === 'closed') {
      this.wait(draft, gate.reason, gate.until);
      return null;
    }
    const budget = this.budget(draft.openId);
    if (!budget.init.tryTake(now)) {
      this.wait(draft, RATE_LIMIT_WAIT, now + budget.init.waitMs(now));
      return null;
    }
    const plan = planChunks(draft.size, this.deps.preferredChunkBytes);
    if (!isPlan(plan)) return this.fail(draft, `file_${plan.code}`, plan.message);
    this.startingPublishes.set(draft.openId, (this.startingPublishes.get(draft.openId) ?? 0) + 1);
    let result;
    try {
      result = await this.deps.tokens.withAccessToken(draft.openId, (token, baseUrl) =>
        this.deps.publish.initVideo(baseUrl, token, { videoSize: plan.videoSize, chunkSize: plan.chunkSize, totalChunkCount: plan.totalChunkCount }, signal),
      );
    } finally {
      this.startingPublishes.set(draft.openId, (this.startingPublishes.get(draft.openId) ?? 1) - 1);
    }
    if (!result.ok) throw result.error;
    const publish = {
      publishId: result.value.publishId, uploadUrl: result.value.uploadUrl, uploadUrlIssuedAt: this.deps.clock.now(),
      chunkSize: plan.chunkSize, totalChunkCount: plan.totalChunkCount, nextChunk: 0, uploadedBytes: 0, platformStatus: null,
    };
    if (signal.aborted) {
      // Paused or cancelled while the platform opened the publish: keep it, so a resume continues
      // it rather than opening a second one the platform would also count.
      const current = this.journal.get(draft.id);
      if (current) this.save({ ...current, ...publish });
      return null;
    }
    return { ...this.require(draft.id), ...publish, state: 'uploading', notBefore: null };
  }

  /** Op 6 until a final status, inside the account's status budget; does not hold an upload slot. */
  private async poll(id: string): Promise<void> {
    this.polling.add(id);
    let failures = 0;
    try {
      while (!this.closed) {
        const draft = this.journal.get(id);
        if (!draft || draft.state !== 'processing' || !draft.publishId) return;
        const now = this.deps.clock.now();
        const budget = this.budget(draft.openId);
        if (!budget.status.tryTake(now)) {
          await this.sleep(budget.status.waitMs(now));
          continue;
        }
        let status: PublishStatus;
        try {
          const result = await this.deps.tokens.withAccessToken(draft.openId, (token, baseUrl) => this.deps.publish.fetchStatus(baseUrl, token, draft.publishId!));
          if (!result.ok) throw result.error;
          status = result.value;
          failures = 0;
        } catch (error) {
          const failure = classifyFailure(error);
          const retryAfterMs = failure.kind === 'retry' || failure.kind === 'rate_limited' ? failure.retryAfterMs : undefined;
          // Only a stated Retry-After closes the whole window; otherwise back off and probe again.
          if (failure.kind === 'rate_limited' && retryAfterMs !== undefined) budget.status.saturate(this.deps.clock.now(), retryAfterMs);
          if (failure.kind === 'fatal' && PUBLISH_GONE.has(failure.code)) {
            // The platform no longer knows this publish: polling it again would never end.
            return void this.fail(this.require(id), 'publish_lost', 'The platform no longer knows this upload; retry to send it again');
          }
          if (failure.kind === 'fatal' || failure.kind === 'auth') this.save({ ...this.require(id), reason: failure.message });
          await this.sleep(backoffDelay(++failures, retryAfterMs, POLL_BACKOFF, this.deps.random));
          continue;
        }
        const latest = this.journal.get(id);
        if (!latest || latest.state !== 'processing') return;
        if (status.status === 'FAILED') return void this.fail(latest, status.failReason ?? 'internal');
        const next: DraftState = status.status === 'SEND_TO_USER_INBOX' ? 'inbox' : status.status === 'PUBLISH_COMPLETE' ? 'posted' : 'processing';
        this.save({ ...latest, state: next, platformStatus: status.status, reason: null });
        if (next !== 'processing') {
          void this.releaseFile(latest);
          this.pump(); // an inbox share may free a waiting draft's budget later; recompute now
          return;
        }
        await this.sleep(this.deps.pollIntervalMs ?? 2000);
      }
    } finally {
      this.polling.delete(id);
    }
  }

  private handleFailure(id: string, error: unknown, signal: AbortSignal): void {
    if (signal.aborted) return; // paused, cancelled, removed or shutting down: already recorded
    const draft = this.journal.get(id);
    if (!draft) return;
    const failure: Failure = error instanceof HttpFailure ? classifyFailure(error.asPlatformError()) : classifyFailure(error);
    const now = this.deps.clock.now();
    const attempts = draft.attempts + 1;
    switch (failure.kind) {
      case 'retry':
        this.wait({ ...draft, attempts }, failure.offline ? 'Offline: will continue when the connection is back' : `Retrying: ${failure.message}`, now + backoffDelay(attempts, failure.retryAfterMs, failure.offline ? { baseMs: 1000, maxMs: 15_000 } : undefined, this.deps.random));
        return;
      case 'rate_limited':
        // The platform's window is full whatever our count said: no sibling should try before it frees.
        this.budget(draft.openId).init.saturate(now, failure.retryAfterMs);
        this.wait({ ...draft, attempts }, 'Rate limit: the platform asked to slow down', now + backoffDelay(attempts, failure.retryAfterMs, undefined, this.deps.random));
        return;
      case 'inbox_full':
        this.wait({ ...draft, attempts }, 'Inbox full: the platform refused more drafts waiting in this inbox; it continues when one is posted', now + INBOX_RECHECK_MS);
        return;
      case 'auth':
        // Waits for the person to sign in again; accountsChanged() wakes it sooner.
        this.wait({ ...draft, attempts }, failure.message, now + 60_000, AUTH_WAIT);
        return;
      case 'fatal':
        this.fail(draft, failure.code, failure.message);
        return;
    }
  }

  /** Reads the status of this account's drafts sitting in its inbox, within the status budget. */
  private async refreshInbox(openId: string): Promise<void> {
    this.inboxCheckedAt.set(openId, this.deps.clock.now());
    const budget = this.budget(openId);
    for (const draft of this.journal.all()) {
      if (draft.openId !== openId || draft.state !== 'inbox' || !draft.publishId) continue;
      if (!budget.status.tryTake(this.deps.clock.now())) return;
      const result = await this.deps.tokens.withAccessToken(openId, (token, baseUrl) => this.deps.publish.fetchStatus(baseUrl, token, draft.publishId!)).catch(() => null);
      if (!result?.ok) continue;
      const latest = this.journal.get(draft.id);
      if (latest?.state === 'inbox' && result.value.status === 'PUBLISH_COMPLETE') this.save({ ...latest, state: 'posted', platformStatus: result.value.status });
    }
  }

  // ------------------------------------------------------------------ helpers

  /**
   * When each of the account's pending shares started: every publish of the last 24 h not posted
   * or failed (paused, waiting and cancelled ones included: the platform still counts them),
   * except an upload its link's hour left unfinished, which the platform has dropped.
   */
  private pendingShares(openId: string, now: number): number[] {
    return this.journal
      .all()
      .filter((d) => {
        if (d.openId !== openId || d.publishId === null || d.uploadUrlIssuedAt === null || d.uploadUrlIssuedAt <= now - DAY_MS) return false;
        if (d.state === 'posted' || d.state === 'failed') return false;
        const delivered = d.totalChunkCount !== null && d.nextChunk >= d.totalChunkCount;
        return delivered || d.uploadUrlIssuedAt > now - HOUR_MS;
      })
      .map((d) => d.uploadUrlIssuedAt!);
  }

  private get limits(): UploadLimits {
    return this.deps.limits?.() ?? PLATFORM_LIMITS;
  }

  private budget(openId: string): AccountBudget {
    let budget = this.budgets.get(openId);
    if (!budget) {
      budget = { init: new RateWindow(this.limits.initPerMinute, 60_000), status: new RateWindow(this.limits.statusPerMinute, 60_000) };
      this.budgets.set(openId, budget);
    }
    return budget;
  }

  private urlExpired(draft: DraftRecord): boolean {
    return draft.uploadUrlIssuedAt === null || this.deps.clock.now() - draft.uploadUrlIssuedAt > UPLOAD_URL_LIFETIME_MS;
  }

  private wait(draft: DraftRecord, reason: string, until: number, code: string | null = null): void {
    this.save({ ...this.require(draft.id), attempts: draft.attempts, state: 'waiting', reason, failCode: code, notBefore: until, resumeState: null });
  }

  private fail(draft: DraftRecord, code: string, message?: string): null {
    // A failed draft keeps our copy of its file, for a retry.
    this.save({ ...this.require(draft.id), state: 'failed', failCode: code, reason: message ?? describeFailReason(code), notBefore: null });
    return null;
  }

  private progress(id: string, activity: Activity, bytes: number): void {
    const now = Date.now();
    activity.samples.push({ at: now, bytes });
    while (activity.samples.length > 2 && activity.samples[0]!.at < now - SPEED_WINDOW_MS) activity.samples.shift();
    if (now - activity.lastEmit < PROGRESS_EMIT_MS) return;
    activity.lastEmit = now;
    const draft = this.journal.get(id);
    if (draft) this.deps.hub.emit('drafts.updated', this.view({ ...draft, uploadedBytes: bytes }), id);
  }

  private view(draft: DraftRecord): DraftView {
    const samples = this.active.get(draft.id)?.samples ?? [];
    let speedBps: number | null = null;
    let etaSeconds: number | null = null;
    if (draft.state === 'uploading' && samples.length >= 2) {
      const first = samples[0]!;
      const last = samples.at(-1)!;
      const seconds = (last.at - first.at) / 1000;
      if (seconds > 0.2) {
        speedBps = Math.max(0, (last.bytes - first.bytes) / seconds);
        etaSeconds = speedBps > 0 ? Math.ceil((draft.size - last.bytes) / speedBps) : null;
      }
    }
    return DraftView.parse({ ...draft, speedBps, etaSeconds });
  }

  private save(draft: DraftRecord): DraftRecord {
    this.journal.put(draft);
    this.deps.hub.emit('drafts.updated', this.view(draft), draft.id);
    return draft;
  }

  private require(id: string): DraftRecord {
    const draft = this.journal.get(id);
    if (!draft) throw new AppError('no_such_draft', 'That draft is no longer in the queue');
    return draft;
  }

  /** Our own copies of dropped files go once the platform has the video, or the draft is removed. */
  private async releaseFile(draft: DraftRecord): Promise<void> {
    if (!draft.ownsFile) return;
    await rm(draft.filePath, { force: true }).catch((error: unknown) => this.deps.log.warn({ err: error }, 'could not delete a finished upload copy'));
  }
}

const freshPublish = { publishId: null, uploadUrl: null, uploadUrlIssuedAt: null, chunkSize: null, totalChunkCount: null, nextChunk: 0, uploadedBytes: 0 } as const;


/** A non-2xx answer of the upload host, to be sorted like any platform error. */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly retryAfterMs: number | undefined,
  ) {
    super(`The upload host answered ${status}`);
  }
  asPlatformError() {
    return { httpStatus: this.status, code: this.status === 429 ? 'rate_limit_exceeded' : 'upload_host_error', message: this.message, retryAfterMs: this.retryAfterMs };
  }
}

/** The upload host's `data.uploaded_bytes` in a shape B answer, when it says. */
function uploadedBytesIn(body: string): number | null {
  try {
    const value = (JSON.parse(body) as { data?: { uploaded_bytes?: unknown } }).data?.uploaded_bytes;
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}
