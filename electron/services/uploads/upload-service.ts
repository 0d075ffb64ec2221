/**
 * The publishing engine's façade: the one object the app, the channels and watch folders use. It
 * wires intake (intake.ts: new drafts), the queue (queue.ts, transitions.ts), the scheduler and
 * its loop (scheduler.ts, draft-workers.ts), one run per draft (draft-runner.ts: open a publish
 * through the draft's media kind, deliver, sort failures), the row and bulk actions
 * (draft-actions.ts), the inbox forecast (inbox-waits.ts) and the row view (draft-view.ts).
 * Each draft goes queued → uploading (open a publish, deliver its media) → processing (status
 * reads) → inbox | posted | failed; every step is journaled before the next one starts, so a
 * kill -9 resumes each draft where it was (docs/ARCHITECTURE.md "The journal").
 */
import { basename } from 'node:path';
import type { Clock } from '../../../common/clock.js';
import type { Logger } from '../../../common/log.js';
import type { BulkAction, BulkOutcome, DraftsFirstPage, DraftView, EarlierDraft, InboxPlaces, MoveTarget, VideoFixMode, Words } from '../../core/contract/index.js';
import type { EventSink } from '../../core/events.js';
import type { AppError } from '../../core/result.js';
import { refusal } from '../main-words.js';
import { putChunk } from '../../../platform-api/chunk-put.js';
import type { PublishApi } from '../../../platform-api/publish.js';
import type { DraftChanged } from './batch-notices.js';
import type { ChunkTransport } from './chunk-transfer.js';
import { contentFingerprint } from './content-fingerprint.js';
import { DraftActions } from './draft-actions.js';
import { liveFigures } from './draft-view.js';
import { DraftWorkers } from './draft-workers.js';
import { firstPage } from './first-page.js';
import type { DraftRecord, DraftState, PhotoPost } from './draft.js';
import { DeliveredContent, earlierDrafts, indexQueue } from './duplicates.js';
import { placeHolders } from './inbox-places.js';
import { InboxWaits } from './inbox-waits.js';
import { checkFiles, linkCopies, photoDrafts, urlDraft, videoDrafts, type DuplicatePolicy, type NewDraftFile } from './intake.js';
import type { MediaKind, MediaKinds } from './media-kind.js';
import type { TokenSource } from './ports.js';
import { DraftQueue } from './queue.js';
import { QueueSaves } from './queue-saves.js';
import { PLATFORM_LIMITS, Scheduler, type UploadLimits } from './scheduler.js';
import { ThumbnailCache } from './thumbnail-cache.js';
import { plainUrls, type UrlSeal } from './upload-url-seal.js';
import { videoKind } from './video-kind.js';
import type { VideoFixPort } from './video-fix-step.js';
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
  /** The first wait after a transient failure (doubling, jittered; draft-runner.ts DEFAULT_RETRY_MS by default). */
  retryBaseMs?: number;
  /** How chunks reach the upload host (tests inject one); platform-api/chunk-put.ts by default. */
  chunks?: ChunkTransport;
  /** Seals upload URLs in the journal (journalUrlSeal); plain by default. */
  urlSeal?: UrlSeal;
  /** Photo posts (services/photos/photo-kind.ts); without it a photo draft fails saying so. */
  photoKind?: MediaKind;
  /** Told of every journaled change of a draft (batch-notices.ts). */
  draftChanged?: DraftChanged;
  /** Fixes videos the platform would refuse (services/video-fix/); without it every video is sent as it is. */
  fixer?: VideoFixPort & { prune(kept: ReadonlySet<string>): Promise<void> };
  /** The setting's default for a video the app can fix (settings `videos.fix`); `auto` by default. */
  fixMode?: () => VideoFixMode;
  /** Shows or takes away the notice that the queue cannot be saved (app-notices.ts `cannot_save`). */
  cannotSave?: (title: Words | null) => void;
  /** A full disk as disk-space.ts says it (its own notice), or null for another failure. */
  diskFull?: (error: unknown) => AppError | null;
}

export type { DuplicatePolicy, NewDraftFile };

/** One file's earlier drafts for one account, as drafts.duplicates answers them. */
export interface DuplicateFinding {
  fileIndex: number;
  openId: string;
  earlier: EarlierDraft[];
}

export class UploadService {
  private readonly queue: DraftQueue;
  private readonly delivered: DeliveredContent;
  private readonly thumbnails: ThumbnailCache;
  private readonly workers: DraftWorkers;
  private readonly actions: DraftActions;
  private readonly limits: () => UploadLimits;
  private readonly saves: QueueSaves;

  constructor(private readonly deps: UploadServiceDeps) {
    const limits = () => deps.limits?.() ?? PLATFORM_LIMITS;
    this.limits = limits;
    // The media kinds: a new kind is registered here (docs/ARCHITECTURE.md "Adding a media kind").
    const kinds: MediaKinds = { video: videoKind(deps.publish, deps.log, deps.preferredChunkBytes, deps.fixer), video_url: videoUrlKind(deps.publish), photo: deps.photoKind ?? unavailableKind };
    const kindOf = (draft: DraftRecord): MediaKind => kinds[draft.kind];
    const thumbnails = new ThumbnailCache(deps.dataDir, deps.log);
    // The row view reads the workers and the forecast, which need the queue: they are reached
    // lazily (the queue asks for a view only once a draft changes, after construction).
    const saves = new QueueSaves({ folder: deps.dataDir, notice: deps.cannotSave ?? (() => undefined), diskFull: deps.diskFull, saveAll: () => queue.saveAll(), resumed: () => workers.pump(), log: deps.log, random: deps.random });
    const queue: DraftQueue = new DraftQueue(
      deps.dataDir,
      deps.urlSeal ?? plainUrls,
      deps.hub,
      liveFigures({
        activity: (id) => workers.activity(id),
        hasThumbnail: (draft) => draft.kind !== 'video_url' && thumbnails.has(addedFingerprint(draft)),
        expectedStart: (id) => inboxWaits.expectedStarts().get(id) ?? null,
      }),
      deps.draftChanged,
      saves,
    );
    const inboxWaits = new InboxWaits({ clock: deps.clock, queue, pendingSharesPerDay: () => limits().pendingSharesPerDay, needsPublish: (draft, now) => kindOf(draft).needsPublish(draft, now) });
    const workers: DraftWorkers = new DraftWorkers({
      clock: deps.clock,
      log: deps.log,
      queue,
      scheduler: new Scheduler(limits),
      tokens: deps.tokens,
      publish: deps.publish,
      chunks: deps.chunks ?? { put: putChunk },
      kindOf,
      concurrency: deps.concurrency,
      inboxWaits,
      pollIntervalMs: deps.pollIntervalMs,
      random: deps.random,
      retryBaseMs: deps.retryBaseMs,
      paused: () => saves.paused,
    });
    this.saves = saves;
    this.queue = queue;
    this.thumbnails = thumbnails;
    this.workers = workers;
    this.delivered = new DeliveredContent(deps.dataDir, saves);
    this.actions = new DraftActions(queue, this.delivered, workers);
  }

  /** Picks up where the last run stopped (drafts mid-upload continue from their next chunk). */
  start(): void {
    this.workers.track(this.thumbnails.prune(this.queue.all().map(addedFingerprint)));
    // Fixed videos no draft holds any more (a stop during a fix leaves its .part).
    const fixed = new Set(this.queue.all().flatMap((draft) => (draft.fix?.fixedPath ? [draft.fix.fixedPath] : [])));
    if (this.deps.fixer) this.workers.track(this.deps.fixer.prune(fixed));
    this.workers.pump();
  }

  /** A draft's cached thumbnail, as a data URL. */
  async thumbnail(id: string): Promise<string | null> {
    const draft = this.queue.require(id);
    return draft.kind === 'video_url' ? null : this.thumbnails.dataUrl(addedFingerprint(draft));
  }

  /** Stops every worker and poll and waits for them, so nothing touches the journal or the platform after. */
  async close(): Promise<void> {
    this.saves.close();
    await this.workers.close();
    this.queue.close();
    this.delivered.compact();
  }

  /** Files the queue owns (copies of dropped files) that a draft still needs: failed and cancelled ones' too, for a retry. */
  ownedFiles(): Set<string> {
    const done: ReadonlySet<DraftState> = new Set(['inbox', 'posted']);
    return new Set(this.queue.all().filter((d) => d.ownsFile && !done.has(d.state)).map((d) => d.fix?.source.filePath ?? d.filePath));
  }

  /** The prepared photos the queue's photo posts hold (a retry needs a failed or cancelled one's too). */
  photoFiles(): Set<string> {
    return new Set(this.queue.all().flatMap((draft) => (draft.photo?.images ?? []).flatMap((image) => (image.path ? [image.path] : []))));
  }

  list(): DraftView[] {
    return this.queue.views();
  }

  /** The Queue's first screen and the whole queue's counts (first-page.ts). */
  firstPage(size: number): DraftsFirstPage {
    return firstPage(this.queue.all(), size, (draft) => this.queue.view(draft));
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
    const fixMode = this.deps.fixer ? (this.deps.fixMode?.() ?? 'auto') : 'never';
    const added = videoDrafts(accounts, checked, { duplicates, index: indexQueue(this.queue.all()), delivered: this.delivered, now: this.deps.clock.now(), fixMode });
    await linkCopies(added);
    for (const draft of added) this.queue.add(draft);
    this.workers.pump();
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
      if (!contentKey) throw refusal('file_missing', 'file.unreadable', { name: basename(path) });
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

  /**
   * Photo posts, each for one account: drafts of the photo kind, in the same queue as videos. One
   * call is one action: its drafts share a batch (the person hears about them once). `cover`, a
   * small JPEG of the post's cover, is the row's picture (kept in the thumbnail cache, as a video's frame).
   */
  async addPhotoPosts(posts: readonly { openId: string; post: PhotoPost; cover: string | null }[]): Promise<DraftView[]> {
    const added = photoDrafts(posts, this.deps.clock.now());
    // Covers stored first: the update queue.add sends says the row has its picture (it may reach the window after the reply).
    for (const [index, draft] of added.entries()) {
      const cover = posts[index]!.cover;
      if (cover) await this.thumbnails.put(addedFingerprint(draft), cover);
    }
    for (const draft of added) this.queue.add(draft);
    this.workers.pump();
    return added.map((draft) => this.queue.view(draft));
  }

  // ------------------------------------------------------------------ row and bulk actions (draft-actions.ts)

  pause(id: string): DraftView {
    return this.actions.pause(id);
  }

  resume(id: string): DraftView {
    return this.actions.resume(id);
  }

  /** Cancels a draft, unless the platform already has all of it (then it goes on to the inbox). */
  cancel(id: string): Promise<DraftView> {
    return this.actions.cancel(id);
  }

  retry(id: string): DraftView {
    return this.actions.retry(id);
  }

  remove(id: string): Promise<void> {
    return this.actions.remove(id);
  }

  reorder(ids: string[]): DraftView[] {
    return this.actions.reorder(ids);
  }

  bulk(ids: readonly string[], action: BulkAction): Promise<BulkOutcome> {
    return this.actions.bulk(ids, action);
  }

  move(ids: readonly string[], openId: string): Promise<BulkOutcome> {
    return this.actions.move(ids, openId);
  }

  clearFinished(openId?: string): string[] {
    return this.actions.clearFinished(openId);
  }

  /** A video's fix, chosen in its row: fix it, or send it as it is (before its upload has begun). */
  chooseFix(id: string, choice: 'fix' | 'as_is'): DraftView {
    const draft = this.queue.apply(id, { type: 'fixChosen', choice });
    this.workers.pump();
    return this.queue.view(draft);
  }

  /** The account's inbox places and the drafts holding them now (a cancelled upload the platform still counts included). */
  inboxPlaces(openId: string): InboxPlaces {
    const now = this.deps.clock.now();
    const held = placeHolders(this.queue.all(), openId, now).map(({ draft, until }) => ({ draftId: draft.id, fileName: draft.fileName, state: draft.state, until }));
    return { places: this.limits().pendingSharesPerDay, held };
  }

  /** Per account, whether it could take these drafts now: a free inbox place, and none of their content already there. */
  moveTargets(ids: readonly string[], openIds: readonly string[]): MoveTarget[] {
    const now = this.deps.clock.now();
    const drafts = this.queue.all();
    const places = this.limits().pendingSharesPerDay;
    return openIds.map((openId) => ({ openId, full: placeHolders(drafts, openId, now).length >= places, duplicates: this.actions.duplicatesFor(ids, openId) }));
  }

  setConcurrencyChanged(): void {
    this.workers.pump();
  }

  accountsChanged(usable: ReadonlySet<string>): void {
    this.actions.accountsChanged(usable);
  }

  accountRemoved(openId: string): void {
    this.actions.accountRemoved(openId);
  }

  private queued(draft: DraftRecord): DraftView {
    this.queue.add(draft);
    this.workers.pump();
    return this.queue.view(draft);
  }
}

/** The fingerprint of the file as added (the thumbnail's key): a fixed video's record carries the fixed file's. */
function addedFingerprint(draft: DraftRecord): DraftRecord['fingerprint'] {
  return draft.fix?.source.fingerprint ?? draft.fingerprint;
}
