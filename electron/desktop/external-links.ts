/**
 * Links leave the app through here and nowhere else: the system browser gets a URL only after
 * it passes a check, never whatever a page asked for (the electron-vite template's
 * `shell.openExternal(details.url)` on any URL is what this avoids: `file:`, `smb:` or a custom
 * scheme handed to the OS can run programs).
 */
import type { Logger } from '../../common/log.js';
import { isHttpsOrLoopback, schemeOf } from '../../common/url-policy.js';
import { refusal } from '../services/main-words.js';

/** The part of Electron's `shell` this module needs. */
export interface ExternalShell {
  openExternal(url: string): Promise<void>;
}

/**
 * What a page may open by itself (window.open, `target=_blank` links): https only, without
 * credentials in the URL. A page of this app has no reason to send the user to plain http.
 */
export function isExternalWebUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '';
}

/**
 * AppHost.openExternal for the `shell.openExternal` channel. Wider than isExternalWebUrl on
 * purpose: https, or plain http on loopback only, because signing in to the embedded platform
 * sandbox opens its consent page (http://127.0.0.1:<port>/v2/auth/authorize/...) in the system
 * browser, as RFC 8252 asks of desktop apps. The contract already refuses other URLs; the check
 * is repeated here because this is the last step before the operating system.
 */
export function createExternalOpener(shell: ExternalShell, log: Logger): (url: string) => Promise<boolean> {
  return async (url) => {
    if (!isHttpsOrLoopback(url)) {
      log.warn({ scheme: schemeOf(url) }, 'refused to open a link outside the app');
      throw refusal('unsafe_url', 'link.unsafe');
    }
    try {
      await shell.openExternal(url);
      return true;
    } catch (error) {
      log.warn({ err: error }, 'the system could not open a link');
      throw refusal('open_failed', 'link.no_app');
    }
  };
}
