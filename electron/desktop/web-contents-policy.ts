/**
 * What any page in the app may do with navigation and windows: nothing but stay on the app's
 * origin. main.ts applies this to every webContents Electron creates (the Electron security
 * checklist's `web-contents-created` advice), and window.ts to the main window directly.
 */
import type { Logger } from '../../common/log.js';
import { isAppUrl } from '../transports/app-origin.js';
import { schemeOf } from '../../common/url-policy.js';
import { isExternalWebUrl } from './external-links.js';

export interface PreventableEvent {
  preventDefault(): void;
}

/** The part of Electron's WebContents the policy needs (the real one satisfies it). */
export interface GuardedWebContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-frame-navigate', listener: (details: PreventableEvent & { url: string }) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
}

export interface NavigationPolicyOptions {
  /** Opens a vetted https URL in the system browser. */
  openExternal(url: string): Promise<void>;
  log: Logger;
}

const guarded = new WeakSet<object>();

export function guardWebContents(contents: GuardedWebContents, { openExternal, log }: NavigationPolicyOptions): void {
  // main.ts guards every webContents as it is created and window.ts guards its own: once is enough.
  if (guarded.has(contents)) return;
  guarded.add(contents);

  // No window is ever created for a page. An https link (target=_blank, window.open) goes to
  // the system browser after the URL check; anything else is dropped.
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebUrl(url)) {
      openExternal(url).catch((error: unknown) => log.warn({ err: error }, 'the system could not open a link'));
    } else {
      log.warn({ scheme: schemeOf(url) }, 'refused a window.open');
    }
    return { action: 'deny' };
  });

  const stayOnAppOrigin = (event: PreventableEvent, url: string): void => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    log.warn({ scheme: schemeOf(url) }, 'refused a navigation away from the app');
  };
  contents.on('will-navigate', stayOnAppOrigin);
  contents.on('will-redirect', stayOnAppOrigin);
  // Subframes too (the CSP already forbids frames; this holds even if the CSP were lost).
  contents.on('will-frame-navigate', (details) => stayOnAppOrigin(details, details.url));
  // webviewTag is off in webPreferences; refusing the attach covers any webContents where it is not.
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
