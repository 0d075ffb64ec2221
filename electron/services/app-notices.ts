/**
 * The app's notices for the window (contract/app-notices.ts): damaged files moved aside at start,
 * and a full disk. Kept in memory for this run; every change is told as `appNotices.changed`.
 */
import type { AppNotice } from '../core/contract/index.js';
import type { EventSink } from '../core/events.js';
import type { DamagedFile } from './damaged-files.js';

export const DISK_FULL_NOTICE_ID = 'disk-full';

export class AppNotices {
  private readonly notices = new Map<string, AppNotice>();

  constructor(private readonly hub: EventSink) {}

  list(): AppNotice[] {
    return [...this.notices.values()];
  }

  /** A damaged file was moved aside and a fresh one made. */
  fileSetAside(damaged: DamagedFile): void {
    this.put({
      id: `set-aside:${damaged.movedTo}`,
      kind: 'file_set_aside',
      title: `${damaged.what} could not be read and started fresh`,
      body: `The file was damaged (${damaged.file}). It was moved aside to ${damaged.movedTo} for you to look at; the app made a new one.`,
      path: damaged.movedTo,
      dismissible: true,
    });
  }

  /** Writes fail for want of space (`message` says how much to free, and where); null once there is space again. */
  diskFull(message: string | null): void {
    const current = this.notices.get(DISK_FULL_NOTICE_ID);
    if (message === null) {
      if (current && this.notices.delete(DISK_FULL_NOTICE_ID)) this.changed();
      return;
    }
    if (current?.title === message) return;
    this.put({ id: DISK_FULL_NOTICE_ID, kind: 'disk_full', title: message, body: 'Saving and uploads wait; they go on by themselves once there is space.', path: null, dismissible: false });
  }

  dismiss(id: string): boolean {
    const notice = this.notices.get(id);
    if (!notice?.dismissible) return false;
    this.notices.delete(id);
    this.changed();
    return true;
  }

  private put(notice: AppNotice): void {
    this.notices.set(notice.id, notice);
    this.changed();
  }

  private changed(): void {
    this.hub.emit('appNotices.changed', this.list());
  }
}
