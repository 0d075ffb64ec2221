import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsService } from '../../../../electron/services/settings.js';
import { createConfStorage, createMemoryStorage } from '../../../../electron/services/storage.js';
import { EventHub } from '../../../../electron/transports/event-hub.js';
import { DEFAULT_SETTINGS, SettingsPatch } from '../../../../electron/core/contract/index.js';
import { memoryLogger } from '../../../support/silent-log.js';

describe('settings service', () => {
  it('starts from defaults and persists a change across instances (conf on disk)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dd-settings-'));
    try {
      const first = new SettingsService(createConfStorage(dir), new EventHub(), memoryLogger().log);
      expect(first.get()).toEqual(DEFAULT_SETTINGS);
      first.set({ uploads: { concurrency: 5 }, appearance: { theme: 'dark' } });
      const second = new SettingsService(createConfStorage(dir), new EventHub(), memoryLogger().log);
      expect(second.get()).toMatchObject({ uploads: { concurrency: 5 }, appearance: { theme: 'dark' }, profile: { kind: 'sandbox' } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps readable sections of a damaged file and resets the rest', () => {
    const store = createMemoryStorage();
    store.set('settings', { profile: { kind: 'custom', name: '' }, uploads: { concurrency: 4 }, appearance: { theme: 'neon' } });
    const service = new SettingsService(store, new EventHub(), memoryLogger().log);
    expect(service.get()).toEqual({ ...DEFAULT_SETTINGS, uploads: { concurrency: 4 } });
  });

  it('refuses an invalid custom profile and keeps the old settings', () => {
    const service = new SettingsService(createMemoryStorage(), new EventHub(), memoryLogger().log);
    const bad = { kind: 'custom', name: 'Prod', baseUrl: 'http://example.com', uploadHost: 'https://u.example.com', authorizeUrl: 'https://a.example.com', clientKey: 'k', secret: { store: 'vault' } } as const;
    expect(() => service.set({ profile: bad })).toThrow(/https/);
    expect(service.get()).toEqual(DEFAULT_SETTINGS);
    const good = { ...bad, baseUrl: 'https://open.example.com' };
    expect(service.set({ profile: good }).profile).toEqual(good);
  });

  it('tells listeners and the event hub about a change', async () => {
    const hub = new EventHub(0);
    const seen: unknown[] = [];
    hub.subscribe((batch) => seen.push(...batch));
    const service = new SettingsService(createMemoryStorage(), hub, memoryLogger().log);
    let told = 0;
    service.onChange(() => told++);
    service.set({ uploads: { concurrency: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(told).toBe(1);
    expect(seen).toEqual([{ name: 'settings.changed', payload: expect.objectContaining({ uploads: { concurrency: 1 } }) }]);
  });
});

describe('settings patches', () => {
  it('leave the sections they do not name as they are (the contract parses the patch first)', () => {
    const service = new SettingsService(createMemoryStorage(), new EventHub(), memoryLogger().log);
    const set = (patch: unknown) => service.set(SettingsPatch.parse(patch));
    set({ queue: { sendTo: ['ava'] }, uploads: { concurrency: 5 } });
    set({ photos: { host: { kind: 'sandbox' }, stripLocation: false, keepHosted: true } });
    set({ language: { locale: 'pt-BR' } });
    expect(SettingsPatch.parse({ appearance: { theme: 'dark' } })).toEqual({ appearance: { theme: 'dark' } });
    // The README's own example.
    set({ uploads: { concurrency: 3 } });
    const after = set({ appearance: { theme: 'dark' } });
    expect(after).toMatchObject({
      profile: { kind: 'sandbox' },
      uploads: { concurrency: 3 },
      queue: { sendTo: ['ava'] },
      appearance: { theme: 'dark' },
      photos: { host: { kind: 'sandbox' }, stripLocation: false, keepHosted: true },
      language: { locale: 'pt-BR' },
    });
  });

  it('read a file written before the language setting as following the system, and refuse a locale Draftdeck does not speak', () => {
    const store = createMemoryStorage();
    store.set('settings', { profile: { kind: 'sandbox' }, uploads: { concurrency: 4 }, appearance: { theme: 'dark' } });
    const service = new SettingsService(store, new EventHub(), memoryLogger().log);
    expect(service.get().language).toEqual({ locale: 'system' });
    expect(SettingsPatch.safeParse({ language: { locale: 'fr' } }).success).toBe(false);
  });
});
