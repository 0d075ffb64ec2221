/**
 * AppHost.notify in Electron: a notice (a batch reached the inbox or failed) as a system
 * notification, so the person hears of it with the window in the background. Clicking it brings
 * the window forward on the batch's drafts. Where the system has no notifications (some Linux
 * desktops), nothing shows: the queue says the same.
 *
 * Each notification is kept until it is closed or clicked: one only the notification center still
 * refers to can be garbage-collected in the main process, and its click handler with it (Electron's
 * Notification docs). On Windows a notification shows only for an app whose AppUserModelId matches
 * the one its Start menu shortcut carries, which electron-builder's NSIS installer sets from `appId`.
 */
import type { NotificationConstructorOptions } from 'electron';
import type { BatchNotice } from '../core/contract/index.js';

/** electron-builder.yml `appId`, which the NSIS installer gives the shortcut (test/unit/electron/desktop/notifications.test.ts checks they agree). */
export const APP_USER_MODEL_ID = 'app.draftdeck.desktop';

interface ShownNotification {
  show(): void;
  on(event: 'click' | 'close', listener: () => void): unknown;
}

export interface NotificationApi {
  isSupported(): boolean;
  new (options: NotificationConstructorOptions): ShownNotification;
}

export type Notifier = ((notice: BatchNotice, text: { title: string; body: string }) => void) & { /** Notifications shown and not yet closed or clicked. */ readonly showing: () => number };

export function createNotifier(Notification: NotificationApi, opened: (notice: BatchNotice) => void): Notifier {
  const live = new Set<ShownNotification>();
  /** `text` is the notice in the window's language (the notice itself is words: codes and values). */
  const notify = (notice: BatchNotice, text: { title: string; body: string }): void => {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title: text.title, body: text.body });
    live.add(notification);
    notification.on('click', () => {
      live.delete(notification);
      opened(notice);
    });
    notification.on('close', () => live.delete(notification));
    notification.show();
  };
  return Object.assign(notify, { showing: () => live.size });
}
