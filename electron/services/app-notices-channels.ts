/** The app notices' channels, on top of AppNotices. */
import type { appNoticesChannels } from '../core/contract/index.js';
import type { HandlersFor } from '../core/dispatcher.js';
import type { AppNotices } from './app-notices.js';

export function appNoticesHandlers(notices: AppNotices): HandlersFor<typeof appNoticesChannels> {
  return {
    'appNotices.list': () => notices.list(),
    'appNotices.dismiss': ({ id }) => ({ dismissed: notices.dismiss(id) }),
  };
}
