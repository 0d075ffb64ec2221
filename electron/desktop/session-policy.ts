/**
 * Permissions: the app needs none of the web's (camera, microphone, notifications, geolocation,
 * USB, HID, serial, clipboard reads...), so every request and every check answers no. Electron's
 * default is to grant them all. Downloads initiated by a page are refused too: files leave the app
 * through the main process, never through a page.
 */
import type { Logger } from '../../common/log.js';
import type { PreventableEvent } from './web-contents-policy.js';

/** The part of Electron's Session the policy needs (the real one satisfies it). */
export interface GuardedSession {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
  on(event: 'will-download', listener: (event: PreventableEvent) => void): unknown;
}

export function guardSession(session: GuardedSession, log: Logger): void {
  session.setPermissionRequestHandler((_webContents, permission, callback) => {
    log.warn({ permission }, 'refused a permission request');
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event) => {
    event.preventDefault();
    log.warn('refused a download started by a page');
  });
}
