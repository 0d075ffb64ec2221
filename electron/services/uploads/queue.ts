/**
 * The drafts queue: the journal's records (crash-safe, in the person's order) changed only by
 * events through the pure transitions of transitions.ts, and every change told to the windows.
 * A transition is journaled before anything else happens (docs/ARCHITECTURE.md "The journal").
 */
import { join } from 'node:path';
import type { EventSink } from '../../core/events.js';
import { AppError, IpcErrorCode } from '../../core/result.js';
import { DraftView } from '../../core/contract/index.js';
import type { DraftRecord } from './draft.js';
import { failRule } from './fail-codes.js';
import { Journal } from './journal.js';
import { draftJournalCodec, type UrlSeal } from './upload-url-seal.js';
import { transition, type DraftEvent, type Transition } from './transitions.js';

/** What the engine knows of a draft beyond its record: speed, time left and bytes on the wire while it uploads; whether it has a thumbnail. */
export type LiveFigures = (draft: DraftRecord) => { speedBps: number | null; etaSeconds: number | null; sentBytes: number; hasThumbnail: boolean };

export class DraftQueue {
  private readonly journal: Journal<DraftRecord>;

  constructor(
    dataDir: string,
    urlSeal: UrlSeal,
    private readonly events: EventSink,
    private readonly live: LiveFigures,
  ) {
    this.journal = new Journal({ file: join(dataDir, 'drafts.json'), ...draftJournalCodec(urlSeal) });
  }

  all(): DraftRecord[] {
    return this.journal.all();
  }

  get(id: string): DraftRecord | undefined {
    return this.journal.get(id);
  }

  require(id: string): DraftRecord {
    const draft = this.journal.get(id);
    if (!draft) throw new AppError('no_such_draft', 'That draft is no longer in the queue');
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
    this.journal.remove(id);
    this.events.emit('drafts.removed', { ids: [id] });
  }

  reorder(ids: string[]): DraftView[] {
    // Refused, not journaled: an id named twice or not in the queue is a caller's mistake.
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) throw new AppError(IpcErrorCode.invalidInput, `ids names draft ${id} more than once`);
      if (!this.journal.get(id)) throw new AppError('no_such_draft', `Draft ${id} is not in the queue`);
      seen.add(id);
    }
    this.journal.reorder(ids);
    const views = this.views();
    this.events.emit('drafts.reset', views);
    return views;
  }

  views(): DraftView[] {
    return this.all().map((draft) => this.view(draft));
  }

  view(draft: DraftRecord): DraftView {
    const retryable = draft.state === 'cancelled' || (draft.state === 'failed' && (draft.failCode === null || failRule(draft.failCode).retryHelps));
    return DraftView.parse({ ...draft, ...this.live(draft), retryable });
  }

  /** Progress between journaled chunks (the live figures carry the bytes sent): told to the windows, not journaled (coalesced per draft). */
  progress(id: string): void {
    const draft = this.journal.get(id);
    if (draft) this.events.emit('drafts.updated', this.view(draft), id);
  }

  compact(): void {
    this.journal.compact();
  }

  private put(draft: DraftRecord): DraftRecord {
    this.journal.put(draft);
    this.events.emit('drafts.updated', this.view(draft), draft.id);
    return draft;
  }
}
