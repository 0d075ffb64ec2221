import { describe, expect, it } from 'vitest';
import { changesForecast, forecastInbox } from '../../../../../electron/services/uploads/inbox-forecast.js';
import type { DraftRecord } from '../../../../../electron/services/uploads/draft.js';
import { draftRecord, withPublish } from '../../../../support/draft-fixture.js';
import { words } from '../../../../../electron/core/contract/index.js';

const NOW = 1_000_000_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const needsPublish = (draft: DraftRecord) => draft.publishId === null;
/** A draft in the account's inbox whose share started `agoMs` before now. */
const inInbox = (id: string, agoMs: number, openId = 'acct-a'): DraftRecord => ({ ...withPublish(draftRecord({ id, openId }), 1, 5, NOW - agoMs), state: 'inbox', nextChunk: 1 });

describe('inbox forecast', () => {
  it('gives waiting drafts, in queue order, the 24-hour marks of the oldest pending shares; each that goes holds its place a day', () => {
    // Limit 2: shares 20 h and 3 h old; three drafts wait.
    const drafts = [inInbox('old', 20 * HOUR), inInbox('new', 3 * HOUR), draftRecord({ id: 'w1', state: 'waiting' }), draftRecord({ id: 'w2', state: 'waiting' }), draftRecord({ id: 'w3' })];
    const starts = forecastInbox(drafts, NOW, 2, needsPublish);
    expect(starts.get('w1')).toBe(NOW + 4 * HOUR);
    expect(starts.get('w2')).toBe(NOW + 21 * HOUR);
    // The third waits for w1's own share to reach its mark.
    expect(starts.get('w3')).toBe(NOW + 4 * HOUR + DAY);
    expect(starts.has('old')).toBe(false);
  });

  it('a free place means now, and accounts do not share places', () => {
    const drafts = [inInbox('a1', HOUR), draftRecord({ id: 'a2' }), draftRecord({ id: 'b1', openId: 'acct-b' }), draftRecord({ id: 'a3' })];
    const starts = forecastInbox(drafts, NOW, 2, needsPublish);
    expect(starts.get('a2')).toBe(NOW);
    expect(starts.get('b1')).toBe(NOW);
    expect(starts.get('a3')).toBe(NOW + 23 * HOUR);
  });

  it('is redone only for changes that can move it, not for progress or words', () => {
    const draft = withPublish(draftRecord(), 4, 5, NOW);
    expect(changesForecast(draft, { ...draft, nextChunk: 1, uploadedBytes: 5 })).toBe(false);
    expect(changesForecast(draftRecord({ state: 'queued' }), draftRecord({ state: 'waiting', reason: words('wait.inbox_full', { perDay: 5 }) }))).toBe(false);
    expect(changesForecast(draft, { ...draft, nextChunk: 4 })).toBe(true);
    expect(changesForecast(draftRecord(), draftRecord({ openId: 'acct-b' }))).toBe(true);
    expect(changesForecast(undefined, draftRecord())).toBe(true);
  });
});
