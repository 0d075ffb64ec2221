/**
 * A full disk, said as a full disk: "The disk is full: free N MB on <volume>". Anything that
 * writes in the data dir and meets ENOSPC reports it here (the dispatcher for every channel, the
 * web host's file intake); the notice (app.notices, `disk_full`) then shows until there is room
 * again, checked every few seconds, and goes away by itself. The free space is also looked at on
 * each check, so a disk filled by something else is said before a write fails.
 */
import { statfsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { words } from '../core/contract/index.js';
import { AppError } from '../core/result.js';
import { sayWords } from './main-words.js';
import type { AppNotices } from './app-notices.js';

const MB = 1024 * 1024;
/** Room the app wants to have before it calls the disk usable again (journals, settings, a chunk or two). */
export const MIN_FREE_BYTES = 64 * MB;
/** Below this the disk counts as full even before a write failed. */
const FULL_BELOW_BYTES = 8 * MB;
export const CHECK_EVERY_MS = 2_000;

/** ENOSPC, thrown as it is or as the cause of another error. */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as NodeJS.ErrnoException).code === 'ENOSPC') return true;
  }
  return false;
}

export interface DiskSpaceOptions {
  /** The data dir: the volume it is on is the one watched. */
  dir: string;
  notices: AppNotices;
  minFreeBytes?: number;
  checkEveryMs?: number;
}

export class DiskSpace {
  private readonly volume: string;
  private readonly minFree: number;
  /** Bytes a refused write wanted beyond the minimum (a dropped file's size); 0 when unknown. */
  private wanted = 0;
  private full = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: DiskSpaceOptions) {
    this.volume = volumeOf(options.dir);
    this.minFree = options.minFreeBytes ?? MIN_FREE_BYTES;
  }

  start(): void {
    this.check();
    this.timer = setInterval(() => this.check(), this.options.checkEveryMs ?? CHECK_EVERY_MS);
    this.timer.unref();
  }

  /** A write met ENOSPC: the error to answer with, and the notice shown until there is room. */
  refused(wantedBytes = 0): AppError {
    this.full = true;
    this.wanted = Math.max(this.wanted, wantedBytes);
    this.check();
    return this.refusal(this.freeBytes());
  }

  /**
   * Something on this machine said its disk is full (the built-in backend, whose database is in
   * the data dir): when this volume is full now, the error to answer with; null when it is not
   * (then the disk that is full is someone else's).
   */
  fullNow(): AppError | null {
    this.check();
    return this.full ? this.refusal(this.freeBytes()) : null;
  }

  /** Looks at the free space: says the disk is full, or that it is not any more. */
  check(): void {
    const free = this.freeBytes();
    if (!this.full && free < FULL_BELOW_BYTES) this.full = true;
    if (this.full && free >= this.minFree + this.wanted) {
      this.full = false;
      this.wanted = 0;
    }
    this.options.notices.diskFull(this.full ? words('error.disk_full', this.toFree(free)) : null);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The refusal: its English (the automation API's and the logs') and its words, which the window says in its language. */
  private refusal(free: number): AppError {
    const said = words('error.disk_full', this.toFree(free));
    return new AppError('disk_full', sayWords(said), said);
  }

  /** How much to free, and where. */
  private toFree(free: number): { mb: number; volume: string } {
    return { mb: Math.max(1, Math.ceil((this.minFree + this.wanted - free) / MB)), volume: this.volume };
  }

  private freeBytes(): number {
    try {
      const stats = statfsSync(this.options.dir);
      return stats.bavail * stats.bsize;
    } catch {
      return Number.POSITIVE_INFINITY; // cannot tell: never say full on a guess
    }
  }
}

/** The mount point `dir` is on: the highest folder above it on the same device. */
export function volumeOf(dir: string): string {
  let current = dir;
  try {
    const device = statSync(dir).dev;
    for (let parent = dirname(current); parent !== current && statSync(parent).dev === device; parent = dirname(current)) current = parent;
  } catch {
    // an unreadable parent: the last folder reached is as close as we can tell
  }
  return current;
}
