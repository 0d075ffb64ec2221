/**
 * UpdaterPort on electron-updater (electron-builder's updater): a `generic` provider whose URL is
 * the feed URL from Settings, set before every check, so changing the setting needs no restart.
 * A found update downloads by itself; it installs on "Restart to update" or when the app quits.
 * electron-updater checks only in a packaged app (isUpdaterActive); main.ts creates this there only.
 */
import electronUpdater from 'electron-updater';
import type { Logger } from '../../common/log.js';
import type { UpdateCheck, UpdaterPort } from '../services/shell/update-service.js';

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
}

export function createUpdater(log: Logger, updater: AppUpdaterLike = electronUpdater.autoUpdater as unknown as AppUpdaterLike): UpdaterPort {
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  // Its progress lines go to the app's log (files, scrubbed) instead of the console.
  updater.logger = {
    info: (message) => log.info(String(message)),
    warn: (message) => log.warn(String(message)),
    error: (message) => log.error(String(message)),
    debug: (message) => log.debug(message),
  };
  return {
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
