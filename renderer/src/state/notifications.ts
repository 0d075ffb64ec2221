/**
 * Web mode's notices outside the window: the host tells of a settled batch (`notices.batch`, at
 * most once per batch) and the page shows it with the browser's Notification API, once the person
 * allowed it. Permission is asked only when the person presses the button for it in Settings (a
 * user gesture; browsers ignore or punish asking on load). In Electron the main process shows the
 * notice itself (electron/desktop/notifications.ts), so the page shows nothing. Either way a click
 * on the notice brings the batch's drafts into view: the queue, unfiltered, with them selected.
 */
import { create } from 'zustand';
import { on, runtime } from '../api/client';
import { navigate } from './navigation';
import { selectOnly, setFilter } from './queue-view';
import { currentIntl } from '../i18n';
import { saySentences, sayWords } from '../i18n/main-words';

/** The browser's answer so far, or `unsupported` where the page has no Notification API. */
export type NoticePermission = NotificationPermission | 'unsupported';

function currentPermission(): NoticePermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export const useNoticePermission = create<{ permission: NoticePermission }>()(() => ({ permission: currentPermission() }));

/** Asks the browser (call from a click): the answer is kept in useNoticePermission. */
export async function askNoticePermission(): Promise<void> {
  if (typeof Notification === 'undefined') return;
  useNoticePermission.setState({ permission: await Notification.requestPermission() });
}

/** The queue on a batch's drafts: every account and state shown, the batch selected. */
export function showBatch(draftIds: readonly string[]): void {
  navigate('queue');
  setFilter({ account: null, state: null });
  selectOnly(draftIds);
}

export function startNotices(): void {
  // Electron: the main process tells which notification was clicked.
  on('notices.opened', ({ draftIds }) => showBatch(draftIds));
  if (runtime !== 'web') return;
  on('notices.batch', (notice) => {
    // Read now, not from the store: it can be changed in the browser's site settings meanwhile.
    const permission = currentPermission();
    if (permission !== useNoticePermission.getState().permission) useNoticePermission.setState({ permission });
    if (permission !== 'granted') return;
    // The tag makes a second tab's copy replace this one rather than show twice.
    // Said in the window's language now (the notice is codes and values, main-words.ts).
    const intl = currentIntl();
    const shown = new Notification(sayWords(intl, notice.title), { body: saySentences(intl, notice.body), tag: notice.batchId });
    shown.onclick = () => {
      window.focus();
      showBatch(notice.draftIds);
      shown.close();
    };
  });
}
