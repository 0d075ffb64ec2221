/**
 * One backend process per PGlite data dir. The lock is a file holding the owner's pid, created
 * exclusively; a lock whose process is gone (a kill -9) is taken over, so a crashed backend
 * restarts without anyone deleting files by hand.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const LOCK_FILE = 'backend.lock';

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, String(process.pid), { flag: 'wx' });
      return () => rm(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new Error(`the data dir ${dataDir} is in use by another backend (pid ${owner}); PGlite serves one process: use DATABASE_URL for several`, { cause: err });
      }
      await rm(path, { force: true });
    }
  }
  throw new Error(`could not lock the data dir ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
