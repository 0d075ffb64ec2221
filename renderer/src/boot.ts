/**
 * What runs first, before the rest of the window's code is evaluated (main.tsx imports it first):
 * the session token, then the calls the Queue's first paint waits for (the settings, the accounts,
 * the queue's first page). The host answers them while React and the views are evaluated, instead
 * of after (evaluating the bundle was a fifth of the Queue's first paint; queue-render benchmark).
 * These stores need nothing of React's DOM, so importing them here brings nothing heavy forward.
 */
import { rememberSessionToken } from './api/session';
import { startAccounts } from './state/accounts';
import { startDrafts } from './state/drafts';
import { startSettings } from './state/settings';
import { startSystemLanguages } from './i18n/system-languages';
import { stripTokenFromAddressBar, tokenFromUrl } from './url';

// The token first, then the address bar is cleaned: in this order, or the token is lost.
rememberSessionToken(tokenFromUrl(window.location.href));
stripTokenFromAddressBar();
/** What the first screen shows: the settings, the accounts, the queue's first page and the system's languages (main.tsx waits for them). */
export const firstScreenData = Promise.all([startSettings(), startAccounts(), startDrafts(), startSystemLanguages()]);
