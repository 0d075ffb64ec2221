/**
 * The composition root shared by both runtimes: builds the services on top of what the host
 * provides (storage, logger, how to open a link) and wires them together; each feature registers
 * its own channels' handlers (the `*-channels.ts` files under services/), the root only spreads them in.
 * electron/main.ts and electron/web.ts differ only in what they pass here and how they carry
 * the dispatcher and the event hub to the renderer.
 */
import { join } from 'node:path';
import { systemClock, type Clock } from '../common/clock.js';
import type { Logger } from '../common/log.js';
import { createDispatcher, type Dispatch, type Handlers } from './core/dispatcher.js';
import { EventHub } from './transports/event-hub.js';
import { SettingsService } from './services/settings.js';
import { mainLocale, sayNotice, type MainLocale } from './services/main-words.js';
import { prepareDataDir } from './services/data-dir.js';
import { ffmpegBinaryPath } from './services/video-fix/ffmpeg-binary.js';
import { VideoFixer } from './services/video-fix/video-fixer.js';
import { lockDataDir } from './services/data-dir-lock.js';
import { AppNotices } from './services/app-notices.js';
import { appNoticesHandlers } from './services/app-notices-channels.js';
import { checkStartFiles } from './services/start-files.js';
import { CHECK_EVERY_MS as DISK_CHECK_EVERY_MS, DiskSpace, isDiskFull } from './services/disk-space.js';
import { journalUrlSeal } from './services/uploads/upload-url-seal.js';
import type { KeyValueStorage } from './services/storage.js';
import { createHttpClient } from '../platform-api/http.js';
import { createPublishApi } from '../platform-api/publish.js';
import { IncomingFiles } from './services/uploads/incoming-files.js';
import { PLATFORM_LIMITS, UploadService } from './services/uploads/upload-service.js';
import { DEFAULT_POLL_INTERVAL_MS } from './services/uploads/status-poller.js';
import { DEFAULT_RETRY_MS } from './services/uploads/draft-runner.js';
import { draftHandlers } from './services/uploads/draft-channels.js';
import { appHandlers } from './services/app-channels.js';
import { settingsHandlers } from './services/settings-channels.js';
import { accountHandlers, draftRefusal } from './services/accounts/account-channels.js';
import { watchFolderHandlers } from './services/watch-folders/watch-folder-channels.js';
import { DEFAULT_SCAN_INTERVAL_MS, DEFAULT_STABLE_MS, WatchFolderService } from './services/watch-folders/watch-folder-service.js';
import { vaultHandlers } from './services/vault/vault-channels.js';
import { AccountsService } from './services/accounts/accounts-service.js';
import { BuiltinPlatform, type PlatformPrograms } from './services/builtin-platform/builtin-platform.js';
import { builtinPlatformHandlers } from './services/builtin-platform/builtin-platform-channels.js';
import type { LaunchProgram } from './services/builtin-platform/program.js';
import { createStoreApi } from '../platform-api/backend-store.js';
import { PurchasesService, STORE_POLL_MS } from './services/purchases/purchases-service.js';
import { DEFAULT_BACKOFF } from '../common/backoff.js';
import { storeHandlers } from './services/purchases/store-channels.js';
import { openKeyFileCipher } from './services/vault/key-file-cipher.js';
import type { SecretCipher } from './services/vault/secret-cipher.js';
import { Vault } from './services/vault/vault.js';
import { PhotoPrep, sourceWorker, type WorkerSource } from './services/photos/photo-prep.js';
import { photoKind } from './services/photos/photo-kind.js';
import { currentPhotoHost, PhotoService } from './services/photos/photo-service.js';
import { photoHandlers } from './services/photos/photo-channels.js';
import { shellHandlers, type LogsFolder } from './services/shell/shell-channels.js';
import { UpdateService, type UpdaterPort } from './services/shell/update-service.js';
import { createResearchService } from './services/research/create.js';
import { researchHandlers } from './services/research/research-channels.js';
import { Downloads } from './services/downloads.js';
import { batchNotices } from './services/uploads/batch-notices.js';
import type { BatchNotice } from './core/contract/index.js';

/**
 * The app's fixed waits between two looks at something that changes outside it (real time, but
 * for the watch folders' stable time, measured on the app's clock). Production runs the defaults;
 * tests shorten them
 * (test/support/app-harness.ts, and web mode's DRAFTDECK_TEST_TIMING for the end-to-end tests).
 */
export interface AppTiming {
  /** Between two status reads of a draft the platform is processing (op 6). */
  statusPollMs: number;
  /** Between two scans of the watch folders. */
  watchScanMs: number;
  /** How long a file in a watch folder must stay the same size before it is taken. */
  watchStableMs: number;
  /** Between two looks at the data dir's free space. */
  diskCheckMs: number;
  /** Between two reads of an order's status while its payment is under way (the Store). */
  storePollMs: number;
  /** The Store's first wait before asking its backend again after a lost or 5xx answer (doubling, jittered). */
  storeRetryMs: number;
  /** An upload's or a status read's first wait after a transient failure the platform names no wait for (doubling, jittered). */
  uploadRetryMs: number;
}

export const DEFAULT_TIMING: Readonly<AppTiming> = {
  statusPollMs: DEFAULT_POLL_INTERVAL_MS,
  watchScanMs: DEFAULT_SCAN_INTERVAL_MS,
  watchStableMs: DEFAULT_STABLE_MS,
  diskCheckMs: DISK_CHECK_EVERY_MS,
  storePollMs: STORE_POLL_MS,
  storeRetryMs: DEFAULT_BACKOFF.baseMs,
  uploadRetryMs: DEFAULT_RETRY_MS,
};

export interface AppHost {
  runtime: 'electron' | 'web';
  version: string;
  storage: KeyValueStorage;
  /** Where the app keeps its files (queue journal, incoming files, vault, the built-in platform's state). */
  dataDir: string;
  log: Logger;
  clock?: Clock;
  /** Shorter waits for tests; DEFAULT_TIMING where absent. */
  timing?: Partial<AppTiming>;
  /** Opens a vetted URL outside the app; false when the host leaves that to the renderer. */
  openExternal(url: string): Promise<boolean>;
  /** How the vault encrypts: safeStorage in Electron; a key file in dataDir by default (web mode). */
  secretCipher?: SecretCipher;
  /**
   * The built-in platform's programs (the sandbox's and the backend's built bundles) and how to
   * start them: a child process in web mode, Electron's utilityProcess in the desktop app.
   * `sandboxArgs` lets tests give the sandbox a config file.
   */
  builtinPlatform: { programs: PlatformPrograms; launch: LaunchProgram; sandboxArgs?: readonly string[] };
  /** The photo worker's code: the bundled file in Electron; the TypeScript entry (through tsx) by default. */
  photoWorker?: WorkerSource;
  /** Electron: where the log files are (web mode logs to the terminal). */
  logs?: LogsFolder;
  /** The installed Electron app's updater; absent where the app cannot update itself. */
  updater?: UpdaterPort;
  /** Electron: a save dialog for exports (null when cancelled). Web mode offers downloads instead. */
  chooseSavePath?: (defaultName: string, format: 'csv' | 'ndjson') => Promise<string | null>;
  /**
   * Electron: shows a notice as a system notification, in the words given (the notice said in the
   * window's language, services/main-words.ts). In web mode the page shows it (the `notices.batch` event).
   */
  notify?: (notice: BatchNotice, text: { title: string; body: string }) => void;
  /** Electron: the OS's preferred languages, for the window's locale (web mode: the browser's, read by the page). */
  systemLanguages?: () => readonly string[];
  /**
   * The FFmpeg executable that fixes videos (services/video-fix/ffmpeg-binary.ts): from the app's
   * node_modules (app.asar.unpacked when packaged); the working folder's by default (tests).
   */
  ffmpegPath?: string;
  /** Electron: the system's folder picker for watch folders (null when cancelled). Web mode: the path is typed. */
  chooseFolder?: () => Promise<string | null>;
}

export interface App {
  dispatch: Dispatch;
  hub: EventHub;
  /** Web mode streams dropped files here. */
  incoming: IncomingFiles;
  /** Web mode serves exports from here. */
  downloads: Downloads;
  /** What the window is told beside any page (web mode adds a damaged web session's notice). */
  notices: AppNotices;
  /** The language the window speaks (its setting, or the OS's languages): what the main process's own dialogs say things in. */
  windowLocale(): MainLocale;
  close(): Promise<void>;
}

export async function createApp(host: AppHost): Promise<App> {
  prepareDataDir(host.dataDir);
  const lock = await lockDataDir(host.dataDir, { runtime: host.runtime });
  const hub = new EventHub();
  const notices = new AppNotices(hub);
  // After the lock: no other launch is writing these. The settings store was checked when the host opened it.
  for (const damaged of [host.storage.damaged ?? null, ...checkStartFiles(host.dataDir)]) {
    if (damaged === null) continue;
    host.log.warn({ file: damaged.file, movedTo: damaged.movedTo }, 'a damaged file was moved aside; starting from a fresh one');
    notices.fileSetAside(damaged);
  }
  const timing: AppTiming = { ...DEFAULT_TIMING, ...host.timing };
  const disk = new DiskSpace({ dir: host.dataDir, notices, checkEveryMs: timing.diskCheckMs });
  disk.start();
  /** A write the disk had no room for, as the error a person can act on (and the notice until there is room). */
  const diskFull = (error: unknown, wantedBytes = 0) => (isDiskFull(error) ? disk.refused(wantedBytes) : null);
  const clock = host.clock ?? systemClock;
  const settings = new SettingsService(host.storage, hub, host.log.child({ service: 'settings' }));
  /** The language the window speaks (its setting, or the OS's languages), for what the main process says outside it. */
  const windowLocale = () => mainLocale(settings.get().language.locale, host.systemLanguages?.() ?? []);
  const send = createHttpClient({ log: host.log.child({ layer: 'http' }) });
  const vault = await Vault.open({ dataDir: host.dataDir, cipher: host.secretCipher ?? openKeyFileCipher(host.dataDir), storage: host.storage, log: host.log.child({ service: 'vault' }) });
  const sandbox = new BuiltinPlatform({ dataDir: host.dataDir, log: host.log, http: send, fileSetAside: (damaged) => notices.fileSetAside(damaged), ...host.builtinPlatform });
  const accounts = new AccountsService({ settings, vault, storage: host.storage, sandbox, http: send, hub, log: host.log.child({ service: 'accounts' }), openExternal: host.openExternal, clock });
  accounts.start();
  const tokens = accounts.tokenSource();
  const incoming = new IncomingFiles(join(host.dataDir, 'incoming'), diskFull);
  const publishApi = createPublishApi(send);
  const photoLog = host.log.child({ service: 'photos' });
  const uploads = new UploadService({
    dataDir: host.dataDir,
    clock,
    pollIntervalMs: timing.statusPollMs,
    retryBaseMs: timing.uploadRetryMs,
    hub,
    log: host.log.child({ service: 'uploads' }),
    tokens,
    publish: publishApi,
    urlSeal: await journalUrlSeal(vault),
    photoKind: photoKind({ api: publishApi, host: () => currentPhotoHost({ settings, vault, tokens, send, log: photoLog }), log: photoLog }),
    concurrency: () => settings.get().uploads.concurrency,
    // Videos the platform would refuse and FFmpeg can fix; the fixed files live in <dataDir>/cache/video-fix.
    fixer: new VideoFixer({ binary: host.ffmpegPath ?? ffmpegBinaryPath(process.cwd()), cacheDir: join(host.dataDir, 'cache', 'video-fix'), log: host.log.child({ service: 'video-fix' }) }),
    fixMode: () => settings.get().videos.fix,
    cannotSave: (title) => notices.cannotSave(title),
    diskFull: (error) => diskFull(error),
    draftChanged: batchNotices((notice) => {
      hub.emit('notices.batch', notice);
      // Told from inside a journal write: a notification the system refuses must not fail the write.
      try {
        if (host.notify) host.notify(notice, sayNotice(notice, windowLocale()));
      } catch (err) {
        host.log.warn({ err }, 'could not show a notification');
      }
    }),
    limits: () => {
      const limits = settings.get().profile.kind === 'sandbox' ? sandbox.runningSandbox?.limits : undefined;
      return limits ? { initPerMinute: limits.init_per_minute, statusPerMinute: limits.status_per_minute, pendingSharesPerDay: limits.pending_shares_per_24h } : PLATFORM_LIMITS;
    },
  });
  const prep = new PhotoPrep(host.photoWorker ?? sourceWorker(), host.log.child({ service: 'photo-prep' }));
  const photos = new PhotoService({ dataDir: host.dataDir, prep, uploads, settings, vault, hub, send, log: photoLog });
  settings.onChange((next, previous) => {
    if (next.uploads.concurrency !== previous.uploads.concurrency) uploads.setConcurrencyChanged();
  });
  accounts.onAccountsChanged((list) => uploads.accountsChanged(new Set(list.filter((account) => account.status === 'ok').map((account) => account.openId))));
  const purchases = new PurchasesService({ accounts, api: createStoreApi(send), hub, log: host.log.child({ service: 'purchases' }), openExternal: host.openExternal, diskFull: () => disk.fullNow(), pollMs: timing.storePollMs, backoff: { ...DEFAULT_BACKOFF, baseMs: timing.storeRetryMs } });
  await incoming.sweep(uploads.ownedFiles());
  await photos.sweep();
  uploads.start();
  const updates = new UpdateService({ updater: host.updater, runtime: host.runtime, version: host.version, storage: host.storage, hub, log: host.log.child({ service: 'updates' }), clock });
  updates.start();
  const downloads = new Downloads();
  const watchFolders = new WatchFolderService({ dataDir: host.dataDir, storage: host.storage, uploads, checkAccount: draftRefusal(accounts), hub, log: host.log.child({ service: 'watch-folders' }), clock, chooseFolder: host.chooseFolder, intervalMs: timing.watchScanMs, stableMs: timing.watchStableMs });
  watchFolders.start();
  const research = createResearchService({ accounts, sandbox, send, storage: host.storage, hub, log: host.log.child({ service: 'research' }), chooseSavePath: host.chooseSavePath, downloads });

  const handlers: Handlers = {
    ...builtinPlatformHandlers(sandbox, hub),
    ...appNoticesHandlers(notices),
    ...appHandlers({ version: host.version, runtime: host.runtime, systemLanguages: host.systemLanguages, sandboxInfo: () => accounts.sandboxInfo(), openExternal: host.openExternal }),
    ...settingsHandlers(settings),
    ...draftHandlers(uploads, incoming, host.runtime, draftRefusal(accounts)),
    ...accountHandlers(accounts, { removed: (openId) => uploads.accountRemoved(openId) }),
    ...vaultHandlers(accounts),
    ...photoHandlers(photos, incoming, host.runtime, draftRefusal(accounts)),
    ...storeHandlers(purchases),
    ...shellHandlers(updates, host.logs),
    ...researchHandlers(research),
    ...watchFolderHandlers(watchFolders),
  };

  return {
    dispatch: createDispatcher(handlers, host.log.child({ layer: 'ipc' }), { explain: (error) => diskFull(error) }),
    hub,
    incoming,
    downloads,
    notices,
    windowLocale,
    async close() {
      updates.close();
      await research.close();
      // Before the engine: a scan must not add a draft to a closed queue.
      await watchFolders.close();
      await uploads.close();
      await prep.close();
      purchases.close();
      await accounts.close();
      await sandbox.close();
      disk.close();
      lock.release();
    },
  };
}
