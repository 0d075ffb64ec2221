/**
 * The duplicate rule (docs/ARCHITECTURE.md "Duplicates"): a file whose content (its content key,
 * content-fingerprint.ts) is already queued or was delivered to the same account is not queued
 * again unless the person says so. "Queued" is any draft in the queue that has not failed or been
 * cancelled; "delivered" includes drafts that reached the inbox and have since left the queue,
 * which this ledger remembers (journaled beside the queue, so the rule holds across restarts).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { DRAFT_STATES, type EarlierDraft } from '../../core/contract/index.js';
import type { DraftRecord } from './draft.js';
import { Journal } from './journal.js';
import type { QueueWrites } from './queue.js';

/** States in which a draft counts as already sent (or on its way) for the duplicate rule. */
const COUNTS: ReadonlySet<string> = new Set(['queued', 'waiting', 'uploading', 'processing', 'inbox', 'posted', 'paused']);

const DeliveredRecord = z.object({
  /** `${openId} ${contentKey}`: one entry per content and account. */
  id: z.string(),
  openId: z.string(),
  contentKey: z.string(),
  fileName: z.string(),
  state: z.enum(DRAFT_STATES),
  addedAt: z.number(),
});
type DeliveredRecord = z.infer<typeof DeliveredRecord>;

export class DeliveredContent {
  private readonly journal: Journal<DeliveredRecord>;

  /** `writes`: the queue's own (queue-saves.ts): this file is written beside it, in the same folder, and a write that fails pauses and is refused the same way. */
  constructor(
    dataDir: string,
    private readonly writes: QueueWrites,
  ) {
    this.journal = new Journal({ file: join(dataDir, 'delivered-content.json'), parse: (raw) => DeliveredRecord.safeParse(raw).data ?? null });
  }

  /** A delivered draft leaving the queue: its content stays known for its account. */
  remember(draft: DraftRecord): void {
    if (!draft.contentKey || (draft.state !== 'inbox' && draft.state !== 'posted')) return;
    const record = { id: `${draft.openId} ${draft.contentKey}`, openId: draft.openId, contentKey: draft.contentKey, fileName: draft.fileName, state: draft.state, addedAt: draft.addedAt };
    this.writes.write(() => this.journal.put(record));
  }

  find(openId: string, contentKey: string): EarlierDraft | null {
    const record = this.journal.get(`${openId} ${contentKey}`);
    return record ? { draftId: null, openId, fileName: record.fileName, state: record.state, addedAt: record.addedAt } : null;
  }

  compact(): void {
    this.journal.compact();
  }
}

/** Drafts in the queue by account and content key, for many lookups against one snapshot of the queue. */
export type QueueIndex = ReadonlyMap<string, DraftRecord[]>;

export function indexQueue(drafts: readonly DraftRecord[]): Map<string, DraftRecord[]> {
  const index = new Map<string, DraftRecord[]>();
  for (const draft of drafts) {
    if (!draft.contentKey || !COUNTS.has(draft.state)) continue;
    const key = `${draft.openId} ${draft.contentKey}`;
    const list = index.get(key);
    if (list) list.push(draft);
    else index.set(key, [draft]);
  }
  return index;
}

/** The earlier drafts with this content for this account: those in the queue first, then the delivered one that left it. */
export function earlierDrafts(openId: string, contentKey: string, queue: QueueIndex, delivered: DeliveredContent): EarlierDraft[] {
  const inQueue = (queue.get(`${openId} ${contentKey}`) ?? []).map((draft): EarlierDraft => ({ draftId: draft.id, openId, fileName: draft.fileName, state: draft.state, addedAt: draft.addedAt }));
  const gone = delivered.find(openId, contentKey);
  return gone ? [...inQueue, gone] : inQueue;
}
