/**
 * The inbox forecast, wired to the queue: inbox-forecast.ts holds the rule (pure); this keeps its
 * last answer while the queue has not changed, and tells the windows again about the waiting
 * drafts whose expected start moved (docs/ARCHITECTURE.md "Several accounts, bulk actions,
 * waiting drafts").
 */
import type { Clock } from '../../../common/clock.js';
import type { DraftRecord } from './draft.js';
import { forecastInbox } from './inbox-forecast.js';
import type { DraftQueue } from './queue.js';
import { INBOX_WAIT } from './scheduler.js';

/** Shares also stop holding a place with time (an unfinished upload's link runs out): the forecast is redone at least this often. */
const FORECAST_MAX_AGE_MS = 60_000;

export interface InboxWaitsDeps {
  clock: Clock;
  queue: Pick<DraftQueue, 'version' | 'all' | 'retell'>;
  /** The platform's pending shares per account and day (UploadLimits.pendingSharesPerDay), read each time: a profile may change it. */
  pendingSharesPerDay(): number;
  needsPublish(draft: DraftRecord, now: number): boolean;
}

export class InboxWaits {
  private forecast: { version: number; at: number; starts: ReadonlyMap<string, number> } | null = null;
  /** The expected starts the windows were last told, and for which version of the queue. */
  private told: { version: number; starts: ReadonlyMap<string, number> } = { version: -1, starts: new Map() };

  constructor(private readonly deps: InboxWaitsDeps) {}

  /** When each draft waiting for inbox space will most likely go; worked out again only after the queue changed. */
  expectedStarts(): ReadonlyMap<string, number> {
    const { clock, queue } = this.deps;
    const now = clock.now();
    if (this.forecast?.version !== queue.version || now - this.forecast.at > FORECAST_MAX_AGE_MS) {
      const limit = this.deps.pendingSharesPerDay();
      this.forecast = { version: queue.version, at: now, starts: forecastInbox(queue.all(), now, limit, (draft) => this.deps.needsPublish(draft, now)) };
    }
    return this.forecast.starts;
  }

  /**
   * A draft moved, removed, reordered or opening a publish shifts when the other waiting drafts of
   * its account go, though their records do not change: their views are told again.
   */
  retell(): void {
    const { queue } = this.deps;
    if (this.told.version === queue.version) return;
    const starts = this.expectedStarts();
    const told = new Map<string, number>();
    for (const draft of queue.all()) {
      if (draft.failCode !== INBOX_WAIT) continue;
      const at = starts.get(draft.id);
      if (at === undefined) continue;
      told.set(draft.id, at);
      if (this.told.starts.get(draft.id) !== at) queue.retell(draft.id);
    }
    this.told = { version: queue.version, starts: told };
  }
}
