// Bundles the Electron main process (electron/main.ts → dist-electron/main.cjs) and the preload
// (electron/preload.ts → dist-electron/preload.cjs), and the photo worker (→ photo-prep-worker.cjs) with esbuild. CommonJS because a sandboxed
// preload can only be one CJS file: it cannot load modules from disk, only require('electron')
// and a few built-ins, so everything it uses is bundled in. The main bundle carries its
// dependencies too, so a packaged app needs no devDependency (electron-store) at run time.
// `electron` stays external: it is the runtime itself.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {{ outDir?: string, minify?: boolean }} [options] */
export async function buildElectron({ outDir = join(root, 'dist-electron'), minify = false } = {}) {
  const { build } = await import('esbuild');
  const common = {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    // Electron 45 runs Node 22; node20 keeps the output valid for the project's minimum too.
    target: 'node20',
    // sharp is native (libvips): loaded from node_modules at run time, never bundled.
    external: ['electron', 'sharp'],
    sourcemap: 'linked',
    minify,
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: root,
  };
  const [main, preload] = await Promise.all([
    build({ ...common, entryPoints: [join(root, 'electron/main.ts')], outfile: join(outDir, 'main.cjs') }),
    build({ ...common, entryPoints: [join(root, 'electron/preload.ts')], outfile: join(outDir, 'preload.cjs') }),
    // The photo worker runs in a worker thread of its own (electron/services/photos/photo-prep.ts).
    build({ ...common, entryPoints: [join(root, 'electron/services/photos/prep-worker.ts')], outfile: join(outDir, 'photo-prep-worker.cjs') }),
  ]);
  return { outDir, main: join(outDir, 'main.cjs'), preload: join(outDir, 'preload.cjs'), metafiles: { main: main.metafile, preload: preload.metafile } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { outDir } = await buildElectron();
  process.stderr.write(`built: Electron main and preload in ${outDir}\n`);
}
