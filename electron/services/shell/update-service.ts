/**
 * Updates of the installed app, as a state the renderer shows (Settings → Updates) and one action
 * ("Check for updates"). The feed URL is a setting, off while empty. The updater itself
 * (electron-updater with a generic provider, electron/desktop/updater.ts) sits behind
 * UpdaterPort, so this logic is tested against a fake.
 */
import type { Clock } from '../../../common/clock.js';
import type { Logger } from '../../../common/log.js';
import type { UpdateStatus } from '../../core/contract/index.js';
import type { EventSink } from '../../core/events.js';
import { AppError } from '../../core/result.js';
import type { SettingsService } from '../settings.js';

export type UpdateCheck = { kind: 'available'; version: string } | { kind: 'none' } | { kind: 'inactive'; reason: string };

/** What the app needs of an updater (electron-updater's autoUpdater behind electron/desktop/updater.ts). */
export interface UpdaterPort {
  /** Asks the feed at `feedUrl`; a newer version starts downloading by itself. */
  check(feedUrl: string): Promise<UpdateCheck>;
  onProgress(listener: (percent: number) => void): void;
  onDownloaded(listener: (version: string) => void): void;
  onError(listener: (error: Error) => void): void;
  quitAndInstall(): void;
}

export interface UpdateServiceOptions {
  /** Absent where the app cannot update itself (web mode, Electron run from a checkout). */
  updater?: UpdaterPort;
  runtime: 'electron' | 'web';
  version: string;
  settings: SettingsService;
  hub: EventSink;
  log: Logger;
  clock: Clock;
}

export class UpdateService {
  private status: UpdateStatus;
  /** Bumped whenever the feed URL changes: an answer from the previous feed is dropped. */
  private feedGeneration = 0;

  constructor(private readonly options: UpdateServiceOptions) {
    this.status = { ...this.resting(), currentVersion: options.version, availableVersion: null, percent: null, checkedAt: null };
    const { updater, settings } = options;
    settings.onChange((next, previous) => {
      if (next.updates.feedUrl === previous.updates.feedUrl) return;
      this.feedGeneration++;
      // A downloaded update stays installable whatever the feed says now.
      if (this.status.state !== 'downloaded') this.update({ ...this.resting(), availableVersion: null, percent: null, checkedAt: null });
    });
    updater?.onProgress((percent) => {
      if (this.status.state === 'downloading') this.update({ percent: Math.min(100, Math.max(0, percent)) });
    });
    updater?.onDownloaded((version) => this.update({ state: 'downloaded', availableVersion: version, percent: 100, message: null }));
    updater?.onError((error) => {
      if (this.status.state === 'checking' || this.status.state === 'downloading') this.fail(error);
    });
  }

  current(): UpdateStatus {
    return { ...this.status };
  }

  async check(): Promise<UpdateStatus> {
    const { updater, settings } = this.options;
    const feedUrl = settings.get().updates.feedUrl;
    if (!updater) throw new AppError('updates_unsupported', this.unsupportedReason());
    if (!feedUrl) throw new AppError('updates_off', 'Updates are off: add an update feed URL in Settings → Updates first');
    if (this.status.state === 'checking' || this.status.state === 'downloading' || this.status.state === 'downloaded') return this.current();
    const generation = this.feedGeneration;
    this.update({ state: 'checking', message: null });
    try {
      const result = await updater.check(feedUrl);
      if (generation !== this.feedGeneration) return this.current();
      const checkedAt = new Date(this.options.clock.now()).toISOString();
      if (result.kind === 'available') this.update({ state: 'downloading', availableVersion: result.version, percent: 0, checkedAt });
      else if (result.kind === 'none') this.update({ state: 'up_to_date', availableVersion: null, percent: null, checkedAt });
      else this.update({ state: 'unsupported', message: result.reason, checkedAt });
    } catch (error) {
      if (generation === this.feedGeneration) this.fail(error);
    }
    return this.current();
  }

  install(): { restarting: true } {
    if (this.status.state !== 'downloaded' || !this.options.updater) throw new AppError('no_update_downloaded', 'No update has been downloaded yet: check for updates first');
    this.options.log.info({ version: this.status.availableVersion }, 'restarting to install an update');
    this.options.updater.quitAndInstall();
    return { restarting: true };
  }

  /** The state with nothing under way: unsupported, off or idle. */
  private resting(): Pick<UpdateStatus, 'state' | 'message'> {
    if (!this.options.updater) return { state: 'unsupported', message: this.unsupportedReason() };
    return { state: this.options.settings.get().updates.feedUrl ? 'idle' : 'off', message: null };
  }

  private unsupportedReason(): string {
    return this.options.runtime === 'web' ? 'Web mode does not update itself: update the checkout it runs from' : 'Only the installed app updates itself; this one runs from a checkout';
  }

  private fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.options.log.warn({ err: error }, 'update check or download failed');
    this.update({ state: 'error', percent: null, message: `The update failed: ${message.split('\n')[0]}` });
  }

  private update(change: Partial<UpdateStatus>): void {
    this.status = { ...this.status, ...change };
    this.options.hub.emit('updates.changed', this.current(), 'updates');
  }
}
