/** One notice per batch (the drafts added in one action), when the batch stops moving. */
import { describe, expect, it } from 'vitest';
import { batchNotice, batchNotices } from '../../../../../electron/services/uploads/batch-notices.js';
import type { DraftRecord } from '../../../../../electron/services/uploads/draft.js';
import { words, type BatchNotice } from '../../../../../electron/core/contract/index.js';
import { sayNotice, type MainLocale } from '../../../../../electron/services/main-words.js';
import { draftRecord } from '../../../../support/draft-fixture.js';

/** A notice as a system notification says it (the notice itself is codes and values). */
const said = (notice: BatchNotice | null, locale: MainLocale = 'en') => (notice ? { ...notice, ...sayNotice(notice, locale) } : null);

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
    expect(queue.told.map((notice) => said(notice))).toEqual([{ batchId: 'b1', title: '2 drafts reached the inbox', body: '2 in the inbox. Finish the post in the platform’s app.', draftIds: ['a', 'b'] }]);
    // The same state again (a status read repeating inbox) tells nothing more.
    queue.set('b', { state: 'inbox', platformStatus: 'SEND_TO_USER_INBOX' });
    expect(queue.told).toHaveLength(1);
  });

  it('names a failure with its reason, and a batch told about is not told again (a retry included)', () => {
    const queue = watchedQueue([
      draftRecord({ id: 'a', batchId: 'b1', fileName: 'a.mp4', state: 'inbox' }),
      draftRecord({ id: 'b', batchId: 'b1', fileName: 'broken.mp4', state: 'processing' }),
    ]);
    queue.set('b', { state: 'failed', reason: words('fail.file_format_check_failed') });
    expect(queue.told.map((notice) => said(notice))).toEqual([
      { batchId: 'b1', title: '1 of 2 drafts failed', body: '1 in the inbox. broken.mp4 failed. The platform could not read this file as a video: convert it to MP4 (H.264), MOV or WebM and add it again.', draftIds: ['a', 'b'] },
    ]);
    queue.set('b', { state: 'queued', reason: null });
    queue.set('b', { state: 'inbox' });
    expect(queue.told).toHaveLength(1);
  });

  it('a single draft is named; drafts from before batches existed are each their own batch', () => {
    const queue = watchedQueue([draftRecord({ id: 'a', fileName: 'solo.mp4', state: 'processing' }), draftRecord({ id: 'b', fileName: 'other.mp4', state: 'queued' })]);
    queue.set('a', { state: 'failed', reason: words('fail.file_empty') });
    expect(queue.told.map((notice) => said(notice))).toEqual([{ batchId: 'a', title: 'solo.mp4 failed', body: 'The file is empty: add the finished video.', draftIds: ['a'] }]);
  });

  it('drafts waiting for the platform do not hold the news back; paused and cancelled ones are the person’s doing', () => {
    const notice = batchNotice([
      draftRecord({ id: 'a', batchId: 'b', state: 'inbox' }),
      draftRecord({ id: 'b', batchId: 'b', state: 'waiting', reason: words('wait.inbox_full', { perDay: 5 }) }),
      draftRecord({ id: 'c', batchId: 'b', state: 'cancelled' }),
    ]);
    // Codes and values, not sentences: each language says them its own way.
    expect(notice?.title).toEqual(words('batch.arrived_many', { count: 1 }));
    expect(said(notice)).toEqual({
      batchId: 'b',
      title: '1 draft reached the inbox',
      body: '1 in the inbox. 1 waiting. Inbox full: the platform allows 5 drafts waiting in an inbox per day; it continues when one is posted. Finish the post in the platform’s app.',
      draftIds: ['a', 'b', 'c'],
    });
    expect(said(notice, 'ja')).toMatchObject({
      title: '1 件の下書きが受信箱に届きました',
      body: '受信箱に 1 件。1 件が待機中。受信箱がいっぱいです：1 つの受信箱で 1 日に待機できる下書きは 5 件までです。1 件投稿されると続行します。プラットフォームのアプリで投稿を仕上げてください。',
    });
    expect(said(notice, 'ar')?.title).toBe('وصلت مسودة واحدة إلى صندوق الوارد');
    expect(said(notice, 'es')?.title).toBe('1 borrador llegó a la bandeja de entrada');
    // Nothing reached an outcome: nothing to tell.
    expect(batchNotice([draftRecord({ id: 'a', batchId: 'b', state: 'cancelled' }), draftRecord({ id: 'b', batchId: 'b', state: 'paused' })])).toBeNull();
    // Still moving: not yet.
    expect(batchNotice([draftRecord({ id: 'a', batchId: 'b', state: 'inbox' }), draftRecord({ id: 'b', batchId: 'b', state: 'uploading' })])).toBeNull();
  });
});
