/**
 * Which drafts run now: upload slots, the queue's order, and each account's budgets on the
 * platform (init calls and status reads a minute, pending inbox shares a day; docs/PLATFORM.md
 * "Limits"), kept on our side so drafts wait instead of being refused. It decides from the
 * records and the time it is given; it starts nothing itself and knows no media kind (the engine
 * tells it which drafts need a new publish).
 */
import { sameWords, words, type Words } from '../../core/contract/index.js';
import { placeHeldUntil } from './inbox-places.js';
import { RateWindow } from './rate-window.js';
import type { DraftRecord } from './draft.js';

export interface UploadLimits {
  initPerMinute: number;
  statusPerMinute: number;
  pendingSharesPerDay: number;
}

export const PLATFORM_LIMITS: UploadLimits = { initPerMinute: 6, statusPerMinute: 30, pendingSharesPerDay: 5 };

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often a draft waiting for inbox space asks whether the creator posted one. */
export const INBOX_RECHECK_MS = 60_000;
export const RATE_LIMIT_WAIT = words('wait.rate_limit_start');
/** failCode of a draft that waits for inbox space (the pending-share limit), so its expected start can be told (inbox-forecast.ts). */
export const INBOX_WAIT = 'waiting_for_inbox_space';

export type InitGate = { kind: 'open' } | { kind: 'probe'; reason: Words } | { kind: 'closed'; reason: Words; until: number; code: string | null };

export interface AccountBudget {
  init: RateWindow;
  status: RateWindow;
}

export interface PlanInput {
  drafts: readonly DraftRecord[];
  now: number;
  /** Upload slots free now (concurrency minus drafts running). */
  slots: number;
  running(id: string): boolean;
  polling(id: string): boolean;
  /** Whether the draft must open a new publish before it can continue (its media kind says). */
  needsPublish(draft: DraftRecord): boolean;
}

export interface Plan {
  /** Drafts to run now, in queue order. */
  start: DraftRecord[];
  /** Processing drafts whose status nobody reads yet. */
  poll: DraftRecord[];
  /** Drafts to mark as waiting (only those whose words change: the journal records transitions). */
  wait: Array<{ draft: DraftRecord; reason: Words; until: number; code: string | null }>;
  /** When to plan again for the earliest draft that waits; null when none does. */
  wakeAt: number | null;
}

export class Scheduler {
  private readonly budgets = new Map<string, AccountBudget>();
  /** When each account's inbox was last asked about (drafts posted free space in it). */
  private readonly inboxCheckedAt = new Map<string, number>();
  /** Publishes each account has in flight at op 4, not yet recorded on a draft. */
  private readonly starting = new Map<string, number>();

  constructor(private readonly limits: () => UploadLimits = () => PLATFORM_LIMITS) {}

  /**
   * Drafts that need a new publish pass their account's gate first, also when no slot is free,
   * so a queue of thousands behind a full inbox says so, cheaply, instead of each draft being
   * started only to find out.
   */
  plan(input: PlanInput): Plan {
    const { drafts, now } = input;
    let slots = input.slots;
    const plan: Plan = { start: [], poll: [], wait: [], wakeAt: null };
    const wakeAt = (at: number) => (plan.wakeAt = plan.wakeAt === null ? at : Math.min(plan.wakeAt, at));
    const gates = new Map<string, InitGate>();
    for (const draft of drafts) {
      if (draft.state === 'processing') {
        if (!input.polling(draft.id)) plan.poll.push(draft);
        continue;
      }
      if (draft.state !== 'queued' && draft.state !== 'waiting' && draft.state !== 'uploading') continue;
      if (input.running(draft.id)) continue;
      if (draft.notBefore !== null && draft.notBefore > now) {
        wakeAt(draft.notBefore);
        continue;
      }
      if (input.needsPublish(draft)) {
        const gate = gates.get(draft.openId) ?? this.initGate(draft.openId, drafts, now);
        if (gate.kind === 'closed') {
          gates.set(draft.openId, gate);
          if (draft.state !== 'waiting' || !sameWords(draft.reason, gate.reason)) plan.wait.push({ draft, reason: gate.reason, until: gate.until, code: gate.code });
          wakeAt(gate.until);
          continue;
        }
        if (slots <= 0) continue;
        // One draft goes to ask whether the creator posted from the inbox; the rest wait for its answer.
        gates.set(draft.openId, gate.kind === 'probe' ? { kind: 'closed', reason: gate.reason, until: now + INBOX_RECHECK_MS, code: INBOX_WAIT } : gate);
      } else if (slots <= 0) {
        continue;
      }
      slots--;
      plan.start.push(draft);
    }
    return plan;
  }

  /** Whether a new publish for this account can start now, by the budgets kept on our side. */
  initGate(openId: string, drafts: readonly DraftRecord[], now: number): InitGate {
    const limits = this.limits();
    const pending = pendingShares(drafts, openId, now);
    // Publishes being started right now count too: two workers must not both take the last place.
    if (pending.length + (this.starting.get(openId) ?? 0) >= limits.pendingSharesPerDay) {
      const reason = words('wait.inbox_full', { perDay: limits.pendingSharesPerDay });
      const recheckAt = (this.inboxCheckedAt.get(openId) ?? 0) + INBOX_RECHECK_MS;
      if (recheckAt <= now) return { kind: 'probe', reason };
      const oldestExpires = pending.length > 0 ? Math.min(...pending) + DAY_MS : recheckAt;
      return { kind: 'closed', reason, until: Math.min(oldestExpires, recheckAt), code: INBOX_WAIT };
    }
    const wait = this.budget(openId).init.waitMs(now);
    if (wait > 0) return { kind: 'closed', reason: RATE_LIMIT_WAIT, until: now + wait, code: null };
    return { kind: 'open' };
  }

  budget(openId: string): AccountBudget {
    let budget = this.budgets.get(openId);
    if (!budget) {
      const limits = this.limits();
      budget = { init: new RateWindow(limits.initPerMinute, 60_000), status: new RateWindow(limits.statusPerMinute, 60_000) };
      this.budgets.set(openId, budget);
    }
    return budget;
  }

  inboxChecked(openId: string, now: number): void {
    this.inboxCheckedAt.set(openId, now);
  }

  /** Counts a publish at op 4 against the account's inbox until `done` is called. */
  publishStarting(openId: string): () => void {
    this.starting.set(openId, (this.starting.get(openId) ?? 0) + 1);
    return () => this.starting.set(openId, (this.starting.get(openId) ?? 1) - 1);
  }
}

/**
 * When each of the account's pending shares started: every publish of the last 24 h not posted
 * or failed (paused, waiting and cancelled ones included: the platform still counts them),
 * except an upload its link's hour left unfinished, which the platform has dropped.
 */
export function pendingShares(drafts: readonly DraftRecord[], openId: string, now: number): number[] {
  return drafts.filter((d) => d.openId === openId && placeHeldUntil(d, now) !== null).map((d) => d.uploadUrlIssuedAt!);
}
