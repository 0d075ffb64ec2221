/**
 * A small tmpfs of its own for tests of a full disk: mounted for the test (root only), filled
 * to leave a chosen number of bytes free, emptied again, unmounted. `mountTmpfs` answers the
 * reason instead when this machine refuses the mount, for the test to skip saying why.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Tmpfs {
  dir: string;
  /** Fills the file system until about `leaveBytes` are free (tmpfs counts whole pages). */
  fill(leaveBytes?: number): void;
  /** Frees what fill took. */
  unfill(): void;
  freeBytes(): number;
  unmount(): void;
}

export function mountTmpfs(sizeBytes: number): Tmpfs | string {
  const dir = mkdtempSync(join(tmpdir(), 'dd-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `this machine refused to mount a tmpfs (${(error as Error).message.split('\n')[0]})`;
  }
  const filler = join(dir, 'filler.bin');
  const freeBytes = () => {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  };
  return {
    dir,
    freeBytes,
    fill(leaveBytes = 0) {
      rmSync(filler, { force: true });
      writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes() - leaveBytes)));
    },
    unfill: () => rmSync(filler, { force: true }),
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
