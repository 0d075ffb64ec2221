import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../../../electron/core/contract/index.js';
import { countByAccount, visibleRows } from '../../../../../../renderer/src/state/queue-rows.js';
import { planByAccount } from '../../../../../../renderer/src/views/queue/day-plan.js';
import { endOfToday, whenWords } from '../../../../../../renderer/src/views/queue/when-words.js';
import { en } from '../../../../../../renderer/src/i18n/messages/en/index.js';

const intl = createIntl({ locale: 'en', messages: en });
const draft = (id: string, openId: string, state: DraftView['state'], expectedAt: number | null = null) => ({ id, openId, state, expectedAt, fileName: `${id}.mp4` }) as DraftView;

const drafts = [draft('a1', 'ava', 'queued'), draft('b1', 'ben', 'uploading'), draft('a2', 'ava', 'inbox'), draft('b2', 'ben', 'queued'), draft('a3', 'ava', 'queued')];
const byId = new Map(drafts.map((d) => [d.id, d]));
const order = drafts.map((d) => d.id);

describe('the queue view', () => {
  it('filters by account and state, in queue order (finished drafts last)', () => {
    expect(visibleRows(order, byId, 'ava', null, false).ids).toEqual(['a1', 'a3', 'a2']);
    expect(visibleRows(order, byId, null, 'queued', false).ids).toEqual(['a1', 'b2', 'a3']);
    expect(visibleRows(order, byId, 'ben', 'queued', false).ids).toEqual(['b2']);
  });

  it('groups by account under a heading each, accounts in the order their first draft comes', () => {
    const { rows, ids } = visibleRows(order, byId, null, null, true);
    expect(rows).toEqual([
      { kind: 'group', openId: 'ava', count: 3 },
      { kind: 'draft', id: 'a1', at: 0 },
      { kind: 'draft', id: 'a3', at: 1 },
      { kind: 'draft', id: 'a2', at: 2 },
      { kind: 'group', openId: 'ben', count: 2 },
      { kind: 'draft', id: 'b1', at: 3 },
      { kind: 'draft', id: 'b2', at: 4 },
    ]);
    expect(ids).toEqual(['a1', 'a3', 'a2', 'b1', 'b2']);
  });

  it('counts per account and state', () => {
    expect(countByAccount(byId).get('ava')).toEqual({ queued: 2, inbox: 1, total: 3 });
    expect(countByAccount(byId).get('ben')).toEqual({ uploading: 1, queued: 1, total: 2 });
  });
});

describe('the day plan', () => {
  it('puts what goes before midnight under today and the rest under waits; finished drafts are not planned', () => {
    const now = new Date(2026, 10, 23, 15, 0).getTime();
    const plan = planByAccount(
      ['s', 'w1', 'w2', 'p', 'i'],
      new Map([
        ['s', draft('s', 'ava', 'uploading')],
        ['w1', draft('w1', 'ava', 'waiting', now + 3 * 3600_000)],
        ['w2', draft('w2', 'ava', 'waiting', now + 20 * 3600_000)],
        ['p', draft('p', 'ava', 'paused')],
        ['i', draft('i', 'ava', 'inbox')],
      ]),
      now,
    );
    expect(plan).toHaveLength(1);
    expect(plan[0]!.today.map((d) => d.id)).toEqual(['s', 'w1']);
    expect(plan[0]!.later.map((d) => d.id)).toEqual(['w2']);
    expect(plan[0]!.paused).toBe(1);
    expect(plan[0]!.inboxWaiting).toEqual(['w1', 'w2']);
  });

  it('says today, tomorrow or the date', () => {
    const now = new Date(2026, 10, 23, 15, 0).getTime();
    expect(endOfToday(now)).toBe(new Date(2026, 10, 24, 0, 0).getTime());
    expect(whenWords(intl, now + 3600_000, now)).toMatch(/^today /);
    expect(whenWords(intl, now + 20 * 3600_000, now)).toMatch(/^tomorrow /);
    expect(whenWords(intl, now + 3 * 24 * 3600_000, now)).not.toMatch(/^(today|tomorrow) /);
  });
});
