/**
 * The app's tests start the built-in profile, which embeds the partner backend with its PGlite
 * database under `<data dir>/backend/pglite`. A new database runs PGlite's initdb, which takes
 * seconds (tens of seconds on a loaded machine); a test's fresh data dir gets a copy of the
 * initialized template instead (backend-db.ts), owner-only like everything the app writes in its
 * data dir: by default one with the backend's migrations applied (what the app's database holds
 * after its first start), `migrated: false` the empty one, whose first start migrates it, for a
 * test that watches what that start does.
 */
import { chmod, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { copyPgliteDir, migratedPgliteTemplate, pgliteTemplate } from './backend-db.js';

export async function seedEmbeddedBackend(appDataDir: string, { migrated = true }: { migrated?: boolean } = {}): Promise<void> {
  const target = join(appDataDir, 'backend', 'pglite');
  if (await stat(target).then(() => true, () => false)) return;
  const backendDir = join(appDataDir, 'backend');
  await mkdir(backendDir, { recursive: true });
  await chmod(backendDir, 0o700);
  await copyPgliteDir(migrated ? await migratedPgliteTemplate() : await pgliteTemplate(), target);
}
