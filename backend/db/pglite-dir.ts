/**
 * Opens PGlite on its folder, and a folder it cannot open (damaged by something else: a crash of
 * the file system, a hand edit) is moved aside as `pglite.damaged-<time>` and a fresh database is
 * made there, rather than the backend (and with it the app's Store) not starting at all. Never on
 * a full disk: PGlite fails the same way when it cannot write, and a healthy database must not be
 * moved aside for want of space.
 */
import { readdir, rename, statfs } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from '../../common/log.js';
import { damagedName } from '../../common/damaged-name.js';

/** A damaged PGlite folder this start moved aside (the ready line says so, for the app's window). */
export interface SetAsideDir {
  file: string;
  moved_to: string;
}

/** Below this much free space a failure to open is taken for a full disk, not a damaged folder. */
const MIN_FREE_BYTES = 64 * 1024 * 1024;

export async function openPglite(dir: string, log: Logger): Promise<{ pglite: PGlite; setAside: SetAsideDir | null }> {
  const { PGlite } = await import('@electric-sql/pglite');
  try {
    return { pglite: await openChecked(PGlite, dir), setAside: null };
  } catch (error) {
    if ((await readdir(dir)).length === 0) throw error;
    const space = await statfs(dir);
    const free = space.bavail * space.bsize;
    if (free < MIN_FREE_BYTES) throw new Error(`the database could not be opened with ${Math.floor(free / 1024 / 1024)} MB free on its disk (${messageOf(error)}); free some space`, { cause: error });
    const movedTo = damagedName(dir);
    await rename(dir, movedTo);
    log.warn({ dir, movedTo, reason: messageOf(error) }, 'the PGlite database could not be opened; moved aside, starting a fresh one');
    return { pglite: await openChecked(PGlite, dir), setAside: { file: dir, moved_to: movedTo } };
  }
}

async function openChecked(Pglite: typeof PGlite, dir: string): Promise<PGlite> {
  const pglite = await Pglite.create(dir);
  try {
    await pglite.query('select 1');
    return pglite;
  } catch (error) {
    await pglite.close().catch(() => undefined);
    throw error;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
