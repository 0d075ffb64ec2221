/**
 * Vitest's global setup: builds, when stale, the built-in platform's bundles (every app test starts
 * them as programs, test/support/builtin-platform.ts), web mode's bundle and the renderer (the
 * tests that start the app as a program, test/support/web-app.ts): once per run, not by two
 * workers at the same time. And makes the PGlite templates every backend and app test copies
 * (backend-db.ts) when this machine has none yet: PGlite's initdb and the migrations take tens of
 * seconds on a loaded machine, past the hook timeout of the first tests that would make them.
 */
import { migratedPgliteTemplate } from './backend-db.js';
import { buildWebApp } from './web-app.js';

export default async function setup(): Promise<void> {
  await Promise.all([buildWebApp(), migratedPgliteTemplate()]);
}
