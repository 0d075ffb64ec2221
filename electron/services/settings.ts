/**
 * Settings: the active platform profile, upload concurrency, appearance. Persisted through the
 * storage interface, validated on the way in and on the way out (a hand-edited or older file
 * that no longer parses falls back to defaults, section by section, instead of breaking start-up).
 */
import type { Logger } from '../../common/log.js';
import { DEFAULT_SETTINGS, Settings, type SettingsPatch } from '../core/contract/index.js';
import type { EventSink } from '../core/events.js';
import type { KeyValueStorage } from './storage.js';

const KEY = 'settings';

export class SettingsService {
  private current: Settings;
  private readonly listeners = new Set<(next: Settings, previous: Settings) => void>();

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly hub: EventSink,
    log: Logger,
  ) {
    this.current = load(storage, log);
  }

  get(): Settings {
    return structuredClone(this.current);
  }

  set(patch: SettingsPatch): Settings {
    const previous = this.current;
    const next = Settings.parse({ ...previous, ...patch });
    this.storage.set(KEY, next);
    this.current = next;
    this.hub.emit('settings.changed', next);
    for (const listener of this.listeners) listener(next, previous);
    return this.get();
  }

  onChange(listener: (next: Settings, previous: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Sections earlier versions stored that are no longer settings (the update feed: the main process's alone now, services/shell/update-service.ts). */
const RETIRED_SECTIONS = ['updates'];

function load(storage: KeyValueStorage, log: Logger): Settings {
  const stored = storage.get(KEY);
  if (stored === undefined) return structuredClone(DEFAULT_SETTINGS);
  const raw = stored && typeof stored === 'object' ? Object.fromEntries(Object.entries(stored).filter(([section]) => !RETIRED_SECTIONS.includes(section))) : stored;
  const whole = Settings.safeParse(raw);
  if (whole.success) return whole.data;
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  if (raw && typeof raw === 'object') {
    for (const [section, fallback] of Object.entries(DEFAULT_SETTINGS)) {
      const candidate = { ...merged, [section]: (raw as Record<string, unknown>)[section] ?? fallback };
      if (Settings.safeParse(candidate).success) merged[section] = candidate[section];
    }
  }
  log.warn({ issues: whole.error.issues.length }, 'stored settings did not parse; unreadable sections reset to defaults');
  return Settings.parse(merged);
}
