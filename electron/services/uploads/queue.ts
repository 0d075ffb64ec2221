/**
 * The drafts queue: the journal's records (crash-safe, in the person's order) changed only by
 * events through the pure transitions of transitions.ts, and every change told to the windows.
 * A transition is journaled before anything else happens (docs/ARCHITECTURE.md "The journal").
 */
import { join } from 'node:path';
import type { EventSink } from '../../core/events.js';
import { AppError, IpcErrorCode } from '../../core/result.js';
import type { DraftView, VideoFixView } from '../../core/contract/index.js';
import type { DraftRecord } from './draft.js';
import { failRule } from './fail-codes.js';
import { Journal } from './journal.js';
import { openRunMarker, type RunMarker } from './clean-stop.js';
import type { DraftChanged } from './batch-notices.js';
import { draftJournalCodec, type UrlSeal } from './upload-url-seal.js';
import { changesForecast } from './inbox-forecast.js';
import { refusal } from '../main-words.js';
import { photoPostView } from './draft-view.js';
import { transition, type DraftEvent, type Transition } from './transitions.js';

/** How the queue's writes are made (queue-saves.ts: one that fails pauses the drafts); as they are by default. */
export interface QueueWrites {
  write<T>(change: () => T): T;
}
const DIRECT: QueueWrites = { write: (change) => change() };

/** What the engine knows of a draft beyond its record: speed, time left and bytes on the wire while it uploads; whether it has a thumbnail; when a draft waiting for inbox space will most likely go. */
export type LiveFigures = (draft: DraftRecord) => { speedBps: number | null; etaSeconds: number | null; sentBytes: number; hasThumbnail: boolean; expectedAt: number | null; fix: VideoFixView | null };

/** States in which a draft was being worked on: a crash interrupted it, and this run carries it on. */
const UNDER_WAY: ReadonlySet<DraftRecord['state']> = new Set(['uploading', 'processing']);

/**
 * A draft's view: the contract's fields, from its record and live figures, and nothing of the
 * record beyond them (a publish's upload URL, the file's path stay here). Written out, not parsed:
 * the contract is checked where a view leaves, by the event hub and the dispatcher; parsing it
 * here too made drafts.list of 10,000 drafts, the longest wait of the Queue's first paint, cost
 * the main process half again as much (queue-render benchmark).
 */
function draftView(draft: DraftRecord, live: ReturnType<LiveFigures>, retryable: boolean): DraftView {
  return {
    id: draft.id,
    kind: draft.kind,
    openId: draft.openId,
    fileName: draft.fileName,
    mimeType: draft.mimeType,
    size: draft.size,
    durationMs: draft.durationMs,
    addedAt: draft.addedAt,
    state: draft.state,
    reason: draft.reason,
    failCode: draft.failCode,
    retryable,
    publishId: draft.publishId,
    uploadedBytes: draft.uploadedBytes,
    sentBytes: live.sentBytes,
    downloadedBytes: draft.downloadedBytes,
    sourceUrl: draft.sourceUrl,
    hasThumbnail: live.hasThumbnail,
    platformStatus: draft.platformStatus,
    totalChunkCount: draft.totalChunkCount,
    nextChunk: draft.nextChunk,
    speedBps: live.speedBps,
    etaSeconds: live.etaSeconds,
    photo: draft.photo ? photoPostView(draft.photo) : null,
    expectedAt: live.expectedAt,
    resumedAfterCrash: draft.resumedAfterCrash,
    video: draft.video,
    fix: live.fix,
  };
}

export class DraftQueue {
  private readonly journal: Journal<DraftRecord>;
  /** Grows with every change that can move an inbox forecast (inbox-forecast.ts): a draft added, removed, reordered, or changing line; not with progress. */
  version = 0;
  private readonly marker: RunMarker;

  constructor(
    dataDir: string,
    urlSeal: UrlSeal,
    private readonly events: EventSink,
    private readonly live: LiveFigures,
    /** Told of every journaled change, after it is journaled (batch-notices.ts). */
    private readonly changed?: DraftChanged,
    private readonly writes: QueueWrites = DIRECT,
  ) {
    const file = join(dataDir, 'drafts.json');
    this.journal = new Journal({ file, ...draftJournalCodec(urlSeal) });
    this.marker = openRunMarker(file);
    if (!this.marker.previousEndedCleanly) {
      for (const draft of this.journal.all()) if (UNDER_WAY.has(draft.state)) this.journal.put({ ...draft, resumedAfterCrash: true });
    }
  }

  all(): DraftRecord[] {
    return this.journal.all();
  }

  get(id: string): DraftRecord | undefined {
    return this.journal.get(id);
  }

  require(id: string): DraftRecord {
    const draft = this.journal.get(id);
    if (!draft) throw refusal('no_such_draft', 'draft.gone');
    return draft;
  }

  /** Whether the event would be accepted now, without recording it. */
  check(id: string, event: DraftEvent): Transition {
    return transition(this.require(id), event);
  }

  /** Applies an event and journals the result; a refusal is thrown as the service's error. */
  apply(id: string, event: DraftEvent): DraftRecord {
    const next = this.check(id, event);
    if (!next.ok) throw AppError.from(next.error);
    return this.put(next.value);
  }

  add(draft: DraftRecord): DraftRecord {
    return this.put(draft);
  }

  remove(id: string): void {
    this.removeMany([id]);
  }

  /** Removes many drafts, told to the windows as one event. */
  removeMany(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.writes.write(() => {
      for (const id of ids) this.journal.remove(id);
    });
    this.version++;
    this.events.emit('drafts.removed', { ids: [...ids] });
  }

  reorder(ids: string[]): DraftView[] {
    // Refused, not journaled: an id named twice or not in the queue is a caller's mistake.
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) throw new AppError(IpcErrorCode.invalidInput, `ids names draft ${id} more than once`);
      if (!this.journal.get(id)) throw refusal('no_such_draft', 'draft.gone');
      seen.add(id);
    }
    this.writes.write(() => this.journal.reorder(ids));
    this.version++;
    const views = this.views();
    this.events.emit('drafts.reset', views);
    return views;
  }

  views(): DraftView[] {
    return this.all().map((draft) => this.view(draft));
  }

  view(draft: DraftRecord): DraftView {
    const retryable = draft.state === 'cancelled' || (draft.state === 'failed' && (draft.failCode === null || failRule(draft.failCode).retryHelps));
    return draftView(draft, this.live(draft), retryable);
  }

  /**
   * Tells the windows a draft's view again without journaling it: progress between journaled
   * chunks (the live figures carry the bytes sent; coalesced per draft), or a figure worked out
   * from the whole queue that moved (the inbox forecast).
   */
  retell(id: string): void {
    const draft = this.journal.get(id);
    if (draft) this.events.emit('drafts.updated', this.view(draft), id);
  }

  /** Writes the whole queue afresh (a snapshot from memory): after writes failed, nothing acknowledged is missing from the files. */
  saveAll(): void {
    this.journal.compact();
  }

  /** The last write of a clean stop: folds the journal and tells the next start this run ended well. */
  close(): void {
    this.journal.compact();
    this.marker.markCleanStop();
  }

  private put(draft: DraftRecord): DraftRecord {
    const previous = this.journal.get(draft.id);
    if (changesForecast(previous, draft)) this.version++;
    this.writes.write(() => this.journal.put(draft));
    this.events.emit('drafts.updated', this.view(draft), draft.id);
    this.changed?.(previous, draft, () => this.journal.all());
    return draft;
  }
}
