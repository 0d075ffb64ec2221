/**
 * Whether the drafts queue can be saved: a journal write that fails (the data dir removed, its
 * drive unplugged or read-only, a full disk) pauses the draft work that needs the journal instead
 * of letting it retry at once for ever. A draft whose change could not be saved keeps its last
 * saved state, so it stays runnable: without a pause the engine started it again at once, failed
 * again, and spun two cores until killed. While paused, the whole queue is saved again after
 * growing waits (up to a minute) or when a person's action tries a write; once that works the
 * notice goes by itself and the drafts go on. What was acknowledged is in memory and goes into
 * that fresh snapshot, so nothing is lost even when the folder was emptied. In the style of
 * disk-space.ts, whose `disk_full` notice says a full disk (this one says everything else).
 */
import { backoffDelay, type BackoffPolicy } from '../../../common/backoff.js';
import type { Logger } from '../../../common/log.js';
import { words, type Words } from '../../core/contract/index.js';
import type { AppError } from '../../core/result.js';
import { refusal } from '../main-words.js';

/** A write the queue cannot make, as a refusal (the code a channel answers with). */
export const CANNOT_SAVE = 'cannot_save';
export const SAVE_RETRY: BackoffPolicy = { baseMs: 1_000, maxMs: 60_000 };

export interface QueueSavesOptions {
  /** The folder the queue is saved in (the data dir), as the notice names it. */
  folder: string;
  /** Shows the notice (its title), or takes it away (null). */
  notice(title: Words | null): void;
  /** A full disk, said by disk-space.ts (its own notice), or null for another failure. */
  diskFull?(error: unknown): AppError | null;
  /** Saves the whole queue afresh; throws while the folder cannot be written. */
  saveAll(): void;
  /** Saving works again: the drafts may go on. */
  resumed(): void;
  log: Logger;
  retry?: BackoffPolicy;
  random?: () => number;
}

export class QueueSaves {
  private failed: AppError | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly options: QueueSavesOptions) {}

  /** Whether draft work that writes the journal must wait. */
  get paused(): boolean {
    return this.failed !== null;
  }

  /** Makes a journal write; one that fails pauses the queue and is thrown as a refusal in words. */
  write<T>(change: () => T): T {
    if (this.failed && !this.saveAgain()) throw this.failed;
    try {
      return change();
    } catch (error) {
      throw this.refused(error);
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private refused(error: unknown): AppError {
    if (!this.failed) this.options.log.warn({ err: error }, 'cannot save the drafts queue; draft work waits until it can');
    const title = words('notice.cannot_save.title', { folder: this.options.folder });
    const full = this.options.diskFull?.(error) ?? null;
    // A full disk has its own notice, which says how much to free.
    this.options.notice(full ? null : title);
    this.failed = full ?? refusal(CANNOT_SAVE, title);
    this.schedule();
    return this.failed;
  }

  /** Tries to save the whole queue: true once it worked (then the drafts go on). */
  private saveAgain(): boolean {
    try {
      this.options.saveAll();
    } catch (error) {
      this.refused(error);
      return false;
    }
    this.failed = null;
    this.attempts = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.options.notice(null);
    this.options.log.info('the drafts queue can be saved again');
    // After the write that found the folder back: not from inside it (a pump there would change drafts mid-write).
    queueMicrotask(() => this.options.resumed());
    return true;
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    const wait = backoffDelay(++this.attempts, undefined, this.options.retry ?? SAVE_RETRY, this.options.random);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.failed) this.saveAgain();
    }, wait);
    this.timer.unref();
  }
}
