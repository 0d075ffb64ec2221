/**
 * Vitest's global setup: builds the built-in platform's bundles once per run (when stale), since
 * every app test starts them as programs (test/support/builtin-platform.ts).
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { repoRoot } from './backend-process.js';

export default async function setup(): Promise<void> {
  const { buildPlatformPrograms } = (await import(pathToFileURL(join(repoRoot, 'scripts', 'build.mjs')).href)) as { buildPlatformPrograms(): Promise<boolean> };
  await buildPlatformPrograms();
}
