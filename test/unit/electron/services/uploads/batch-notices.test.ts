/** One notice per batch (the drafts added in one action), when the batch stops moving. */
import { describe, expect, it } from 'vitest';
import { batchNotice, batchNotices } from '../../../../../electron/services/uploads/batch-notices.js';
import type { DraftRecord } from '../../../../../electron/services/uploads/draft.js';
import type { BatchNotice } from '../../../../../electron/core/contract/index.js';
import { draftRecord } from '../../../../support/draft-fixture.js';

/** A queue the watcher sees: changes go through `set`, which tells the watcher as DraftQueue does. */
function watchedQueue(drafts: DraftRecord[]) {
  const told: BatchNotice[] = [];
  const records = new Map(drafts.map((draft) => [draft.id, draft]));
  const changed = batchNotices((notice) => told.push(notice));
  return {
    told,
    set(id: string, overrides: Partial<DraftRecord>) {
      const previous = records.get(id)!;
      const next = { ...previous, ...overrides };
      records.set(id, next);
      changed(previous, next, () => [...records.values()]);
    },
  };
}

describe('batch notices', () => {
  it('tells once, when the last draft of a batch reaches the inbox, not at each draft', () => {
    const queue = watchedQueue([
      draftRecord({ id: 'a', batchId: 'b1', fileName: 'a.mp4', state: 'uploading' }),
      draftRecord({ id: 'b', batchId: 'b1', fileName: 'b.mp4', state: 'queued' }),
      draftRecord({ id: 'c', batchId: 'b2', fileName: 'other batch.mp4', state: 'queued' }),
    ]);
    queue.set('a', { state: 'processing' });
    queue.set('a', { state: 'inbox' });
    expect(queue.told).toEqual([]); // b is still queued
    queue.set('b', { state: 'uploading' });
    queue.set('b', { state: 'inbox' });
    expect(queue.told).toEqual([{ batchId: 'b1', title: '2 drafts reached the inbox', body: '2 in the inbox. Finish the post in the platform’s app.', draftIds: ['a', 'b'] }]);
    // The same state again (a status read repeating inbox) tells nothing more.
    queue.set('b', { state: 'inbox', platformStatus: 'SEND_TO_USER_INBOX' });
    expect(queue.told).toHaveLength(1);
  });

  it('names a failure with its reason, and a batch told about is not told again (a retry included)', () => {
    const queue = watchedQueue([
      draftRecord({ id: 'a', batchId: 'b1', fileName: 'a.mp4', state: 'inbox' }),
      draftRecord({ id: 'b', batchId: 'b1', fileName: 'broken.mp4', state: 'processing' }),
    ]);
    queue.set('b', { state: 'failed', reason: 'The platform could not read this file as a video.' });
    expect(queue.told).toEqual([{ batchId: 'b1', title: '1 of 2 drafts failed', body: '1 in the inbox. broken.mp4: The platform could not read this file as a video.', draftIds: ['a', 'b'] }]);
    queue.set('b', { state: 'queued', reason: null });
    queue.set('b', { state: 'inbox' });
    expect(queue.told).toHaveLength(1);
  });

  it('a single draft is named; drafts from before batches existed are each their own batch', () => {
    const queue = watchedQueue([draftRecord({ id: 'a', fileName: 'solo.mp4', state: 'processing' }), draftRecord({ id: 'b', fileName: 'other.mp4', state: 'queued' })]);
    queue.set('a', { state: 'failed', reason: 'The inbox is full' });
    expect(queue.told).toEqual([{ batchId: 'a', title: 'solo.mp4 failed', body: 'The inbox is full.', draftIds: ['a'] }]);
  });

  it('drafts waiting for the platform do not hold the news back; paused and cancelled ones are the person’s doing', () => {
    expect(
      batchNotice([
        draftRecord({ id: 'a', batchId: 'b', state: 'inbox' }),
        draftRecord({ id: 'b', batchId: 'b', state: 'waiting', reason: 'Waits for inbox space' }),
        draftRecord({ id: 'c', batchId: 'b', state: 'cancelled' }),
      ]),
    ).toEqual({ batchId: 'b', title: '1 draft reached the inbox', body: '1 in the inbox. 1 waiting: Waits for inbox space. Finish the post in the platform’s app.', draftIds: ['a', 'b', 'c'] });
    // Nothing reached an outcome: nothing to tell.
    expect(batchNotice([draftRecord({ id: 'a', batchId: 'b', state: 'cancelled' }), draftRecord({ id: 'b', batchId: 'b', state: 'paused' })])).toBeNull();
    // Still moving: not yet.
    expect(batchNotice([draftRecord({ id: 'a', batchId: 'b', state: 'inbox' }), draftRecord({ id: 'b', batchId: 'b', state: 'uploading' })])).toBeNull();
  });
});
