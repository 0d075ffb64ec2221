/**
 * Updates of the installed app, as a state the renderer shows (Settings → Updates, and a notice
 * once one is downloaded) and a few actions. On by default: the app checks its feed at start and
 * every CHECK_EVERY_MS; a found update downloads in the background and installs when the app quits.
 *
 * Where updates come from is not the page's to decide: the build's own feed (electron-builder.yml
 * `publish`), an administrator's policy file (which wins), or a feed the person confirmed in a
 * native dialog of the main process (`updates.useFeed`; a compromised page cannot answer it), kept
 * in the main process's storage. The updater itself (electron-updater, electron/desktop/updater.ts)
 * sits behind UpdaterPort, so this logic is tested against a fake.
 */
import type { Clock } from '../../../common/clock.js';
import type { Logger } from '../../../common/log.js';
import type { UpdateStatus } from '../../core/contract/index.js';
import type { EventSink } from '../../core/events.js';
import { words, type Words } from '../../core/contract/words.js';
import { refusal, sayWords } from '../main-words.js';
import type { KeyValueStorage } from '../storage.js';

export type UpdateCheck = { kind: 'available'; version: string } | { kind: 'none' } | { kind: 'inactive'; reason: string };

/** What the app needs of an updater (electron-updater's autoUpdater behind electron/desktop/updater.ts). */
export interface UpdaterPort {
  /** The feed this build was made with (written into app-update.yml by electron-builder); null in a build without one. */
  readonly buildFeed: string | null;
  /** An administrator's feed (the policy file), which no one else can change; null without one. */
  readonly policyFeed: string | null;
  /** Why this build must not install updates at all (an unsigned Windows or macOS build), or null. */
  readonly refusal: string | null;
  /** Asks the person, in a native dialog the page cannot answer, to confirm a different feed. */
  confirmFeed(url: string): Promise<boolean>;
  /** Asks the feed at `feedUrl`; a newer version starts downloading by itself. */
  check(feedUrl: string): Promise<UpdateCheck>;
  onProgress(listener: (percent: number) => void): void;
  onDownloaded(listener: (version: string) => void): void;
  onError(listener: (error: Error) => void): void;
  quitAndInstall(): void;
}

/** How often the installed app asks its feed (besides once at start). */
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;
/** The first check waits this long after start, so it does not compete with the app starting. */
export const FIRST_CHECK_AFTER_MS = 15_000;
/** The main process's storage key of the feed the person confirmed (never a setting the page can write). */
const CHOSEN_FEED_KEY = 'updates.chosenFeed';

export interface UpdateServiceOptions {
  /** Absent where the app cannot update itself (web mode, Electron run from a checkout). */
  updater?: UpdaterPort;
  runtime: 'electron' | 'web';
  version: string;
  storage: KeyValueStorage;
  hub: EventSink;
  log: Logger;
  clock: Clock;
}

type Feed = Pick<UpdateStatus, 'feedUrl' | 'feedSource'>;

/** A status's words, and the same in English as its message. */
function said(value: Words | null): Pick<UpdateStatus, 'message' | 'messageWords'> {
  return { message: value && sayWords(value), messageWords: value };
}

export class UpdateService {
  private status: UpdateStatus;
  /** Bumped whenever the feed changes: an answer from the previous feed is dropped. */
  private feedGeneration = 0;
  private timers: ReturnType<typeof setTimeout>[] = [];

  constructor(private readonly options: UpdateServiceOptions) {
    this.status = { ...this.resting(), ...this.feed(), currentVersion: options.version, availableVersion: null, percent: null, checkedAt: null };
    const { updater } = options;
    updater?.onProgress((percent) => {
      if (this.status.state === 'downloading') this.update({ percent: Math.min(100, Math.max(0, percent)) });
    });
    updater?.onDownloaded((version) => {
      options.log.info({ version }, 'an update downloaded; it installs when the app quits');
      this.update({ state: 'downloaded', availableVersion: version, percent: 100, ...said(null) });
    });
    updater?.onError((error) => {
      if (this.status.state === 'checking' || this.status.state === 'downloading') this.fail(error);
    });
  }

  /** Checks at start (after FIRST_CHECK_AFTER_MS) and every CHECK_EVERY_MS, where the app can update. */
  start(): void {
    if (this.status.state === 'unsupported' || this.status.state === 'off') return;
    const scheduled = () => void this.check().catch((error: unknown) => this.options.log.warn({ err: error }, 'scheduled update check failed'));
    const first = setTimeout(scheduled, FIRST_CHECK_AFTER_MS);
    const every = setInterval(scheduled, CHECK_EVERY_MS);
    first.unref?.();
    every.unref?.();
    this.timers.push(first, every);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  current(): UpdateStatus {
    return { ...this.status };
  }

  async check(): Promise<UpdateStatus> {
    const { updater } = this.options;
    if (!updater || updater.refusal) throw refusal('updates_unsupported', this.unsupportedReason());
    const feedUrl = this.feed().feedUrl;
    if (!feedUrl) throw refusal('updates_off', 'update.off');
    if (this.status.state === 'checking' || this.status.state === 'downloading' || this.status.state === 'downloaded') return this.current();
    const generation = this.feedGeneration;
    this.update({ state: 'checking', ...said(null) });
    try {
      const result = await updater.check(feedUrl);
      if (generation !== this.feedGeneration) return this.current();
      const checkedAt = new Date(this.options.clock.now()).toISOString();
      if (result.kind === 'available') this.update({ state: 'downloading', availableVersion: result.version, percent: 0, checkedAt });
      else if (result.kind === 'none') this.update({ state: 'up_to_date', availableVersion: null, percent: null, checkedAt });
      else {
        this.options.log.info({ reason: result.reason }, 'the updater is inactive');
        this.update({ state: 'unsupported', ...said(words('update.not_installed')), checkedAt });
      }
    } catch (error) {
      if (generation === this.feedGeneration) this.fail(error);
    }
    return this.current();
  }

  /**
   * Gets updates from `url` from now on (null: the build's own feed again), once the person has
   * confirmed it in the main process's dialog. An administrator's feed stays whatever is asked.
   */
  async useFeed(url: string | null): Promise<UpdateStatus> {
    const { updater, storage, log } = this.options;
    if (!updater || updater.refusal) throw refusal('updates_unsupported', this.unsupportedReason());
    if (updater.policyFeed) throw refusal('managed_by_policy', 'update.managed');
    if (url === (this.feed().feedSource === 'chosen' ? this.feed().feedUrl : null)) return this.current();
    if (url !== null && !(await updater.confirmFeed(url))) throw refusal('feed_not_confirmed', 'update.not_confirmed');
    if (url === null) storage.delete(CHOSEN_FEED_KEY);
    else storage.set(CHOSEN_FEED_KEY, url);
    log.warn({ feed: url ?? 'the build’s own' }, 'the update feed was changed');
    this.feedGeneration++;
    // A downloaded update stays installable whatever the feed says now.
    if (this.status.state === 'downloaded') this.update(this.feed());
    else this.update({ ...this.resting(), ...this.feed(), availableVersion: null, percent: null, checkedAt: null });
    return this.current();
  }

  install(): { restarting: true } {
    if (this.status.state !== 'downloaded' || !this.options.updater) throw refusal('no_update_downloaded', 'update.none_downloaded');
    this.options.log.info({ version: this.status.availableVersion }, 'restarting to install an update');
    this.options.updater.quitAndInstall();
    return { restarting: true };
  }

  /** The feed in force: an administrator's, else the one the person confirmed, else the build's. */
  private feed(): Feed {
    const { updater, storage } = this.options;
    if (!updater) return { feedUrl: null, feedSource: null };
    if (updater.policyFeed) return { feedUrl: updater.policyFeed, feedSource: 'policy' };
    const chosen = storage.get(CHOSEN_FEED_KEY);
    if (typeof chosen === 'string' && chosen) return { feedUrl: chosen, feedSource: 'chosen' };
    return updater.buildFeed ? { feedUrl: updater.buildFeed, feedSource: 'build' } : { feedUrl: null, feedSource: null };
  }

  /** The state with nothing under way: unsupported, off or idle. */
  private resting(): Pick<UpdateStatus, 'state' | 'message' | 'messageWords'> {
    const { updater } = this.options;
    if (!updater || updater.refusal) return { state: 'unsupported', ...said(this.unsupportedReason()) };
    return this.feed().feedUrl ? { state: 'idle', ...said(null) } : { state: 'off', ...said(words('update.off')) };
  }

  /** Why this copy does not update itself (the updater's own refusal, in English, is logged where it is made: an unsigned build). */
  private unsupportedReason(): Words {
    if (this.options.updater?.refusal) return words('update.unsigned');
    return words(this.options.runtime === 'web' ? 'update.web' : 'update.checkout');
  }

  private fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.options.log.warn({ err: error }, 'update check or download failed');
    this.update({ state: 'error', percent: null, ...said(words('update.failed', { detail: message.split('\n')[0]! })) });
  }

  private update(change: Partial<UpdateStatus>): void {
    this.status = { ...this.status, ...change };
    this.options.hub.emit('updates.changed', this.current(), 'updates');
  }
}
