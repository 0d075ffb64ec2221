/**
 * Whether a file in a watch folder has stopped growing: a camera, an export or a copy writes a
 * video over seconds or minutes, and taking it early would send half a file (or fail it as
 * changed). A file is ready once its size and mtime have stayed the same for `stableMs` of the
 * clock, seen on at least two looks. Pure: the caller looks (scans) and says when.
 */
export interface FileLook {
  size: number;
  mtimeMs: number;
}

interface Seen extends FileLook {
  /** When this size and mtime were first seen. */
  since: number;
}

export class GrowthTracker {
  private readonly seen = new Map<string, Seen>();

  constructor(private readonly stableMs: number) {}

  /** Records a look at a file; true when it has not changed for long enough to be taken. */
  look(path: string, file: FileLook, now: number): boolean {
    const before = this.seen.get(path);
    if (!before || before.size !== file.size || before.mtimeMs !== file.mtimeMs) {
      this.seen.set(path, { ...file, since: now });
      return false;
    }
    // An empty file that stays empty is ready too: taking it records it as skipped (empty), with
    // its reason under the folder, instead of "growing" for ever.
    return now - before.since >= this.stableMs;
  }

  /** Forgets a file (taken, or gone from the folder). */
  forget(path: string): void {
    this.seen.delete(path);
  }

  /** Forgets every file not in `present` (removed or renamed since the last look). */
  keepOnly(present: ReadonlySet<string>): void {
    for (const path of this.seen.keys()) if (!present.has(path)) this.seen.delete(path);
  }

  /** Files seen and not yet ready. */
  get growing(): number {
    return this.seen.size;
  }
}
