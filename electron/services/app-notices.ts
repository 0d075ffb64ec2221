/**
 * The app's notices for the window (contract/app-notices.ts): damaged files moved aside at start,
 * a full disk, and a drafts queue that cannot be saved. Kept in memory for this run; every change is told as `appNotices.changed`.
 */
import { sameWords, words, type AppNotice, type Words } from '../core/contract/index.js';
import type { EventSink } from '../core/events.js';
import type { DamagedFile } from './damaged-files.js';

export const DISK_FULL_NOTICE_ID = 'disk-full';
export const CANNOT_SAVE_NOTICE_ID = 'cannot-save';

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
      // What it held: the catalog's words for the app's own files (`content`), else as the program said it.
      title: words('notice.file_set_aside.title', { what: damaged.content ?? 'other', text: damaged.what }),
      body: words('notice.file_set_aside.body', { file: damaged.file, movedTo: damaged.movedTo }),
      path: damaged.movedTo,
      dismissible: true,
    });
  }

  /** Writes fail for want of space (`title` says how much to free, and where); null once there is space again. */
  diskFull(title: Words | null): void {
    this.stateNotice(DISK_FULL_NOTICE_ID, 'disk_full', title, words('notice.disk_full.body'));
  }

  /** The drafts queue cannot be saved (`title` names the folder: missing or read-only); null once it can again (uploads/queue-saves.ts). */
  cannotSave(title: Words | null): void {
    this.stateNotice(CANNOT_SAVE_NOTICE_ID, 'cannot_save', title, words('notice.cannot_save.body'));
  }

  /** A notice that says a state of the app: shown (or its title changed) while it lasts, gone once `title` is null; not dismissible. */
  private stateNotice(id: string, kind: 'disk_full' | 'cannot_save', title: Words | null, body: Words): void {
    const current = this.notices.get(id);
    if (title === null) {
      if (current && this.notices.delete(id)) this.changed();
      return;
    }
    if (current && sameWords(current.title, title)) return;
    this.put({ id, kind, title, body, path: null, dismissible: false });
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
