import { describe, expect, it } from 'vitest';
import { INBOX_RECHECK_MS, RATE_LIMIT_WAIT, Scheduler, type PlanInput } from '../../../../../electron/services/uploads/scheduler.js';
import type { DraftRecord } from '../../../../../electron/services/uploads/draft.js';
import { draftRecord, withPublish } from '../../../../support/draft-fixture.js';
import { words } from '../../../../../electron/core/contract/index.js';

const NOW = 1_000_000_000;
const limits = { initPerMinute: 6, statusPerMinute: 30, pendingSharesPerDay: 2 };

function input(drafts: DraftRecord[], overrides: Partial<PlanInput> = {}): PlanInput {
  return { drafts, now: NOW, slots: 2, running: () => false, polling: () => false, needsPublish: (d) => d.publishId === null, ...overrides };
}

/** A draft already in the account's inbox (a pending share), opened at `issuedAt`. */
const inInbox = (id: string, openId = 'acct-a', issuedAt = NOW - 1000): DraftRecord => ({ ...withPublish(draftRecord({ id, openId }), 1, 5, issuedAt), state: 'inbox', nextChunk: 1 });

describe('scheduler', () => {
  it('starts drafts in queue order up to the free slots, and polls processing ones without a slot', () => {
    const drafts = [draftRecord({ id: 'a' }), { ...withPublish(draftRecord({ id: 'p' }), 1, 5), state: 'processing' as const }, draftRecord({ id: 'b' }), draftRecord({ id: 'c' })];
    const plan = new Scheduler(() => limits).plan(input(drafts));
    expect(plan.start.map((d) => d.id)).toEqual(['a', 'b']);
    expect(plan.poll.map((d) => d.id)).toEqual(['p']);
    expect(plan.wait).toEqual([]);
  });

  it('skips running drafts, drafts already polled, and drafts whose time has not come, waking for the earliest', () => {
    const drafts = [draftRecord({ id: 'run' }), draftRecord({ id: 'later', state: 'waiting', notBefore: NOW + 5000 }), draftRecord({ id: 'sooner', state: 'waiting', notBefore: NOW + 2000 }), { ...draftRecord({ id: 'p' }), state: 'processing' as const, publishId: 'x' }];
    const plan = new Scheduler(() => limits).plan(input(drafts, { running: (id) => id === 'run', polling: (id) => id === 'p' }));
    expect(plan.start).toEqual([]);
    expect(plan.poll).toEqual([]);
    expect(plan.wakeAt).toBe(NOW + 2000);
  });

  it('keeps the init budget: after six starts a minute the next draft waits for the window', () => {
    const scheduler = new Scheduler(() => limits);
    const budget = scheduler.budget('acct-a');
    for (let i = 0; i < 6; i++) expect(budget.init.tryTake(NOW - 30_000 + i)).toBe(true);
    const plan = scheduler.plan(input([draftRecord({ id: 'next' })]));
    expect(plan.start).toEqual([]);
    expect(plan.wait).toEqual([{ draft: expect.objectContaining({ id: 'next' }), reason: RATE_LIMIT_WAIT, until: NOW + 30_000, code: null }]);
    // Another account has its own budget.
    expect(scheduler.plan(input([draftRecord({ id: 'other', openId: 'acct-b' })])).start.map((d) => d.id)).toEqual(['other']);
  });

  it('at the pending-share limit one draft asks the inbox and the rest wait, saying the inbox is full', () => {
    const scheduler = new Scheduler(() => limits);
    const drafts = [inInbox('i1'), inInbox('i2'), draftRecord({ id: 'a' }), draftRecord({ id: 'b' })];
    const first = scheduler.plan(input(drafts));
    expect(first.start.map((d) => d.id)).toEqual(['a']);
    expect(first.wait.map((w) => [w.draft.id, w.reason])).toEqual([['b', words('wait.inbox_full', { perDay: 2 })]]);
    expect(first.wait[0]!.until).toBe(NOW + INBOX_RECHECK_MS);
    // Once asked, nobody probes again until the recheck is due.
    scheduler.inboxChecked('acct-a', NOW);
    const second = scheduler.plan(input(drafts));
    expect(second.start).toEqual([]);
    expect(second.wait.map((w) => w.draft.id)).toEqual(['a', 'b']);
  });

  it('drafts re-queued behind a full inbox say so even when no upload slot is free', () => {
    const scheduler = new Scheduler(() => limits);
    scheduler.inboxChecked('acct-a', NOW);
    // Another account's draft holds the only slot; acct-a's inbox is full; a draft of it was just resumed or retried.
    const drafts = [withPublish(draftRecord({ id: 'busy', openId: 'acct-b' }), 3, 5), inInbox('i1'), inInbox('i2'), draftRecord({ id: 'requeued' })];
    const plan = scheduler.plan(input(drafts, { slots: 0, running: (id) => id === 'busy' }));
    expect(plan.start).toEqual([]);
    expect(plan.wait.map((w) => [w.draft.id, w.reason])).toEqual([['requeued', words('wait.inbox_full', { perDay: 2 })]]);
  });

  it('does not say a draft waits again when it already says so (the journal records transitions only)', () => {
    const scheduler = new Scheduler(() => limits);
    scheduler.inboxChecked('acct-a', NOW);
    const reason = scheduler.initGate('acct-a', [inInbox('i1'), inInbox('i2')], NOW);
    expect(reason.kind).toBe('closed');
    const already = draftRecord({ id: 'w', state: 'waiting', reason: reason.kind === 'closed' ? reason.reason : null });
    expect(scheduler.plan(input([inInbox('i1'), inInbox('i2'), already])).wait).toEqual([]);
  });

  it('counts publishes being opened against the inbox, so two workers cannot both take the last place', () => {
    const scheduler = new Scheduler(() => limits);
    scheduler.inboxChecked('acct-a', NOW);
    const done = scheduler.publishStarting('acct-a');
    expect(scheduler.initGate('acct-a', [inInbox('i1')], NOW).kind).toBe('closed');
    done();
    expect(scheduler.initGate('acct-a', [inInbox('i1')], NOW).kind).toBe('open');
  });

  it('does not count posted, failed, day-old or abandoned publishes as pending', () => {
    const scheduler = new Scheduler(() => limits);
    const drafts = [
      { ...inInbox('posted'), state: 'posted' as const },
      { ...inInbox('failed'), state: 'failed' as const },
      inInbox('old', 'acct-a', NOW - 25 * 3600_000),
      // Opened two hours ago and never finished: its link's hour is over, the platform dropped it.
      { ...withPublish(draftRecord({ id: 'dropped' }), 3, 5, NOW - 2 * 3600_000), state: 'cancelled' as const },
    ];
    expect(scheduler.initGate('acct-a', drafts, NOW).kind).toBe('open');
  });
});
