import { describe, expect, it } from 'vitest';
import { isDelivered, transition, type DraftEvent } from '../../../../../electron/services/uploads/transitions.js';
import type { DraftRecord } from '../../../../../electron/services/uploads/draft.js';
import { draftRecord, withPublish } from '../../../../support/draft-fixture.js';
import { asText, words } from '../../../../../electron/core/contract/index.js';
import { sayWords } from '../../../../../electron/services/main-words.js';

function apply(draft: DraftRecord, ...events: DraftEvent[]): DraftRecord {
  return events.reduce((current, event) => {
    const next = transition(current, event);
    if (!next.ok) throw new Error(`${event.type} refused: ${next.error.code}`);
    return next.value;
  }, draft);
}

const refusal = (draft: DraftRecord, event: DraftEvent) => {
  const next = transition(draft, event);
  return next.ok ? null : next.error.code;
};

describe('draft transitions', () => {
  it('pause remembers the phase and resume returns to it', () => {
    const uploading = withPublish(draftRecord(), 3, 5);
    const paused = apply(uploading, { type: 'pause' });
    expect(paused).toMatchObject({ state: 'paused', resumeState: 'uploading' });
    expect(apply(paused, { type: 'resume' }).state).toBe('uploading');
    expect(apply(apply(draftRecord(), { type: 'pause' }), { type: 'resume' }).state).toBe('queued');
    expect(apply(apply({ ...uploading, state: 'processing' }, { type: 'pause' }), { type: 'resume' }).state).toBe('processing');
  });

  it('refuses what a state does not allow, with a code', () => {
    expect(refusal(draftRecord({ state: 'inbox' }), { type: 'pause' })).toBe('not_pausable');
    expect(refusal(draftRecord(), { type: 'resume' })).toBe('not_paused');
    expect(refusal(draftRecord({ state: 'posted' }), { type: 'cancel' })).toBe('not_cancellable');
    expect(refusal(draftRecord({ state: 'uploading' }), { type: 'retry' })).toBe('not_retryable');
    expect(refusal(draftRecord({ state: 'failed', failCode: 'file_changed' }), { type: 'retry' })).toBe('file_changed');
  });

  it('refuses a cancel once the platform has the whole video, also before the status says so', () => {
    const lastChunkAcknowledged = apply(withPublish(draftRecord(), 2, 5), { type: 'chunkAcknowledged', index: 0, uploadedBytes: 5, stopped: false }, { type: 'chunkAcknowledged', index: 1, uploadedBytes: 10, stopped: true });
    expect(isDelivered(lastChunkAcknowledged)).toBe(true);
    expect(lastChunkAcknowledged.state).toBe('uploading');
    expect(refusal(lastChunkAcknowledged, { type: 'cancel' })).toBe('already_delivered');
    expect(refusal(draftRecord({ state: 'processing' }), { type: 'cancel' })).toBe('already_delivered');
    expect(refusal(draftRecord({ state: 'paused', resumeState: 'processing' }), { type: 'cancel' })).toBe('already_delivered');
    // One chunk short: the platform drops an unfinished publish, so cancelling is honest.
    expect(apply(withPublish(draftRecord(), 2, 5), { type: 'cancel' }).state).toBe('cancelled');
  });

  it('a retry is a fresh publish', () => {
    const failed = apply(withPublish(draftRecord(), 3, 5), { type: 'chunkAcknowledged', index: 0, uploadedBytes: 5, stopped: false }, { type: 'fail', code: 'upload_host_error', reason: asText('no') });
    expect(apply(failed, { type: 'retry' })).toMatchObject({ state: 'queued', publishId: null, uploadUrl: null, nextChunk: 0, uploadedBytes: 0, failCode: null, reason: null, platformStatus: null });
  });

  it('an acknowledged chunk moves the next chunk on; a stopped run keeps only that', () => {
    const waiting = apply(withPublish(draftRecord(), 3, 5), { type: 'wait', reason: words('wait.retry.connection_dropped'), until: 99, attempts: 2 });
    const going = apply({ ...waiting, state: 'uploading' }, { type: 'chunkAcknowledged', index: 1, uploadedBytes: 10, stopped: false });
    expect(going).toMatchObject({ nextChunk: 2, uploadedBytes: 10, attempts: 0, reason: null });
    const paused = apply(withPublish(draftRecord(), 3, 5), { type: 'pause' }, { type: 'chunkAcknowledged', index: 0, uploadedBytes: 5, stopped: true });
    expect(paused).toMatchObject({ state: 'paused', nextChunk: 1 });
  });

  it('a draft that waited with its publish open is under way again once a chunk gets through (no publish opens to say so)', () => {
    const waiting = apply(withPublish(draftRecord(), 3, 5), { type: 'wait', reason: words('wait.offline'), until: 99, attempts: 1 });
    expect(waiting.state).toBe('waiting');
    const going = apply(waiting, { type: 'chunkAcknowledged', index: 1, uploadedBytes: 10, stopped: false });
    expect(going).toMatchObject({ state: 'uploading', notBefore: null, reason: null, attempts: 0, nextChunk: 2 });
  });

  it('a publish the host can no longer continue reads as expired, and the fresh one says why when it opens', () => {
    const abandoned = apply(withPublish(draftRecord(), 3, 5, 123), { type: 'publishAbandoned', reason: words('restart.host_lost_track') });
    expect(abandoned.uploadUrlIssuedAt).toBe(0);
    // A wait in between (a rate limit) does not lose the words.
    const waited = apply(abandoned, { type: 'wait', reason: words('wait.rate_limited'), until: 9, attempts: 0 });
    const opened = apply(waited, { type: 'publishOpened', publish: { publishId: 'p2', uploadUrl: 'u', uploadUrlIssuedAt: 10, chunkSize: 5, totalChunkCount: 3 }, stopped: false });
    expect(opened).toMatchObject({ state: 'uploading', publishId: 'p2', nextChunk: 0, reason: words('restart.host_lost_track'), freshPublishReason: null });
  });

  it('a failed status reports FAILED as the platform status, not the last one before it', () => {
    const processing = apply(withPublish(draftRecord(), 1, 5), { type: 'delivered' }, { type: 'statusRead', status: { status: 'PROCESSING_UPLOAD', failReason: null, uploadedBytes: 5, downloadedBytes: null } });
    expect(processing.platformStatus).toBe('PROCESSING_UPLOAD');
    const failed = apply(processing, { type: 'statusRead', status: { status: 'FAILED', failReason: 'file_format_check_failed', uploadedBytes: 5, downloadedBytes: null } });
    expect(failed).toMatchObject({ state: 'failed', platformStatus: 'FAILED', failCode: 'file_format_check_failed' });
    expect(failed.reason).toEqual(words('fail.file_format_check_failed'));
    expect(sayWords(failed.reason!)).toContain('could not read this file');
  });

  it('final statuses move the draft to the inbox or posted', () => {
    const processing = apply(withPublish(draftRecord(), 1, 5), { type: 'delivered' });
    expect(apply(processing, { type: 'statusRead', status: { status: 'SEND_TO_USER_INBOX', failReason: null, uploadedBytes: 5, downloadedBytes: null } })).toMatchObject({ state: 'inbox', platformStatus: 'SEND_TO_USER_INBOX' });
    expect(apply(processing, { type: 'statusRead', status: { status: 'PUBLISH_COMPLETE', failReason: null, uploadedBytes: 5, downloadedBytes: null } }).state).toBe('posted');
  });

  it('a draft waiting for sign-in goes when the account is usable again; others are untouched', () => {
    const waiting = apply(draftRecord(), { type: 'wait', reason: words('wait.sign_in'), until: 500, code: 'waiting_for_sign_in', attempts: 1 });
    expect(apply(waiting, { type: 'signedInAgain' })).toMatchObject({ notBefore: null, failCode: null });
    const rateLimited = apply(draftRecord(), { type: 'wait', reason: words('wait.rate_limited'), until: 500, attempts: 1 });
    expect(apply(rateLimited, { type: 'signedInAgain' })).toEqual(rateLimited);
  });
});

describe('moving a draft to another account', () => {
  it('takes queued, waiting and paused drafts that have not opened a publish, and starts failed or cancelled ones afresh', () => {
    const waiting = apply(draftRecord({ state: 'waiting', reason: words('wait.inbox_full', { perDay: 5 }), failCode: 'waiting_for_inbox_space', notBefore: 5 }), { type: 'move', openId: 'acct-b' });
    expect(waiting).toMatchObject({ openId: 'acct-b', state: 'queued', reason: null, failCode: null, notBefore: null });
    const paused = apply(draftRecord(), { type: 'pause' }, { type: 'move', openId: 'acct-b' });
    expect(paused).toMatchObject({ openId: 'acct-b', state: 'paused' });
    expect(apply(paused, { type: 'resume' }).state).toBe('queued');
    const failed = apply(withPublish(draftRecord(), 2, 5), { type: 'fail', code: 'internal' }, { type: 'move', openId: 'acct-b' });
    expect(failed).toMatchObject({ openId: 'acct-b', state: 'queued', publishId: null, nextChunk: 0 });
  });

  it('refuses a draft that has opened a publish on its account, one already on the platform, and a move to the same account', () => {
    expect(refusal(withPublish(draftRecord(), 2, 5), { type: 'move', openId: 'acct-b' })).toBe('not_movable');
    expect(refusal({ ...withPublish(draftRecord(), 2, 5), state: 'waiting' }, { type: 'move', openId: 'acct-b' })).toBe('not_movable');
    expect(refusal({ ...withPublish(draftRecord(), 1, 5), state: 'inbox', nextChunk: 1 }, { type: 'move', openId: 'acct-b' })).toBe('not_movable');
    expect(refusal(draftRecord(), { type: 'move', openId: 'acct-a' })).toBe('same_account');
    expect(refusal(draftRecord({ state: 'failed', failCode: 'file_missing' }), { type: 'move', openId: 'acct-b' })).toBe('file_missing');
  });
});
