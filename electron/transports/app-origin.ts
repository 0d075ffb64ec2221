/**
 * The app's own origin. The renderer is served from `app://draftdeck` (a privileged custom
 * scheme, see protocol.ts), never from file://: a file:// page shares its origin with every
 * other local file, while app://draftdeck is an origin only this app serves.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'draftdeck';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** Where the window starts: the renderer's index.html through the app protocol. */
export const APP_START_URL = `${APP_ORIGIN}/`;

/**
 * True for a URL on the app's own origin. Compared field by field because Node's URL gives
 * non-special schemes an opaque origin ("null"), unlike Chromium, where `app` is registered
 * as standard; a port or credentials make it a different origin.
 */
export function isAppUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.username === '' && url.password === '';
}
