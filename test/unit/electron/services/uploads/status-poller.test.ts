import { describe, expect, it } from 'vitest';
import { pollUntilFinal, recheckInbox, type PollerContext } from '../../../../../electron/services/uploads/status-poller.js';
import { RateWindow } from '../../../../../electron/services/uploads/rate-window.js';
import type { DraftRecord } from '../../../../../electron/services/uploads/draft.js';
import type { PublishStatus } from '../../../../../platform-api/publish.js';
import { platformError, type ApiResult } from '../../../../../platform-api/errors.js';
import { transition } from '../../../../../electron/services/uploads/transitions.js';
import { draftRecord, withPublish } from '../../../../support/draft-fixture.js';

const status = (value: PublishStatus['status'], failReason: string | null = null): ApiResult<PublishStatus> => ({ ok: true, value: { status: value, failReason, uploadedBytes: null, downloadedBytes: null } });

/** A virtual clock that sleeping moves forward, and a fake op 6 answering `answers` in turn. */
function harness(drafts: DraftRecord[], answers: Array<ApiResult<PublishStatus>>, statusPerMinute = 30) {
  const records = new Map(drafts.map((d) => [d.id, d]));
  let now = 1_000_000;
  const reads: number[] = [];
  const budget = new RateWindow(statusPerMinute, 60_000);
  const ctx: PollerContext = {
    clock: { now: () => now },
    sleep: async (ms) => void (now += ms),
    closed: () => false,
    fetchStatus: async () => {
      reads.push(now);
      return answers.shift() ?? status('PROCESSING_DOWNLOAD');
    },
    statusBudget: () => budget,
    current: (id) => records.get(id),
    record: (id, event) => {
      const next = transition(records.get(id)!, event);
      if (!next.ok) throw new Error(next.error.code);
      records.set(id, next.value);
      return next.value;
    },
    intervalMs: 2000,
    random: () => 0.5,
  };
  return { ctx, reads, get: (id: string) => records.get(id)!, now: () => now };
}

const processing = (id = 'd1') => ({ ...withPublish(draftRecord({ id }), 1, 5), state: 'processing' as const, nextChunk: 1 });

describe('status poller', () => {
  it('reads the status every interval until the draft reaches the inbox', async () => {
    const h = harness([processing()], [status('PROCESSING_UPLOAD'), status('PROCESSING_DOWNLOAD'), status('SEND_TO_USER_INBOX')]);
    await pollUntilFinal('d1', h.ctx);
    expect(h.get('d1')).toMatchObject({ state: 'inbox', platformStatus: 'SEND_TO_USER_INBOX' });
    expect(h.reads.map((t) => t - h.reads[0]!)).toEqual([0, 2000, 4000]);
  });

  it('a failed publish fails the draft with the platform’s reason and FAILED as its status', async () => {
    const h = harness([processing()], [status('PROCESSING_UPLOAD'), status('FAILED', 'file_format_check_failed')]);
    await pollUntilFinal('d1', h.ctx);
    expect(h.get('d1')).toMatchObject({ state: 'failed', failCode: 'file_format_check_failed', platformStatus: 'FAILED' });
  });

  it('stays inside the status budget, waiting for the window instead of asking', async () => {
    const h = harness([processing()], [], 3);
    h.ctx.intervalMs = 0;
    const answers = [status('PROCESSING_UPLOAD'), status('PROCESSING_UPLOAD'), status('PROCESSING_UPLOAD'), status('SEND_TO_USER_INBOX')];
    h.ctx.fetchStatus = async () => {
      h.reads.push(h.now());
      return answers.shift()!;
    };
    await pollUntilFinal('d1', h.ctx);
    expect(h.reads.map((t) => t - h.reads[0]!)).toEqual([0, 0, 0, 60_000]);
  });

  // invalid_publish_id is the platform's own answer; http_404 a 404 without its error body (a gateway's).
  it.each(['invalid_publish_id', 'http_404'])('fails the draft when the platform no longer knows the publish (%s), instead of polling forever', async (code) => {
    const gone: ApiResult<PublishStatus> = { ok: false, error: platformError({ kind: 'platform', httpStatus: 404, code, message: 'unknown' }) };
    // Were it polled again, the next answer would take it to the inbox: the test ends either way.
    const h = harness([processing()], [gone, status('SEND_TO_USER_INBOX')]);
    await pollUntilFinal('d1', h.ctx);
    expect(h.get('d1')).toMatchObject({ state: 'failed', failCode: 'publish_lost' });
    expect(h.reads).toHaveLength(1);
  });

  it('backs off after a temporary error and carries on', async () => {
    const busy: ApiResult<PublishStatus> = { ok: false, error: platformError({ kind: 'platform', httpStatus: 503, code: 'internal_error', message: 'busy' }) };
    const h = harness([processing()], [busy, status('SEND_TO_USER_INBOX')]);
    await pollUntilFinal('d1', h.ctx);
    expect(h.get('d1').state).toBe('inbox');
    // 500 ms doubling, with full jitter (random 0.5: three quarters of it).
    expect(h.reads[1]! - h.reads[0]!).toBe(375);
  });

  it('backs off from the retry wait it is given (AppHost.timing uploadRetryMs)', async () => {
    const busy: ApiResult<PublishStatus> = { ok: false, error: platformError({ kind: 'platform', httpStatus: 503, code: 'internal_error', message: 'busy' }) };
    const h = harness([processing()], [busy, busy, status('SEND_TO_USER_INBOX')]);
    h.ctx.retryBaseMs = 100;
    await pollUntilFinal('d1', h.ctx);
    expect(h.get('d1').state).toBe('inbox');
    expect(h.reads.map((t) => t - h.reads[0]!)).toEqual([0, 75, 225]);
  });

  it('stops when the draft leaves processing (paused)', async () => {
    const h = harness([{ ...processing(), state: 'paused' as const }], []);
    await pollUntilFinal('d1', h.ctx);
    expect(h.reads).toEqual([]);
  });

  it('records the inbox drafts the creator posted, when asked before opening another publish', async () => {
    const inbox = (id: string) => ({ ...processing(id), state: 'inbox' as const });
    const drafts = [inbox('a'), inbox('b'), { ...inbox('c'), openId: 'someone-else' }];
    const h = harness(drafts, [status('PUBLISH_COMPLETE'), status('SEND_TO_USER_INBOX')]);
    await recheckInbox('acct-a', drafts, h.ctx);
    expect([h.get('a').state, h.get('b').state, h.get('c').state]).toEqual(['posted', 'inbox', 'inbox']);
    expect(h.reads).toHaveLength(2);
  });
});
