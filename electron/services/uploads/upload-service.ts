/**
 * The publishing engine: it wires intake (intake.ts: new drafts), the queue (queue.ts, transitions.ts), the scheduler
 * (scheduler.ts), the media kinds (media-kind.ts; video-kind.ts + chunk-transfer.ts) and the
 * status poller (status-poller.ts), and sorts failures into what a draft does next. Each draft
 * goes queued → uploading (open a publish, deliver its media) → processing (status reads) →
 * inbox | posted | failed; every step is journaled before the next one starts, so a kill -9
 * resumes each draft where it was (docs/ARCHITECTURE.md "The journal").
 *
 * Faults are sorted, not retried blindly: transport errors, timeouts, 5xx and 429 wait with
 * backoff (Retry-After honoured); the platform's own limits are kept on our side so drafts wait
 * instead of failing; definitive refusals fail the draft once, with the reason in words.
 */
import { stat } from 'node:fs/promises';
import type { Clock } from '../../../common/clock.js';
import type { Logger } from '../../../common/log.js';
import type { BulkAction, BulkOutcome, DraftView, EarlierDraft } from '../../core/contract/index.js';
import type { EventSink } from '../../core/events.js';
import { AppError } from '../../core/result.js';
import { putChunk } from '../../../platform-api/chunk-put.js';
import { backoffDelay } from '../../../common/backoff.js';
import { LINK_EXPIRED, type ChunkTransport, type TransferOutcome } from './chunk-transfer.js';
import { FINAL, type DraftRecord, type DraftState, type PhotoPost } from './draft.js';
import { isKnownFailCode } from './fail-codes.js';
import { classifyFailure } from './failure.js';
import type { DraftChanged } from './batch-notices.js';
import { contentFingerprint } from './content-fingerprint.js';
import { checkFiles, linkCopies, photoDraft, urlDraft, videoDrafts, type DuplicatePolicy, type NewDraftFile } from './intake.js';
import { DeliveredContent, earlierDrafts, indexQueue } from './duplicates.js';
import type { MediaKind, MediaKinds } from './media-kind.js';
import type { PublishApi } from '../../../platform-api/publish.js';
import type { TokenSource } from './ports.js';
import { DraftQueue } from './queue.js';
import { INBOX_WAIT, PLATFORM_LIMITS, RATE_LIMIT_WAIT, Scheduler, type UploadLimits } from './scheduler.js';
import { forecastInbox } from './inbox-forecast.js';
import { SpeedMeter } from './speed-meter.js';
import { ThumbnailCache } from './thumbnail-cache.js';
import { pollUntilFinal, recheckInbox, type PollerContext } from './status-poller.js';
import { AUTH_WAIT, isDelivered, type DraftEvent } from './transitions.js';
import { plainUrls, type UrlSeal } from './upload-url-seal.js';
import { urlExpired, videoKind } from './video-kind.js';
import { videoUrlKind } from './video-url-kind.js';

export { PLATFORM_LIMITS, type UploadLimits };

/** The photo kind when the app was built without one (tests of the video engine): a photo draft fails saying so. */
const unavailableKind: MediaKind = {
  needsPublish: () => true,
  checkSource: () => Promise.resolve('ok'),
  open: () => Promise.resolve({ ok: false, error: { kind: 'platform', httpStatus: null, code: 'photos_unavailable', message: 'Photo posts are not available in this build', logId: null } }),
  deliver: () => Promise.resolve({ kind: 'stopped' }),
  release: () => Promise.resolve(),
};

/** Fresh publishes one run may open after the host refused the previous one (403, 404, 416). */
const MAX_FRESH_STARTS = 2;
const INBOX_FULL_WAIT_MS = 60_000;

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
  /** How chunks reach the upload host (tests inject one); platform-api/chunk-put.ts by default. */
  chunks?: ChunkTransport;
  /** Seals upload URLs in the journal (journalUrlSeal); plain by default. */
  urlSeal?: UrlSeal;
  /** Photo posts (services/photos/photo-kind.ts); without it a photo draft fails saying so. */
  photoKind?: MediaKind;
  /** Told of every journaled change of a draft (batch-notices.ts). */
  draftChanged?: DraftChanged;
}

export type { DuplicatePolicy, NewDraftFile };

/** One file's earlier drafts for one account, as drafts.duplicates answers them. */
export interface DuplicateFinding {
  fileIndex: number;
  openId: string;
  earlier: EarlierDraft[];
}

type OpenOutcome = { kind: 'opened'; draft: DraftRecord } | { kind: 'not_now' } | { kind: 'failed'; error: unknown };
const NOT_NOW: OpenOutcome = { kind: 'not_now' };

interface Activity {
  controller: AbortController;
  speed: SpeedMeter;
  /** Bytes of the file written to the connection for this publish (the host may not have them yet). */
  sent: { publishId: string | null; bytes: number };
  /** Every byte of the publish's last chunk was written: the host may have it all, answered or not. */
  lastChunkSent: boolean;
  /** Resolves when the run has ended and recorded what it learned. */
  settled: Promise<void>;
}

export class UploadService {
  private readonly queue: DraftQueue;
  private readonly delivered: DeliveredContent;
  /** Set while a bulk action applies many transitions: one pump at the end instead of one per draft. */
  private batching = false;
  private forecast: { version: number; at: number; starts: ReadonlyMap<string, number> } | null = null;
  /** The expected starts the windows were last told, and for which version of the queue. */
  private told: { version: number; starts: ReadonlyMap<string, number> } = { version: -1, starts: new Map() };
  private readonly thumbnails: ThumbnailCache;
  private readonly scheduler: Scheduler;
  private readonly kinds: MediaKinds;
  private readonly chunks: ChunkTransport;
  private readonly active = new Map<string, Activity>();
  private readonly polling = new Set<string>();
  /** Drafts a cancel is deciding about: not to be started meanwhile. */
  private readonly stopping = new Set<string>();
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  /** Workers and polls under way, awaited by close(). */
  private readonly tasks = new Set<Promise<void>>();
  private readonly closing = new AbortController();
  private closed = false;

  constructor(private readonly deps: UploadServiceDeps) {
    this.thumbnails = new ThumbnailCache(deps.dataDir, deps.log);
    this.queue = new DraftQueue(deps.dataDir, deps.urlSeal ?? plainUrls, deps.hub, (draft) => {
      const activity = this.active.get(draft.id);
      const uploading = draft.state === 'uploading' && activity !== undefined;
      // Written bytes count only for the publish they were written to; acknowledged ones always do.
      const sentBytes = uploading && activity.sent.publishId === draft.publishId ? Math.max(draft.uploadedBytes, activity.sent.bytes) : draft.uploadedBytes;
      const hasThumbnail = draft.kind === 'video' && this.thumbnails.has(draft.fingerprint);
      const expectedAt = draft.failCode === INBOX_WAIT ? (this.expectedStarts().get(draft.id) ?? null) : null;
      return { ...(uploading ? activity.speed.figures(draft.size) : { speedBps: null, etaSeconds: null }), sentBytes, hasThumbnail, expectedAt };
    }, deps.draftChanged);
    this.delivered = new DeliveredContent(deps.dataDir);
    this.scheduler = new Scheduler(() => this.deps.limits?.() ?? PLATFORM_LIMITS);
    this.kinds = { video: videoKind(deps.publish, deps.log, deps.preferredChunkBytes), video_url: videoUrlKind(deps.publish), photo: deps.photoKind ?? unavailableKind };
    this.chunks = deps.chunks ?? { put: putChunk };
  }

  /** Picks up where the last run stopped (drafts mid-upload continue from their next chunk). */
  start(): void {
    this.track(this.thumbnails.prune(this.queue.all().map((draft) => draft.fingerprint)));
    this.pump();
  }

  /** A draft's cached thumbnail, as a data URL. */
  async thumbnail(id: string): Promise<string | null> {
    const draft = this.queue.require(id);
    return draft.kind === 'video' ? this.thumbnails.dataUrl(draft.fingerprint) : null;
  }

  /** Stops every worker and poll and waits for them, so nothing touches the journal or the platform after. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.closing.abort();
    // Aborting keeps each draft's journaled state: the next start resumes it.
    for (const id of this.active.keys()) this.interrupt(id);
    await Promise.allSettled(this.tasks);
    this.queue.close();
    this.delivered.compact();
  }

  /** Files the queue owns (copies of dropped files) that a draft still needs: failed and cancelled ones' too, for a retry. */
  ownedFiles(): Set<string> {
    const done: ReadonlySet<DraftState> = new Set(['inbox', 'posted']);
    return new Set(this.queue.all().filter((d) => d.ownsFile && !done.has(d.state)).map((d) => d.filePath));
  }

  list(): DraftView[] {
    return this.queue.views();
  }

  /**
   * Queues each file for each account (one draft each, file by file). Everything is checked
   * before anything is queued: a file that cannot be read or sent, or (with "ask") one whose
   * content the account already has queued or delivered, refuses the whole call. One call is one
   * action: its drafts share a batch (the person hears about them once).
   */
  async add(openIds: string | readonly string[], files: NewDraftFile[], { duplicates = 'ask' }: { duplicates?: DuplicatePolicy } = {}): Promise<DraftView[]> {
    const checked = await checkFiles(files);
    for (const { file, fingerprint } of checked) if (file.thumbnail) await this.thumbnails.put(fingerprint, file.thumbnail);
    const accounts = typeof openIds === 'string' ? [openIds] : openIds;
    const added = videoDrafts(accounts, checked, { duplicates, index: indexQueue(this.queue.all()), delivered: this.delivered, now: this.deps.clock.now() });
    await linkCopies(added);
    for (const draft of added) this.queue.add(draft);
    this.pump();
    return added.map((draft) => this.queue.view(draft));
  }

  /**
   * The duplicate rule, for anything that queues files (drafts.add asks it first; watch folders
   * use it too): per file and account, the earlier drafts with the same content.
   */
  async duplicatesOf(openIds: readonly string[], filePaths: readonly string[]): Promise<DuplicateFinding[]> {
    const index = indexQueue(this.queue.all());
    const findings: DuplicateFinding[] = [];
    for (const [fileIndex, path] of filePaths.entries()) {
      const contentKey = await contentFingerprint(path).catch(() => null);
      if (!contentKey) throw new AppError('file_missing', 'That file is not readable');
      for (const openId of openIds) {
        const earlier = earlierDrafts(openId, contentKey, index, this.delivered);
        if (earlier.length > 0) findings.push({ fileIndex, openId, earlier });
      }
    }
    return findings;
  }

  /** A video the platform pulls from a URL (intake.ts). */
  addUrl(openId: string, url: string): DraftView {
    return this.queued(urlDraft(openId, url, this.deps.clock.now()));
  }

  /** A photo post for one account: a draft of the photo kind, in the same queue as videos. */
  addPhotoPost(openId: string, post: PhotoPost): DraftView {
    return this.queued(photoDraft(openId, post, this.deps.clock.now()));
  }

  private queued(draft: DraftRecord): DraftView {
    this.queue.add(draft);
    this.pump();
    return this.queue.view(draft);
  }

  pause(id: string): DraftView {
    this.ensure(id, { type: 'pause' });
    this.interrupt(id);
    return this.queue.view(this.queue.apply(id, { type: 'pause' }));
  }

  resume(id: string): DraftView {
    const next = this.queue.apply(id, { type: 'resume' });
    this.pump();
    return this.queue.view(next);
  }

  /**
   * Cancels a draft, unless the platform already has all of it: the queue shows what the
   * platform has. The worker is stopped and awaited; if the host acknowledged the last chunk
   * meanwhile, or the last chunk's bytes had all gone out and the publish's status says the
   * platform has them (its answer may have been cut off by the stop), the cancel is refused as
   * already delivered and the draft goes on to the inbox.
   */
  async cancel(id: string): Promise<DraftView> {
    this.ensure(id, { type: 'cancel' });
    const activity = this.active.get(id);
    // Until the cancel is decided, the scheduler must not start the draft again.
    this.stopping.add(id);
    try {
      if (activity) {
        activity.controller.abort();
        await activity.settled;
      }
      const draft = this.queue.require(id);
      if (!FINAL.has(draft.state) && (isDelivered(draft) || (activity?.lastChunkSent && (await this.platformHasAll(draft))))) {
        this.queue.apply(id, { type: 'hostHas', nextChunk: draft.totalChunkCount!, uploadedBytes: draft.size });
        this.queue.apply(id, { type: 'delivered' });
      }
      return this.queue.view(this.queue.apply(id, { type: 'cancel' }));
    } finally {
      this.stopping.delete(id);
      this.pump();
    }
  }

  /** One status read: whether the platform has every byte of the draft's publish. */
  private async platformHasAll(draft: DraftRecord): Promise<boolean> {
    if (!draft.publishId) return false;
    const result = await this.pollerContext().fetchStatus(draft).catch(() => null);
    if (!result?.ok) return false;
    return result.value.status !== 'PROCESSING_UPLOAD' || (result.value.uploadedBytes ?? 0) >= draft.size;
  }

  retry(id: string): DraftView {
    const next = this.queue.apply(id, { type: 'retry' });
    this.pump();
    return this.queue.view(next);
  }

  async remove(id: string): Promise<void> {
    const draft = this.queue.require(id);
    this.interrupt(id);
    // Remembered before it goes: a crash in between leaves it known twice, never forgotten.
    this.delivered.remember(draft);
    this.queue.remove(id);
    this.pump();
    await this.releaseFile(draft, 'removed');
  }

  reorder(ids: string[]): DraftView[] {
    const views = this.queue.reorder(ids);
    this.pump();
    return views;
  }

  /**
   * The row actions on many drafts: each draft goes through its own transition (journaled one by
   * one, as from its row); one that cannot (it moved on meanwhile) is listed with why, and the
   * others still change. The scheduler plans once, at the end.
   */
  async bulk(ids: readonly string[], action: BulkAction): Promise<BulkOutcome> {
    return this.inBatch(ids, async (id, outcome) => {
      if (action === 'remove') {
        await this.remove(id);
        outcome.removed.push(id);
        return;
      }
      const view = action === 'pause' ? this.pause(id) : action === 'resume' ? this.resume(id) : action === 'cancel' ? await this.cancel(id) : this.retry(id);
      outcome.changed.push(view);
    });
  }

  /**
   * Sends drafts to another account: those that have not opened a publish on theirs (queued,
   * waiting, paused; failed and cancelled ones start afresh there). The duplicate rule holds: a
   * draft whose content the target account already has is not moved.
   */
  async move(ids: readonly string[], openId: string): Promise<BulkOutcome> {
    const index = indexQueue(this.queue.all());
    return this.inBatch(ids, (id, outcome) => {
      const draft = this.queue.require(id);
      const earlier = draft.contentKey ? earlierDrafts(openId, draft.contentKey, index, this.delivered)[0] : undefined;
      if (earlier && draft.openId !== openId) throw new AppError('duplicate_content', `That account already has the same content (${earlier.fileName})`);
      const moved = this.queue.apply(id, { type: 'move', openId });
      // A second draft with the same content in this move is a duplicate of this one.
      if (moved.contentKey) index.set(`${openId} ${moved.contentKey}`, [...(index.get(`${openId} ${moved.contentKey}`) ?? []), moved]);
      outcome.changed.push(this.queue.view(moved));
      return Promise.resolve();
    });
  }

  /** Removes the drafts that are done (in the inbox or posted), of one account or all; their content stays known (duplicates.ts). */
  clearFinished(openId?: string): string[] {
    const done = this.queue.all().filter((draft) => (draft.state === 'inbox' || draft.state === 'posted') && (openId === undefined || draft.openId === openId));
    for (const draft of done) this.delivered.remember(draft);
    const ids = done.map((draft) => draft.id);
    // Their files were released when they reached the inbox: only the records go.
    this.queue.removeMany(ids);
    this.pump();
    return ids;
  }

  private async inBatch(ids: readonly string[], each: (id: string, outcome: BulkOutcome) => Promise<void>): Promise<BulkOutcome> {
    const outcome: BulkOutcome = { changed: [], removed: [], refused: [] };
    this.batching = true;
    try {
      for (const id of new Set(ids)) {
        try {
          await each(id, outcome);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcome.refused.push({ id, fileName: this.queue.get(id)?.fileName ?? '', code: error.code, message: error.message });
        }
      }
    } finally {
      this.batching = false;
      this.pump();
    }
    return outcome;
  }

  setConcurrencyChanged(): void {
    this.pump();
  }

  /** An account signed in again (or changed): its drafts waiting for that go now. */
  accountsChanged(usable: ReadonlySet<string>): void {
    for (const draft of this.queue.all()) {
      if (draft.state === 'waiting' && draft.failCode === AUTH_WAIT && usable.has(draft.openId)) this.queue.apply(draft.id, { type: 'signedInAgain' });
    }
    this.pump();
  }

  /** The person removed an account: its unfinished drafts can never be delivered. */
  accountRemoved(openId: string): void {
    for (const draft of this.queue.all()) {
      if (draft.openId !== openId || FINAL.has(draft.state)) continue;
      this.interrupt(draft.id);
      this.queue.apply(draft.id, { type: 'fail', code: 'account_removed' });
    }
  }

  // ------------------------------------------------------------------ scheduling

  /** Starts what the scheduler says may run now, and sets one timer for the earliest draft that waits. */
  private pump(): void {
    if (this.closed || this.batching) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    const now = this.deps.clock.now();
    const plan = this.scheduler.plan({
      drafts: this.queue.all(),
      now,
      slots: this.deps.concurrency() - this.active.size,
      running: (id) => this.active.has(id) || this.stopping.has(id),
      polling: (id) => this.polling.has(id),
      needsPublish: (draft) => this.kindOf(draft).needsPublish(draft, now),
    });
    for (const { draft, reason, until, code } of plan.wait) this.queue.apply(draft.id, { type: 'wait', reason, until, code, attempts: draft.attempts });
    for (const draft of plan.poll) this.track(this.poll(draft.id));
    for (const draft of plan.start) this.run(draft.id);
    if (plan.wakeAt !== null) this.wakeTimer = setTimeout(() => this.pump(), Math.max(10, plan.wakeAt - now));
    this.retellForecasts();
  }

  /**
   * A draft moved, removed, reordered or opening a publish shifts when the other waiting drafts of
   * its account go, though their records do not change: their views are told again.
   */
  private retellForecasts(): void {
    if (this.told.version === this.queue.version) return;
    const starts = this.expectedStarts();
    const told = new Map<string, number>();
    for (const draft of this.queue.all()) {
      if (draft.failCode !== INBOX_WAIT) continue;
      const at = starts.get(draft.id);
      if (at === undefined) continue;
      told.set(draft.id, at);
      if (this.told.starts.get(draft.id) !== at) this.queue.retell(draft.id);
    }
    this.told = { version: this.queue.version, starts: told };
  }

  private run(id: string): void {
    let settle!: () => void;
    const activity: Activity = { controller: new AbortController(), speed: new SpeedMeter(), sent: { publishId: null, bytes: 0 }, lastChunkSent: false, settled: new Promise((resolve) => (settle = resolve)) };
    this.active.set(id, activity);
    const task = this.upload(id, activity)
      .catch((error: unknown) => this.handleFailure(id, error, activity))
      .finally(() => {
        this.active.delete(id);
        settle();
        this.pump();
      });
    this.track(task);
  }

  private track(task: Promise<void>): void {
    this.tasks.add(task);
    // A draft removed under a worker or a poll ends it with no_such_draft: nothing left to do.
    void task
      .catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'no_such_draft')) this.deps.log.error({ err: error }, 'an upload task failed');
      })
      .finally(() => this.tasks.delete(task));
  }

  private async upload(id: string, activity: Activity): Promise<void> {
    const signal = activity.controller.signal;
    let draft = this.queue.require(id);
    const kind = this.kindOf(draft);
    const source = await kind.checkSource(draft);
    // Paused or cancelled meanwhile: that decision is already recorded and must not be overwritten.
    if (signal.aborted) return;
    if (source !== 'ok') return this.fail(id, source);

    // A link that ran out while the draft waited: say so when the fresh publish opens.
    if (draft.publishId !== null && draft.freshPublishReason === null && urlExpired(draft, this.deps.clock.now())) draft = this.queue.apply(id, { type: 'linkRanOut', reason: LINK_EXPIRED });
    // Fresh publishes this run started without a chunk getting through: a host that keeps refusing
    // must fail the draft, not open publish after publish (each one counts against the inbox).
    let freshStarts = 0;
    while (true) {
      if (kind.needsPublish(draft, this.deps.clock.now())) {
        if (freshStarts > MAX_FRESH_STARTS) return this.fail(id, 'upload_rejected');
        const opened = await this.openPublish(draft, kind, signal);
        if (opened.kind === 'failed') return this.handleFailure(id, opened.error, activity);
        if (opened.kind === 'not_now' || signal.aborted) return;
        draft = opened.draft;
      }
      const outcome: TransferOutcome = await kind.deliver(draft, {
        transport: this.chunks,
        signal,
        unchanged: (d) => this.unchanged(d),
        record: (event) => this.queue.apply(id, event),
        progress: (bytes) => this.progress(id, activity, bytes),
        lastChunkSent: () => (activity.lastChunkSent = true),
      });
      switch (outcome.kind) {
        case 'delivered':
          this.queue.apply(id, { type: 'delivered' });
          return;
        case 'stopped':
          return;
        case 'file_changed':
          return this.fail(id, 'file_changed');
        case 'failed':
          return this.handleFailure(id, outcome.error, activity);
        case 'restart':
          freshStarts = (outcome.progressed ? 0 : freshStarts) + 1;
          draft = this.queue.require(id);
      }
    }
  }

  /** Cheap check before each chunk: the file's size and modification time are still the fingerprinted ones. */
  private async unchanged(draft: DraftRecord): Promise<boolean> {
    const info = await stat(draft.filePath).catch(() => null);
    return info !== null && info.size === draft.fingerprint.size && Math.trunc(info.mtimeMs) === draft.fingerprint.mtimeMs;
  }

  /** Opens a publish inside the account's budgets: the draft with it, or why not now. */
  private async openPublish(draft: DraftRecord, kind: MediaKind, signal: AbortSignal): Promise<OpenOutcome> {
    let now = this.deps.clock.now();
    let gate = this.scheduler.initGate(draft.openId, this.queue.all(), now);
    if (gate.kind === 'probe') {
      // The creator may have posted some drafts since: ask before deciding the inbox is full.
      this.scheduler.inboxChecked(draft.openId, now);
      await recheckInbox(draft.openId, this.queue.all(), this.pollerContext());
      if (signal.aborted) return NOT_NOW;
      now = this.deps.clock.now();
      gate = this.scheduler.initGate(draft.openId, this.queue.all(), now);
    }
    if (gate.kind === 'closed') {
      this.wait(draft.id, gate.reason, gate.until, draft.attempts, gate.code);
      return NOT_NOW;
    }
    const budget = this.scheduler.budget(draft.openId);
    if (!budget.init.tryTake(now)) {
      this.wait(draft.id, RATE_LIMIT_WAIT, now + budget.init.waitMs(now), draft.attempts);
      return NOT_NOW;
    }
    const done = this.scheduler.publishStarting(draft.openId);
    let result;
    try {
      result = await this.deps.tokens.withAccessToken(draft.openId, (token, baseUrl) => kind.open(draft, token, baseUrl, signal, (event) => this.queue.apply(draft.id, event)));
    } finally {
      done();
    }
    if (!result.ok) return { kind: 'failed', error: result.error };
    const publish = { ...result.value, uploadUrlIssuedAt: this.deps.clock.now() };
    // Paused or cancelled while the platform opened the publish: keep it, so a resume continues
    // it rather than opening a second one the platform would also count.
    if (signal.aborted) {
      if (this.queue.get(draft.id)) this.queue.apply(draft.id, { type: 'publishOpened', publish, stopped: true });
      return NOT_NOW;
    }
    return { kind: 'opened', draft: this.queue.apply(draft.id, { type: 'publishOpened', publish, stopped: false }) };
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
      this.track(this.releaseFile(draft, 'done'));
      this.pump(); // an inbox share may free a waiting draft's budget later; recompute now
    } else if (draft?.state === 'failed') {
      this.track(this.releaseFile(draft, 'failed'));
    }
  }

  private pollerContext(): PollerContext {
    return {
      clock: this.deps.clock,
      sleep: (ms) => this.sleep(ms),
      closed: () => this.closed,
      fetchStatus: (draft) => this.deps.tokens.withAccessToken(draft.openId, (token, baseUrl) => this.deps.publish.fetchStatus(baseUrl, token, draft.publishId!)),
      statusBudget: (openId) => this.scheduler.budget(openId).status,
      current: (id) => this.queue.get(id),
      record: (id, event) => this.queue.apply(id, event),
      intervalMs: this.deps.pollIntervalMs,
      random: this.deps.random,
    };
  }

  /** Sorts a failure of a run into waiting (with backoff) or failing; nothing when the run was stopped on purpose. */
  private handleFailure(id: string, error: unknown, activity: Activity): void {
    if (activity.controller.signal.aborted) return; // paused, cancelled, removed or shutting down: already recorded
    const draft = this.queue.get(id);
    if (!draft) return;
    const failure = classifyFailure(error);
    const now = this.deps.clock.now();
    const attempts = draft.attempts + 1;
    switch (failure.kind) {
      case 'retry':
        this.wait(id, failure.offline ? 'Offline: will continue when the connection is back' : `Retrying: ${failure.message}`, now + backoffDelay(attempts, failure.retryAfterMs, failure.offline ? { baseMs: 1000, maxMs: 15_000 } : undefined, this.deps.random), attempts);
        return;
      case 'rate_limited':
        // The platform's window is full whatever our count said: no sibling should try before it frees.
        this.scheduler.budget(draft.openId).init.saturate(now, failure.retryAfterMs);
        this.wait(id, 'Rate limit: the platform asked to slow down', now + backoffDelay(attempts, failure.retryAfterMs, undefined, this.deps.random), attempts);
        return;
      case 'inbox_full':
        this.wait(id, 'Inbox full: the platform refused more drafts waiting in this inbox; post or delete one there and this continues by itself', now + INBOX_FULL_WAIT_MS, attempts, INBOX_WAIT);
        return;
      case 'auth':
        // Waits for the person to sign in again; accountsChanged() wakes it sooner.
        this.wait(id, failure.message, now + 60_000, attempts, AUTH_WAIT);
        return;
      case 'fatal':
        // A code the fail table knows gets its words (what to do instead); another keeps the platform's message.
        this.fail(id, failure.code, isKnownFailCode(failure.code) ? undefined : failure.message);
        return;
    }
  }

  // ------------------------------------------------------------------ helpers

  /** When each draft waiting for inbox space will most likely go; worked out again only after the queue changed. */
  private expectedStarts(): ReadonlyMap<string, number> {
    const now = this.deps.clock.now();
    // Shares also stop holding a place with time (an unfinished upload's link runs out): redo it at least once a minute.
    if (this.forecast?.version !== this.queue.version || now - this.forecast.at > 60_000) {
      const limit = (this.deps.limits?.() ?? PLATFORM_LIMITS).pendingSharesPerDay;
      this.forecast = { version: this.queue.version, at: now, starts: forecastInbox(this.queue.all(), now, limit, (draft) => this.kindOf(draft).needsPublish(draft, now)) };
    }
    return this.forecast.starts;
  }

  /** Refuses at once what the draft's state does not allow (before anything is stopped). */
  private ensure(id: string, event: DraftEvent): DraftRecord {
    const check = this.queue.check(id, event);
    if (!check.ok) throw AppError.from(check.error);
    return this.queue.require(id);
  }

  private kindOf(draft: DraftRecord): MediaKind {
    return this.kinds[draft.kind];
  }

  /**
   * Stops a draft's worker mid-request. The caller has already recorded what happens next
   * (paused, cancelled, removed, or nothing on shutdown); the worker sees the abort and writes nothing.
   */
  private interrupt(id: string): void {
    this.active.get(id)?.controller.abort();
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

  private wait(id: string, reason: string, until: number, attempts: number, code: string | null = null): void {
    this.queue.apply(id, { type: 'wait', reason, until, code, attempts });
  }

  private fail(id: string, code: string, reason?: string): void {
    this.queue.apply(id, { type: 'fail', code, reason });
  }

  private progress(id: string, activity: Activity, bytes: number): void {
    activity.sent = { publishId: this.queue.get(id)?.publishId ?? null, bytes };
    if (activity.speed.sample(bytes)) this.queue.retell(id);
  }

  /** What a draft holds (our copies of files, hosted photos) goes once it has left processing or is removed; its kind knows what. */
  private async releaseFile(draft: DraftRecord, why: 'done' | 'failed' | 'removed'): Promise<void> {
    await this.kindOf(draft).release(draft, why, (event) => {
      if (this.queue.get(draft.id)) this.queue.apply(draft.id, event);
    });
  }
}
