// Bundles the built-in platform's two programs, the platform sandbox (sandbox/cli.ts →
// dist-platform/sandbox.cjs) and the partner backend (backend/cli.ts → dist-platform/backend.cjs),
// with esbuild: the desktop app and web mode start them as processes of their own from these files
// (docs/ARCHITECTURE.md "Processes"). Each carries its dependencies, so an installed app needs no
// node_modules for them; CommonJS, as the Electron bundles, so PGlite's CommonJS build finds its
// WebAssembly and data files beside backend.cjs (copied there, as beside main.cjs). The sandbox's
// config as the app runs it built in (sandbox/builtin-config.json) goes beside them too.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PGLITE_DIST = join(root, 'node_modules', '@electric-sql', 'pglite', 'dist');
const PGLITE_FILES = ['pglite.wasm', 'initdb.wasm', 'pglite.data'];

export const PLATFORM_DIR = join(root, 'dist-platform');
/** The built-in sandbox's config, in dist-platform/ (electron/services/builtin-platform reads the name). */
export const BUILTIN_SANDBOX_CONFIG = 'builtin-sandbox.json';

/** @param {{ outDir?: string, minify?: boolean }} [options] */
export async function buildPlatform({ outDir = PLATFORM_DIR, minify = false } = {}) {
  const { build } = await import('esbuild');
  const common = {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // pg-native: pg's optional native driver, never used; ws: PGlite's runtime asks for it only for sockets, which it never opens.
    external: ['pg-native', 'ws'],
    alias: { '@electric-sql/pglite': join(PGLITE_DIST, 'index.cjs') },
    sourcemap: 'linked',
    minify,
    logLevel: 'warning',
    absWorkingDir: root,
  };
  // From scratch: what an earlier build left must not be packed.
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await Promise.all([
    build({ ...common, entryPoints: [join(root, 'sandbox/cli.ts')], outfile: join(outDir, 'sandbox.cjs') }),
    build({ ...common, entryPoints: [join(root, 'backend/cli.ts')], outfile: join(outDir, 'backend.cjs') }),
    ...PGLITE_FILES.map((name) => copyFile(join(PGLITE_DIST, name), join(outDir, name))),
    copyFile(join(root, 'sandbox', 'builtin-config.json'), join(outDir, BUILTIN_SANDBOX_CONFIG)),
  ]);
  return { outDir, sandbox: join(outDir, 'sandbox.cjs'), backend: join(outDir, 'backend.cjs') };
}
