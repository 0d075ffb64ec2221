/**
 * Today's research quotas as this app has used them. The platform counts requests and records per
 * app per UTC day (1000 and 100,000 by default; docs/PLATFORM.md) but never says how much is left,
 * so the app counts its own successful calls, kept in the store so a restart does not forget them,
 * per profile and per UTC day of the profile's clock (written at most once a second while pages
 * stream in, and on close). A 429 that says the day's quota is gone
 * (another copy of the app, or a script, shares it) marks it used up until the reset.
 */
import type { Clock } from '../../../common/clock.js';
import type { ResearchQuota } from '../../core/contract/research.js';
import { words, type Words } from '../../core/contract/words.js';
import type { KeyValueStorage } from '../storage.js';

export interface QuotaLimits {
  requestsPerDay: number;
  recordsPerDay: number;
}

/** The platform's defaults, for a profile that does not say otherwise. */
export const PLATFORM_QUOTAS: QuotaLimits = { requestsPerDay: 1000, recordsPerDay: 100_000 };

const DAY_MS = 86_400_000;
const STORE_KEY = 'research.quotaUse';

interface Use {
  day: number;
  requests: number;
  records: number;
}

const SAVE_EVERY_MS = 1000;

export class QuotaBook {
  private readonly uses: Record<string, Use>;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly storage: KeyValueStorage) {
    this.uses = readUses(storage.get(STORE_KEY));
  }

  view(profileKey: string, clock: Clock, limits: QuotaLimits): ResearchQuota {
    const day = Math.floor(clock.now() / DAY_MS);
    const use = this.use(profileKey, day);
    return {
      day: new Date(day * DAY_MS).toISOString().slice(0, 10),
      requestsUsed: use.requests,
      requestsLimit: limits.requestsPerDay,
      recordsUsed: use.records,
      recordsLimit: limits.recordsPerDay,
      resetsAt: (day + 1) * DAY_MS,
    };
  }

  count(profileKey: string, clock: Clock, records: number): void {
    const day = Math.floor(clock.now() / DAY_MS);
    const use = this.use(profileKey, day);
    this.save(profileKey, { day, requests: use.requests + 1, records: use.records + records });
  }

  /** The platform said a daily quota is used up: nothing more until the reset. */
  exhausted(profileKey: string, clock: Clock, limits: QuotaLimits, which: 'requests' | 'records'): void {
    const day = Math.floor(clock.now() / DAY_MS);
    const use = this.use(profileKey, day);
    this.save(profileKey, which === 'requests' ? { ...use, requests: Math.max(use.requests, limits.requestsPerDay) } : { ...use, records: Math.max(use.records, limits.recordsPerDay) });
  }

  /** Writes what is pending now (the app is closing). */
  flush(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.storage.set(STORE_KEY, this.uses);
  }

  private use(profileKey: string, day: number): Use {
    const use = this.uses[profileKey];
    return use && use.day === day ? use : { day, requests: 0, records: 0 };
  }

  private save(profileKey: string, use: Use): void {
    this.uses[profileKey] = use;
    this.saveTimer ??= setTimeout(() => this.flush(), SAVE_EVERY_MS);
  }
}

function readUses(raw: unknown): Record<string, Use> {
  if (typeof raw !== 'object' || raw === null) return {};
  const out: Record<string, Use> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const v = value as Partial<Use> | null;
    if (v && typeof v.day === 'number' && typeof v.requests === 'number' && typeof v.records === 'number') out[key] = { day: v.day, requests: v.requests, records: v.records };
  }
  return out;
}

/** Words for a quota that stops loading (`research.quota_stop`: which quota, its limit, and the hours and minutes until it resets). */
export function quotaStopWords(quota: ResearchQuota, now: number): Words | null {
  const which = quota.requestsUsed >= quota.requestsLimit ? 'requests' : quota.recordsUsed >= quota.recordsLimit ? 'records' : null;
  if (which === null) return null;
  const minutes = Math.max(1, Math.ceil((quota.resetsAt - now) / 60_000));
  return words('research.quota_stop', { which, limit: which === 'requests' ? quota.requestsLimit : quota.recordsLimit, hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
