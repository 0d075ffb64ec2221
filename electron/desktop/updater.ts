/**
 * UpdaterPort on electron-updater (electron-builder's updater): a `generic` provider whose URL is
 * the feed in force (the build's, an administrator's or the one the person confirmed;
 * services/shell/update-service.ts), set before every check, so a changed feed needs no restart.
 * A found update downloads by itself; it installs on "Restart to update" or when the app quits.
 * On Windows each download's signature is checked against the publisher names in app-update.yml,
 * which setFeedURL leaves alone (desktop/update-feed.ts refuses unsigned builds), by
 * desktop/update-signature.ts in place of electron-updater's own check, which lets an update
 * through when PowerShell cannot run.
 * electron-updater checks only in a packaged app (isUpdaterActive); main.ts creates this there only.
 */
import electronUpdater from 'electron-updater';
import type { Logger } from '../../common/log.js';
import type { UpdateCheck, UpdaterPort } from '../services/shell/update-service.js';
import { publisherSignatureCheck, type SignatureCheck } from './update-signature.js';

/** The part of electron-updater's AppUpdater used here (the real autoUpdater satisfies it). */
export interface AppUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: { info(message?: unknown): void; warn(message?: unknown): void; error(message?: unknown): void; debug?(message: string): void } | null;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean; updateInfo: { version: string }; downloadPromise?: Promise<unknown> | null } | null>;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  quitAndInstall(): void;
  /** Windows (NsisUpdater) only: the check of a downloaded installer's signature. */
  verifyUpdateCodeSignature?: SignatureCheck;
}

/** Where the feed comes from and who may change it (main.ts reads them: desktop/update-feed.ts, a native dialog). */
export type UpdaterFeeds = Pick<UpdaterPort, 'buildFeed' | 'policyFeed' | 'refusal' | 'confirmFeed'>;

export function createUpdater(log: Logger, feeds: UpdaterFeeds, updater: AppUpdaterLike = electronUpdater.autoUpdater as unknown as AppUpdaterLike, signatureCheck: SignatureCheck = publisherSignatureCheck()): UpdaterPort {
  updater.autoDownload = true;
  if ('verifyUpdateCodeSignature' in updater) updater.verifyUpdateCodeSignature = signatureCheck;
  updater.autoInstallOnAppQuit = true;
  // Its progress lines go to the app's log (files, scrubbed) instead of the console.
  updater.logger = {
    info: (message) => log.info(String(message)),
    warn: (message) => log.warn(String(message)),
    error: (message) => log.error(String(message)),
    debug: (message) => log.debug(message),
  };
  return {
    buildFeed: feeds.buildFeed,
    policyFeed: feeds.policyFeed,
    refusal: feeds.refusal,
    confirmFeed: (url) => feeds.confirmFeed(url),
    async check(feedUrl): Promise<UpdateCheck> {
      updater.setFeedURL({ provider: 'generic', url: feedUrl });
      const result = await updater.checkForUpdates();
      // The download autoDownload started: its failure also arrives as 'error' (the service's
      // onError), so here it is only logged, never left unhandled.
      result?.downloadPromise?.catch((error: unknown) => log.warn({ err: error }, 'downloading the update failed'));
      if (!result) return { kind: 'inactive', reason: 'This build cannot update itself (it is not an installed app)' };
      return result.isUpdateAvailable ? { kind: 'available', version: result.updateInfo.version } : { kind: 'none' };
    },
    onProgress: (listener) => updater.on('download-progress', (progress) => listener(progress.percent)),
    onDownloaded: (listener) => updater.on('update-downloaded', (info) => listener(info.version)),
    onError: (listener) => updater.on('error', listener),
    quitAndInstall: () => {
      try {
        updater.quitAndInstall();
      } catch (error) {
        log.error({ err: error }, 'installing the update failed');
        throw error;
      }
    },
  };
}
