/**
 * Vitest's global setup: builds, when stale, the built-in platform's bundles (every app test starts
 * them as programs, test/support/builtin-platform.ts), web mode's bundle and the renderer (the
 * tests that start the app as a program, test/support/web-app.ts): once per run, not by two
 * workers at the same time.
 */
import { buildWebApp } from './web-app.js';

export default async function setup(): Promise<void> {
  await buildWebApp();
}
