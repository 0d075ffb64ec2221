/**
 * Reads a publish's status (op 6; docs/PLATFORM.md "Statuses") until the platform says where it
 * ended: the inbox, posted, or failed. It works on any publish whatever its media kind, inside the
 * account's status budget, and backs off on errors; it holds no upload slot.
 */
import type { Clock } from '../../../common/clock.js';
import type { ApiResult } from '../../../platform-api/errors.js';
import { backoffDelay } from '../../../common/backoff.js';
import type { DraftRecord } from './draft.js';
import { classifyFailure } from './failure.js';
import type { PublishStatus } from '../../../platform-api/publish.js';
import type { RateWindow } from './rate-window.js';
import type { DraftEvent } from './transitions.js';

/** Status answers meaning the publish itself is gone (unknown id). */
const PUBLISH_GONE: ReadonlySet<string> = new Set(['invalid_publish_id', 'http_404']);
const POLL_BACKOFF = { baseMs: 500, maxMs: 30_000 };
export const DEFAULT_POLL_INTERVAL_MS = 2000;

export interface PollerContext {
  clock: Clock;
  /** Waits, or returns early when the engine closes. */
  sleep(ms: number): Promise<void>;
  closed(): boolean;
  /** Op 6 with the account's token (the transport). */
  fetchStatus(draft: DraftRecord): Promise<ApiResult<PublishStatus>>;
  statusBudget(openId: string): RateWindow;
  current(id: string): DraftRecord | undefined;
  record(id: string, event: DraftEvent): DraftRecord;
  intervalMs?: number;
  random?: () => number;
  /** The first wait after a failed read (doubling, jittered); 500 ms by default. */
  retryBaseMs?: number;
}

/** Polls one processing draft until its status is final, it leaves `processing`, or the engine closes. */
export async function pollUntilFinal(id: string, ctx: PollerContext): Promise<void> {
  let failures = 0;
  while (!ctx.closed()) {
    const draft = ctx.current(id);
    if (!draft || draft.state !== 'processing' || !draft.publishId) return;
    const now = ctx.clock.now();
    const budget = ctx.statusBudget(draft.openId);
    if (!budget.tryTake(now)) {
      await ctx.sleep(budget.waitMs(now));
      continue;
    }
    const result = await ctx.fetchStatus(draft).catch((error: unknown) => ({ ok: false as const, error }));
    if (!result.ok) {
      const failure = classifyFailure(result.error);
      const retryAfterMs = failure.kind === 'retry' || failure.kind === 'rate_limited' ? failure.retryAfterMs : undefined;
      // Only a stated Retry-After closes the whole window; otherwise back off and probe again.
      if (failure.kind === 'rate_limited' && retryAfterMs !== undefined) budget.saturate(ctx.clock.now(), retryAfterMs);
      if (failure.kind === 'fatal' && PUBLISH_GONE.has(failure.code)) {
        // The platform no longer knows this publish: polling it again would never end.
        ctx.record(id, { type: 'fail', code: 'publish_lost' });
        return;
      }
      if (failure.kind === 'fatal' || failure.kind === 'auth') ctx.record(id, { type: 'note', reason: failure.words });
      await ctx.sleep(backoffDelay(++failures, retryAfterMs, { ...POLL_BACKOFF, baseMs: ctx.retryBaseMs ?? POLL_BACKOFF.baseMs }, ctx.random));
      continue;
    }
    failures = 0;
    const latest = ctx.current(id);
    if (!latest || latest.state !== 'processing') return;
    const next = ctx.record(id, { type: 'statusRead', status: result.value });
    if (next.state !== 'processing') return;
    await ctx.sleep(ctx.intervalMs ?? DEFAULT_POLL_INTERVAL_MS);
  }
}

/**
 * Reads the status of an account's drafts sitting in its inbox, within the status budget, and
 * records those the creator posted (each frees a place in the inbox).
 */
export async function recheckInbox(openId: string, drafts: readonly DraftRecord[], ctx: Pick<PollerContext, 'clock' | 'fetchStatus' | 'statusBudget' | 'current' | 'record'>): Promise<void> {
  const budget = ctx.statusBudget(openId);
  for (const draft of drafts) {
    if (draft.openId !== openId || draft.state !== 'inbox' || !draft.publishId) continue;
    if (!budget.tryTake(ctx.clock.now())) return;
    const result = await ctx.fetchStatus(draft).catch(() => null);
    if (!result?.ok) continue;
    const latest = ctx.current(draft.id);
    if (latest?.state === 'inbox' && result.value.status === 'PUBLISH_COMPLETE') ctx.record(draft.id, { type: 'posted', platformStatus: result.value.status });
  }
}
