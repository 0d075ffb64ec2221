/**
 * The app's tests start the built-in profile, which embeds the partner backend with its PGlite
 * database under `<data dir>/backend/pglite`. A new database runs PGlite's initdb, which takes
 * seconds (tens of seconds on a loaded machine); a test's fresh data dir gets a copy of the
 * initialized template instead (backend-db.ts), owner-only like everything the app writes in its
 * data dir: by default one with the backend's migrations applied (what the app's database holds
 * after its first start), `migrated: false` the empty one, whose first start migrates it, for a
 * test that watches what that start does.
 */
import { chmod, copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { migratedPgliteTemplate, pgliteTemplate } from './backend-db.js';

export async function seedEmbeddedBackend(appDataDir: string, { migrated = true }: { migrated?: boolean } = {}): Promise<void> {
  const target = join(appDataDir, 'backend', 'pglite');
  if (await stat(target).then(() => true, () => false)) return;
  const backendDir = join(appDataDir, 'backend');
  await mkdir(backendDir, { recursive: true });
  await chmod(backendDir, 0o700);
  await copyOwnerOnly(migrated ? await migratedPgliteTemplate() : await pgliteTemplate(), target);
}

/**
 * Copies the template's ~1,000 files, making each owner-only as it goes: fs.cp and then a chmod
 * walk took 0.8 s of CPU at every app start of the tests, this a third of that.
 */
async function copyOwnerOnly(from: string, to: string): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  await chmod(to, 0o700);
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      const [source, copy] = [join(from, entry.name), join(to, entry.name)];
      if (entry.isDirectory()) return copyOwnerOnly(source, copy);
      await copyFile(source, copy);
      await chmod(copy, 0o600);
    }),
  );
}
