// Bundles the Electron main process (electron/main.ts → dist-electron/main.cjs) and the preload
// (electron/preload.ts → dist-electron/preload.cjs), the photo worker (→ photo-prep-worker.cjs) and the research rows
// worker (→ research-rows-worker.cjs) with esbuild. CommonJS because a sandboxed
// preload can only be one CJS file: it cannot load modules from disk, only require('electron')
// and a few built-ins, so everything it uses is bundled in. The main bundle carries its
// dependencies too, so a packaged app needs no devDependency (electron-store) at run time.
// `electron` stays external: it is the runtime itself. So do, in the main bundle, the packages
// that cannot be inlined (BUNDLE_EXTERNALS), and sharp in the photo worker. The built-in
// platform (the sandbox, and the backend with its PGlite) is no part of these: it runs as
// programs of its own from dist-platform/ (scripts/build-platform.mjs).
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What the main bundle leaves to require at run time, besides electron and Node's built-ins: sharp
 * (the photos' image library, in main and in the photo worker) is native (libvips), so it loads
 * from node_modules at run time: the installers carry it and its platform's binaries
 * (electron-builder.yml `files` and `asarUnpack`).
 */
export const BUNDLE_EXTERNALS = ['sharp'];

/** The research rows worker's bundle, beside main.cjs (electron/services/research/rows-client.ts ROWS_WORKER_BUNDLE). */
export const RESEARCH_ROWS_WORKER = 'research-rows-worker.cjs';

/**
 * `npm run dist` minifies and writes the maps without a link (scripts/dist.mjs keeps them beside
 * the installers); a development build stays readable with linked maps.
 * @param {{ outDir?: string, minify?: boolean, sourcemap?: 'linked' | 'external' }} [options]
 */
export async function buildElectron({ outDir = join(root, 'dist-electron'), minify = false, sourcemap = 'linked' } = {}) {
  const { build } = await import('esbuild');
  // From scratch: what an earlier build left (a bundle no longer made) must not be packed.
  await rm(outDir, { recursive: true, force: true });
  const common = {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    // Electron 45 runs Node 24; node20 keeps the output valid for the project's minimum too.
    target: 'node20',
    external: ['electron'],
    sourcemap,
    minify,
    logLevel: 'warning',
    // The workers' from-source branch (photo-prep.ts, rows-client.ts) reads import.meta, which a
    // CommonJS bundle leaves empty; the bundle never takes that branch (it finds its .cjs worker
    // beside main.cjs first), so esbuild's warning about it is noise in every release build.
    logOverride: { 'empty-import-meta': 'silent' },
    metafile: true,
    absWorkingDir: root,
  };
  const [main, preload] = await Promise.all([
    build({ ...common, external: [...common.external, ...BUNDLE_EXTERNALS], entryPoints: [join(root, 'electron/main.ts')], outfile: join(outDir, 'main.cjs') }),
    build({ ...common, entryPoints: [join(root, 'electron/preload.ts')], outfile: join(outDir, 'preload.cjs') }),
    // The photo worker runs in a worker thread of its own (electron/services/photos/photo-prep.ts).
    build({ ...common, entryPoints: [join(root, 'electron/services/photos/prep-worker.ts')], external: [...common.external, 'sharp'], outfile: join(outDir, 'photo-prep-worker.cjs') }),
    // So does the research rows worker (electron/services/research/rows-client.ts finds it beside main.cjs by this name).
    build({ ...common, entryPoints: [join(root, 'electron/services/research/rows-worker.ts')], outfile: join(outDir, RESEARCH_ROWS_WORKER) }),
  ]);
  return { outDir, main: join(outDir, 'main.cjs'), preload: join(outDir, 'preload.cjs'), metafiles: { main: main.metafile, preload: preload.metafile } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { outDir } = await buildElectron();
  process.stderr.write(`built: Electron main and preload in ${outDir}\n`);
}
