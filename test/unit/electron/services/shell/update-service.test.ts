/**
 * Updates: the state Settings → Updates shows, "Check for updates", the checks at start and every
 * 4 hours, and where the feed comes from (the build's, an administrator's, or one confirmed in the
 * main process's dialog: never a setting the page writes), against a fake updater (UpdaterPort);
 * and the electron-updater adapter against a fake of electron-updater's AppUpdater.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventMessage } from '../../../../../electron/core/contract/index.js';
import { EventHub } from '../../../../../electron/transports/event-hub.js';
import { createUpdater, type AppUpdaterLike } from '../../../../../electron/desktop/updater.js';
import { SettingsService } from '../../../../../electron/services/settings.js';
import { CHECK_EVERY_MS, FIRST_CHECK_AFTER_MS, UpdateService, type UpdateCheck, type UpdaterPort } from '../../../../../electron/services/shell/update-service.js';
import { createMemoryStorage } from '../../../../../electron/services/storage.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import { sayWords } from '../../../../../electron/services/main-words.js';

const FEED = 'https://updates.example.com/draftdeck/';

/** An updater whose checks the test answers, and whose download events the test fires. */
class FakeUpdater extends EventEmitter implements UpdaterPort {
  readonly checked: string[] = [];
  readonly confirmations: string[] = [];
  installs = 0;
  /** What the person answers in the native dialog. */
  confirms = true;
  constructor(
    readonly buildFeed: string | null,
    readonly policyFeed: string | null = null,
    readonly refusal: string | null = null,
  ) {
    super();
  }
  async confirmFeed(url: string): Promise<boolean> {
    this.confirmations.push(url);
    return this.confirms;
  }
  private answer: ((result: UpdateCheck) => void) | null = null;
  private refuse: ((error: Error) => void) | null = null;

  check(feedUrl: string): Promise<UpdateCheck> {
    this.checked.push(feedUrl);
    return new Promise((resolve, reject) => {
      this.answer = resolve;
      this.refuse = reject;
    });
  }
  answerWith(result: UpdateCheck): void {
    this.answer!(result);
  }
  failWith(error: Error): void {
    this.refuse!(error);
  }
  onProgress(listener: (percent: number) => void): void {
    this.on('progress', listener);
  }
  onDownloaded(listener: (version: string) => void): void {
    this.on('downloaded', listener);
  }
  onError(listener: (error: Error) => void): void {
    this.on('failure', listener);
  }
  quitAndInstall(): void {
    this.installs++;
  }
}

function setup({ buildFeed = FEED as string | null, policyFeed = null as string | null, refusal = null as string | null, withUpdater = true, runtime = 'electron' as 'electron' | 'web', storage = createMemoryStorage() } = {}) {
  const updater = withUpdater ? new FakeUpdater(buildFeed, policyFeed, refusal) : undefined;
  const hub = new EventHub(0);
  // Every emit as it happens (the hub's batches coalesce updates.changed to the latest).
  const events: EventMessage[] = [];
  const emit = hub.emit.bind(hub);
  hub.emit = ((name, payload, key) => {
    events.push({ name, payload } as EventMessage);
    emit(name, payload, key);
  }) as EventHub['emit'];
  const service = new UpdateService({ updater, runtime, version: '1.0.0', storage, hub, log: memoryLogger().log, clock: { now: () => Date.parse('2026-11-23T12:00:00Z') } });
  const states = () => events.filter((event) => event.name === 'updates.changed').map((event) => (event.payload as { state: string }).state);
  return { service, updater: updater!, storage, states };
}

describe('update service', () => {
  it('is off in a build without a feed, and says so when asked to check', async () => {
    const { service, updater } = setup({ buildFeed: null });
    expect(service.current()).toMatchObject({ state: 'off', currentVersion: '1.0.0', feedUrl: null, feedSource: null });
    await expect(service.check()).rejects.toMatchObject({ code: 'updates_off' });
    expect(updater.checked).toEqual([]);
  });

  it('is unsupported without an updater, with the reason for each runtime', async () => {
    expect(setup({ withUpdater: false, runtime: 'web' }).service.current()).toMatchObject({ state: 'unsupported', message: expect.stringMatching(/web mode/i) });
    const { service } = setup({ withUpdater: false });
    expect(service.current()).toMatchObject({ state: 'unsupported', message: expect.stringMatching(/installed app/), messageWords: { code: 'update.checkout', params: {} } });
    // The window says it in its language; a refusal carries the same words.
    expect(sayWords(service.current().messageWords!, 'es')).toBe('Solo la app instalada se actualiza sola; esta se ejecuta desde una copia del código');
    await expect(service.check()).rejects.toMatchObject({ code: 'updates_unsupported', words: { code: 'update.checkout' } });
  });

  it("checks the build's feed: found, downloading with progress, downloaded, then installs", async () => {
    const { service, updater, states } = setup();
    expect(service.current()).toMatchObject({ state: 'idle', feedUrl: FEED, feedSource: 'build' });
    const checking = service.check();
    expect(service.current().state).toBe('checking');
    expect(updater.checked).toEqual([FEED]);
    updater.answerWith({ kind: 'available', version: '1.1.0' });
    expect(await checking).toMatchObject({ state: 'downloading', availableVersion: '1.1.0', percent: 0, checkedAt: '2026-11-23T12:00:00.000Z' });
    updater.emit('progress', 42.5);
    expect(service.current().percent).toBe(42.5);
    await expect(Promise.resolve().then(() => service.install())).rejects.toMatchObject({ code: 'no_update_downloaded' });
    updater.emit('downloaded', '1.1.0');
    expect(service.current()).toMatchObject({ state: 'downloaded', availableVersion: '1.1.0', percent: 100 });
    expect(service.install()).toEqual({ restarting: true });
    expect(updater.installs).toBe(1);
    expect(states()).toEqual(['checking', 'downloading', 'downloading', 'downloaded']);
  });

  it('reports up to date', async () => {
    const { service, updater } = setup();
    const checking = service.check();
    updater.answerWith({ kind: 'none' });
    expect(await checking).toMatchObject({ state: 'up_to_date', availableVersion: null, checkedAt: '2026-11-23T12:00:00.000Z' });
  });

  it('reports a failed check in words and can check again', async () => {
    const { service, updater } = setup();
    const checking = service.check();
    updater.failWith(new Error('net::ERR_NAME_NOT_RESOLVED\n    at stack'));
    expect(await checking).toMatchObject({ state: 'error', message: 'The update failed: net::ERR_NAME_NOT_RESOLVED', messageWords: { code: 'update.failed', params: { detail: 'net::ERR_NAME_NOT_RESOLVED' } } });
    const again = service.check();
    updater.answerWith({ kind: 'none' });
    expect((await again).state).toBe('up_to_date');
  });

  it('reports a failed download', async () => {
    const { service, updater } = setup();
    const checking = service.check();
    updater.answerWith({ kind: 'available', version: '2.0.0' });
    await checking;
    updater.emit('failure', new Error('sha512 checksum mismatch'));
    expect(service.current()).toMatchObject({ state: 'error', message: 'The update failed: sha512 checksum mismatch', percent: null });
  });

  it('does not start a second check while one is under way', async () => {
    const { service, updater } = setup();
    const first = service.check();
    expect((await service.check()).state).toBe('checking');
    expect(updater.checked).toHaveLength(1);
    updater.answerWith({ kind: 'none' });
    await first;
  });

  it('says so when the build cannot update itself (electron-updater inactive)', async () => {
    const { service, updater } = setup();
    const checking = service.check();
    updater.answerWith({ kind: 'inactive', reason: 'not installed' });
    expect(await checking).toMatchObject({ state: 'unsupported', message: 'This build cannot update itself (it is not an installed app)', messageWords: { code: 'update.not_installed', params: {} } });
  });

  it('refuses to update an unsigned build, saying why', async () => {
    const { service, updater } = setup({ refusal: 'This copy of Draftdeck is not signed' });
    expect(service.current()).toMatchObject({ state: 'unsupported', message: expect.stringMatching(/^This copy of Draftdeck is not signed/), messageWords: { code: 'update.unsigned', params: {} } });
    await expect(service.check()).rejects.toMatchObject({ code: 'updates_unsupported' });
    await expect(service.useFeed(OTHER)).rejects.toMatchObject({ code: 'updates_unsupported' });
    expect(updater.checked).toEqual([]);
  });
});

const OTHER = 'https://mirror.example.org/draftdeck/';

describe('where updates come from', () => {
  it('changes only after the person confirms in the native dialog, and is kept in the main process', async () => {
    const storage = createMemoryStorage();
    const { service, updater } = setup({ storage });
    updater.confirms = false;
    await expect(service.useFeed(OTHER)).rejects.toMatchObject({ code: 'feed_not_confirmed' });
    expect(service.current()).toMatchObject({ feedUrl: FEED, feedSource: 'build' });
    updater.confirms = true;
    expect(await service.useFeed(OTHER)).toMatchObject({ state: 'idle', feedUrl: OTHER, feedSource: 'chosen' });
    expect(updater.confirmations).toEqual([OTHER, OTHER]);
    const checking = service.check();
    expect(updater.checked).toEqual([OTHER]);
    updater.answerWith({ kind: 'none' });
    await checking;
    // A restart keeps it.
    expect(setup({ storage }).service.current()).toMatchObject({ feedUrl: OTHER, feedSource: 'chosen' });
  });

  it("goes back to the build's feed without a dialog", async () => {
    const { service, updater } = setup();
    await service.useFeed(OTHER);
    expect(await service.useFeed(null)).toMatchObject({ feedUrl: FEED, feedSource: 'build' });
    expect(updater.confirmations).toEqual([OTHER]);
  });

  it("is an administrator's when a policy sets it: no one else changes it", async () => {
    const { service, updater } = setup({ policyFeed: 'https://it.example.com/draftdeck/' });
    expect(service.current()).toMatchObject({ state: 'idle', feedUrl: 'https://it.example.com/draftdeck/', feedSource: 'policy' });
    await expect(service.useFeed(OTHER)).rejects.toMatchObject({ code: 'managed_by_policy' });
    expect(updater.confirmations).toEqual([]);
  });

  it('drops an answer from the previous feed, and keeps a downloaded update installable', async () => {
    const { service, updater } = setup();
    const checking = service.check();
    await service.useFeed(OTHER);
    updater.answerWith({ kind: 'available', version: '9.9.9' });
    expect(await checking).toMatchObject({ state: 'idle', availableVersion: null });
    const again = service.check();
    updater.answerWith({ kind: 'available', version: '1.2.0' });
    await again;
    updater.emit('downloaded', '1.2.0');
    await service.useFeed(null);
    expect(service.current()).toMatchObject({ state: 'downloaded', feedSource: 'build' });
  });

  it('is not a setting: the page cannot write it, and a settings file from before keeps loading without it', () => {
    const store = createMemoryStorage();
    store.set('settings', { profile: { kind: 'sandbox' }, uploads: { concurrency: 3 }, appearance: { theme: 'dark' }, updates: { feedUrl: 'https://evil.example.com/' } });
    const { log, lines } = memoryLogger();
    const settings = new SettingsService(store, new EventHub(0), log);
    expect(settings.get()).not.toHaveProperty('updates');
    expect(settings.get()).toMatchObject({ uploads: { concurrency: 3 } });
    expect(lines).toEqual([]);
    expect(() => settings.set({ updates: { feedUrl: 'https://evil.example.com/' } } as never)).toThrow();
  });
});

describe('checks on their own', () => {
  afterEach(() => vi.useRealTimers());

  it('checks at start and every 4 hours, and stops when closed', async () => {
    vi.useFakeTimers();
    const { service, updater } = setup();
    service.start();
    vi.advanceTimersByTime(FIRST_CHECK_AFTER_MS - 1);
    expect(updater.checked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(updater.checked).toEqual([FEED]);
    updater.answerWith({ kind: 'none' });
    await vi.waitFor(() => expect(service.current().state).toBe('up_to_date'));
    vi.advanceTimersByTime(CHECK_EVERY_MS);
    expect(updater.checked).toEqual([FEED, FEED]);
    updater.failWith(new Error('feed down'));
    await vi.waitFor(() => expect(service.current().state).toBe('error'));
    service.close();
    vi.advanceTimersByTime(CHECK_EVERY_MS * 3);
    expect(updater.checked).toHaveLength(2);
  });

  it('does not schedule where it cannot update', () => {
    vi.useFakeTimers();
    for (const options of [{ withUpdater: false }, { buildFeed: null }, { refusal: 'unsigned' }]) {
      const { service, updater } = setup(options);
      service.start();
      vi.advanceTimersByTime(CHECK_EVERY_MS);
      expect(updater?.checked ?? []).toEqual([]);
    }
  });
});

/** electron-updater's AppUpdater as far as the adapter uses it. */
class FakeAppUpdater extends EventEmitter implements AppUpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  logger: AppUpdaterLike['logger'] = null;
  feeds: unknown[] = [];
  result: Awaited<ReturnType<AppUpdaterLike['checkForUpdates']>> = null;
  installs = 0;
  setFeedURL(options: { provider: 'generic'; url: string }): void {
    this.feeds.push(options);
  }
  async checkForUpdates() {
    return this.result;
  }
  quitAndInstall(): void {
    this.installs++;
  }
}

const FEEDS = { buildFeed: FEED, policyFeed: null, refusal: null, confirmFeed: async () => false };

describe('electron-updater adapter', () => {
  it('points a generic provider at the feed before every check, downloads by itself, and logs to the app log', async () => {
    const fake = new FakeAppUpdater();
    const { log, lines } = memoryLogger();
    const port = createUpdater(log, FEEDS, fake);
    expect(fake).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true });
    fake.result = { isUpdateAvailable: true, updateInfo: { version: '1.4.0' } };
    expect(await port.check(FEED)).toEqual({ kind: 'available', version: '1.4.0' });
    fake.result = { isUpdateAvailable: false, updateInfo: { version: '1.0.0' } };
    expect(await port.check('https://other.example.com/')).toEqual({ kind: 'none' });
    expect(fake.feeds).toEqual([{ provider: 'generic', url: FEED }, { provider: 'generic', url: 'https://other.example.com/' }]);
    fake.logger!.info('Checking for update');
    expect(lines.join('')).toContain('Checking for update');
  });

  it('handles the download promise: a failed download is logged, never an unhandled rejection', async () => {
    const fake = new FakeAppUpdater();
    const { log, lines } = memoryLogger();
    const port = createUpdater(log, FEEDS, fake);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      fake.result = { isUpdateAvailable: true, updateInfo: { version: '1.4.0' }, downloadPromise: Promise.reject(new Error('sha512 checksum mismatch')) };
      expect(await port.check(FEED)).toEqual({ kind: 'available', version: '1.4.0' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(lines.join('')).toContain('sha512 checksum mismatch');
    } finally {
      process.removeListener('unhandledRejection', onUnhandled);
    }
  });

  it('answers inactive when electron-updater skips the check (not an installed app)', async () => {
    const port = createUpdater(memoryLogger().log, FEEDS, new FakeAppUpdater());
    expect((await port.check(FEED)).kind).toBe('inactive');
  });

  it('passes progress, the downloaded version, errors and the install on', () => {
    const fake = new FakeAppUpdater();
    const port = createUpdater(memoryLogger().log, FEEDS, fake);
    const seen: unknown[] = [];
    port.onProgress((percent) => seen.push(percent));
    port.onDownloaded((version) => seen.push(version));
    port.onError((error) => seen.push(error.message));
    fake.emit('download-progress', { percent: 12, bytesPerSecond: 1, total: 2, transferred: 1, delta: 1 });
    fake.emit('update-downloaded', { version: '1.4.0' });
    fake.emit('error', new Error('boom'));
    port.quitAndInstall();
    expect(seen).toEqual([12, '1.4.0', 'boom']);
    expect(fake.installs).toBe(1);
  });
});
