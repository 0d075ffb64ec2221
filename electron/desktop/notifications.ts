/**
 * AppHost.notify in Electron: a notice (a batch reached the inbox or failed) as a system
 * notification, so the person hears of it with the window in the background. Clicking it brings
 * the window forward. Where the system has no notifications (some Linux desktops), nothing shows:
 * the queue says the same.
 */
import type { NotificationConstructorOptions } from 'electron';
import type { BatchNotice } from '../core/contract/index.js';

export interface NotificationApi {
  isSupported(): boolean;
  new (options: NotificationConstructorOptions): { show(): void; on(event: 'click', listener: () => void): unknown };
}

export function createNotifier(Notification: NotificationApi, bringToFront: () => void) {
  return (notice: BatchNotice): void => {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title: notice.title, body: notice.body });
    notification.on('click', bringToFront);
    notification.show();
  };
}
