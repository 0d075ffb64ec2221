/**
 * Named research queries, kept in the app's settings store with when each last ran. A name is
 * unique: saving under an existing name replaces that query (and keeps its id).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../../common/clock.js';
import { SavedQuery, type VideoSearchRequest } from '../../core/contract/research.js';
import type { KeyValueStorage } from '../storage.js';

const STORE_KEY = 'research.savedQueries';
const MAX_SAVED = 200;

export class SavedQueries {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly clock: Clock,
  ) {}

  list(): SavedQuery[] {
    // A damaged entry (edited by hand) is dropped rather than breaking the list.
    const parsed = z.array(z.unknown()).safeParse(this.storage.get(STORE_KEY));
    if (!parsed.success) return [];
    return parsed.data.flatMap((entry) => {
      const query = SavedQuery.safeParse(entry);
      return query.success ? [query.data] : [];
    });
  }

  save(name: string, request: VideoSearchRequest): SavedQuery[] {
    const list = this.list();
    const existing = list.find((query) => query.name.toLowerCase() === name.toLowerCase());
    const now = this.clock.now();
    const next = existing
      ? list.map((query) => (query === existing ? { ...query, name, request, savedAt: now } : query))
      : [...list, { id: randomUUID(), name, request, savedAt: now, lastRunAt: null }].slice(-MAX_SAVED);
    this.storage.set(STORE_KEY, next);
    return next;
  }

  remove(id: string): SavedQuery[] {
    const next = this.list().filter((query) => query.id !== id);
    this.storage.set(STORE_KEY, next);
    return next;
  }

  /** Records that a search from this query ran now; false when there is no such query. */
  ran(id: string): SavedQuery[] | null {
    const list = this.list();
    if (!list.some((query) => query.id === id)) return null;
    const next = list.map((query) => (query.id === id ? { ...query, lastRunAt: this.clock.now() } : query));
    this.storage.set(STORE_KEY, next);
    return next;
  }
}
