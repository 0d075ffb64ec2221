/**
 * What the person does to drafts, one row at a time or many at once (docs/ARCHITECTURE.md
 * "Several accounts, bulk actions, waiting drafts"): pause, resume, cancel, retry, remove,
 * reorder, move to another account, clear the finished ones; and what an account signing in again
 * or being removed does to its drafts. Each change is a transition of the queue; the workers are
 * stopped first where a run is under way, and asked to plan again after.
 */
import { asText, type BulkAction, type BulkOutcome, type DraftView } from '../../core/contract/index.js';
import { AppError } from '../../core/result.js';
import { refusal } from '../main-words.js';
import type { DraftWorkers } from './draft-workers.js';
import { FINAL, type DraftRecord } from './draft.js';
import { earlierDrafts, indexQueue, type DeliveredContent } from './duplicates.js';
import type { DraftQueue } from './queue.js';
import { AUTH_WAIT, isDelivered, type DraftEvent } from './transitions.js';

export class DraftActions {
  constructor(
    private readonly queue: DraftQueue,
    private readonly delivered: DeliveredContent,
    private readonly workers: DraftWorkers,
  ) {}

  pause(id: string): DraftView {
    this.ensure(id, { type: 'pause' });
    this.workers.interrupt(id);
    return this.queue.view(this.queue.apply(id, { type: 'pause' }));
  }

  resume(id: string): DraftView {
    const next = this.queue.apply(id, { type: 'resume' });
    this.workers.pump();
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
    return this.workers.stopAndDecide(id, async (run) => {
      const draft = this.queue.require(id);
      if (!FINAL.has(draft.state) && (isDelivered(draft) || (run?.lastChunkSent && (await this.platformHasAll(draft))))) {
        this.queue.apply(id, { type: 'hostHas', nextChunk: draft.totalChunkCount!, uploadedBytes: draft.size });
        this.queue.apply(id, { type: 'delivered' });
      }
      const cancelled = this.queue.apply(id, { type: 'cancel' });
      // Its hosted photos go now (a retry hosts them again); our copies stay for that retry.
      void this.workers.releaseFile(cancelled, 'cancelled');
      return this.queue.view(cancelled);
    });
  }

  retry(id: string): DraftView {
    const next = this.queue.apply(id, { type: 'retry' });
    this.workers.pump();
    return this.queue.view(next);
  }

  async remove(id: string): Promise<void> {
    const draft = this.queue.require(id);
    const run = this.workers.activity(id);
    this.workers.interrupt(id);
    // Remembered before it goes: a crash in between leaves it known twice, never forgotten.
    this.delivered.remember(draft);
    this.queue.remove(id);
    this.workers.pump();
    // A photo its run was hosting may reach the host as the run stops: freed once the run has ended.
    await run?.settled;
    await this.workers.releaseFile(draft, 'removed');
  }

  reorder(ids: string[]): DraftView[] {
    const views = this.queue.reorder(ids);
    this.workers.pump();
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
      if (earlier && draft.openId !== openId) throw refusal('duplicate_content', 'file.duplicate_on_account', { earlier: earlier.fileName });
      const moved = this.queue.apply(id, { type: 'move', openId });
      // A second draft with the same content in this move is a duplicate of this one.
      if (moved.contentKey) index.set(`${openId} ${moved.contentKey}`, [...(index.get(`${openId} ${moved.contentKey}`) ?? []), moved]);
      outcome.changed.push(this.queue.view(moved));
      return Promise.resolve();
    });
  }

  /** How many of these drafts have content the account already has (queued or delivered): a move there would refuse them. */
  duplicatesFor(ids: readonly string[], openId: string): number {
    const index = indexQueue(this.queue.all());
    return ids.filter((id) => {
      const draft = this.queue.get(id);
      return draft !== undefined && draft.openId !== openId && draft.contentKey !== null && earlierDrafts(openId, draft.contentKey, index, this.delivered).length > 0;
    }).length;
  }

  /** Removes the drafts that are done (in the inbox or posted), of one account or all; their content stays known (duplicates.ts). */
  clearFinished(openId?: string): string[] {
    const done = this.queue.all().filter((draft) => (draft.state === 'inbox' || draft.state === 'posted') && (openId === undefined || draft.openId === openId));
    for (const draft of done) this.delivered.remember(draft);
    const ids = done.map((draft) => draft.id);
    // Their files were released when they reached the inbox: only the records go.
    this.queue.removeMany(ids);
    this.workers.pump();
    return ids;
  }

  /** An account signed in again (or changed): its drafts waiting for that go now. */
  accountsChanged(usable: ReadonlySet<string>): void {
    for (const draft of this.queue.all()) {
      if (draft.state === 'waiting' && draft.failCode === AUTH_WAIT && usable.has(draft.openId)) this.queue.apply(draft.id, { type: 'signedInAgain' });
    }
    this.workers.pump();
  }

  /** The person removed an account: its unfinished drafts can never be delivered. */
  accountRemoved(openId: string): void {
    for (const draft of this.queue.all()) {
      if (draft.openId !== openId || FINAL.has(draft.state)) continue;
      const running = this.workers.activity(draft.id) !== undefined;
      this.workers.interrupt(draft.id);
      const failed = this.queue.apply(draft.id, { type: 'fail', code: 'account_removed' });
      // A run under way frees it as it ends (draft-workers.ts); the others now.
      if (!running) void this.workers.releaseFile(failed, 'failed');
    }
  }

  /** One status read: whether the platform has every byte of the draft's publish. */
  private async platformHasAll(draft: DraftRecord): Promise<boolean> {
    if (!draft.publishId) return false;
    const result = await this.workers.pollerContext().fetchStatus(draft).catch(() => null);
    if (!result?.ok) return false;
    return result.value.status !== 'PROCESSING_UPLOAD' || (result.value.uploadedBytes ?? 0) >= draft.size;
  }

  /** Each draft in turn, once; an AppError refuses that draft only (listed with why), anything else ends the call. */
  private inBatch(ids: readonly string[], each: (id: string, outcome: BulkOutcome) => Promise<void>): Promise<BulkOutcome> {
    const outcome: BulkOutcome = { changed: [], removed: [], refused: [] };
    return this.workers.batch(async () => {
      for (const id of new Set(ids)) {
        try {
          await each(id, outcome);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcome.refused.push({ id, fileName: this.queue.get(id)?.fileName ?? '', code: error.code, message: error.message, words: error.words ?? asText(error.message) });
        }
      }
      return outcome;
    });
  }

  /** Refuses at once what the draft's state does not allow (before anything is stopped). */
  private ensure(id: string, event: DraftEvent): DraftRecord {
    const check = this.queue.check(id, event);
    if (!check.ok) throw AppError.from(check.error);
    return this.queue.require(id);
  }
}
