/**
 * The app's tests start the built-in profile, which embeds the partner backend with its PGlite
 * database under `<data dir>/backend/pglite`. A new database runs PGlite's initdb, which takes
 * seconds (tens of seconds on a loaded machine); a test's fresh data dir gets a copy of the
 * initialized, empty template instead (backend-db.ts), as the backend's own tests do. The app
 * itself initializes its database once, on its first start.
 */
import { cp, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pgliteTemplate } from './backend-db.js';

export async function seedEmbeddedBackend(appDataDir: string): Promise<void> {
  const target = join(appDataDir, 'backend', 'pglite');
  if (await stat(target).then(() => true, () => false)) return;
  await cp(await pgliteTemplate(), target, { recursive: true });
}
