// Bundles the Electron main process (electron/main.ts → dist-electron/main.cjs) and the preload
// (electron/preload.ts → dist-electron/preload.cjs), the photo worker (→ photo-prep-worker.cjs) and the research rows
// worker (→ research-rows-worker.cjs) with esbuild. CommonJS because a sandboxed
// preload can only be one CJS file: it cannot load modules from disk, only require('electron')
// and a few built-ins, so everything it uses is bundled in. The main bundle carries its
// dependencies too, so a packaged app needs no devDependency (electron-store) at run time.
// `electron` stays external: it is the runtime itself. So do, in the main bundle, the packages
// that cannot be inlined (BUNDLE_EXTERNALS), and sharp in the photo worker. PGlite is inlined,
// its WebAssembly and data files copied beside main.cjs (PGLITE_FILES).
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What the main bundle leaves to require at run time, besides electron and Node's built-ins:
 * pg-native is pg's optional native driver, required only for `pg.native`, which nothing uses; ws
 * is what PGlite's Emscripten runtime requires only for sockets, which PGlite never opens; sharp (the
 * photos' image library, in main and in the photo worker) is native (libvips), so it too loads from
 * node_modules at run time: the installers carry it and its platform's binaries
 * (electron-builder.yml `files` and `asarUnpack`).
 */
export const BUNDLE_EXTERNALS = ['pg-native', 'ws', 'sharp'];

/** The research rows worker's bundle, beside main.cjs (electron/services/research/rows-client.ts ROWS_WORKER_BUNDLE). */
export const RESEARCH_ROWS_WORKER = 'research-rows-worker.cjs';

const PGLITE_DIST = join(root, 'node_modules', '@electric-sql', 'pglite', 'dist');

/**
 * PGlite (the built-in profile's embedded backend database) reads these from the folder of the
 * module it runs in (`new URL('./pglite.wasm', <module URL>)`): the Postgres and initdb WebAssembly
 * and the data bundle of Postgres' share files. Its extensions' tarballs are loaded only when
 * asked for, which the backend never does. Bundled, that module is main.cjs, so they are copied
 * beside it, and the package carries exactly these three instead of PGlite's node_modules folder
 * (electron-builder.yml packs no node_modules). Packed, they stay inside app.asar: PGlite reads
 * them with fs.promises.readFile(file URL), and Electron's fs reads asar paths, given as URLs too.
 */
export const PGLITE_FILES = ['pglite.wasm', 'initdb.wasm', 'pglite.data'];

/**
 * The backend imports PGlite with `import()`, which would bundle its ES module build, whose file
 * URLs come from `import.meta.url`, empty in a CommonJS bundle; its CommonJS build computes them
 * from `__filename`, main.cjs's own.
 */
const PGLITE_ALIAS = { '@electric-sql/pglite': join(PGLITE_DIST, 'index.cjs') };

/** Copies PGLITE_FILES into a bundle's folder. @param {string} outDir */
async function copyPgliteFiles(outDir) {
  await mkdir(outDir, { recursive: true });
  await Promise.all(PGLITE_FILES.map((name) => copyFile(join(PGLITE_DIST, name), join(outDir, name))));
}

/** @param {{ outDir?: string, minify?: boolean }} [options] */
export async function buildElectron({ outDir = join(root, 'dist-electron'), minify = false } = {}) {
  const { build } = await import('esbuild');
  const common = {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    // Electron 45 runs Node 22; node20 keeps the output valid for the project's minimum too.
    target: 'node20',
    external: ['electron'],
    sourcemap: 'linked',
    minify,
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: root,
  };
  const [main, preload] = await Promise.all([
    build({ ...common, external: [...common.external, ...BUNDLE_EXTERNALS], alias: PGLITE_ALIAS, entryPoints: [join(root, 'electron/main.ts')], outfile: join(outDir, 'main.cjs') }),
    build({ ...common, entryPoints: [join(root, 'electron/preload.ts')], outfile: join(outDir, 'preload.cjs') }),
    // The photo worker runs in a worker thread of its own (electron/services/photos/photo-prep.ts).
    build({ ...common, entryPoints: [join(root, 'electron/services/photos/prep-worker.ts')], external: [...common.external, 'sharp'], outfile: join(outDir, 'photo-prep-worker.cjs') }),
    // So does the research rows worker (electron/services/research/rows-client.ts finds it beside main.cjs by this name).
    build({ ...common, entryPoints: [join(root, 'electron/services/research/rows-worker.ts')], outfile: join(outDir, RESEARCH_ROWS_WORKER) }),
    copyPgliteFiles(outDir),
  ]);
  return { outDir, main: join(outDir, 'main.cjs'), preload: join(outDir, 'preload.cjs'), metafiles: { main: main.metafile, preload: preload.metafile } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { outDir } = await buildElectron();
  process.stderr.write(`built: Electron main and preload in ${outDir}\n`);
}
