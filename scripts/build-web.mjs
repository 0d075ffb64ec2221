// Bundles web mode (electron/web.ts → dist-web/web.cjs) with its two workers beside it
// (photo-prep-worker.cjs, research-rows-worker.cjs), so the end-to-end tests start the app with
// `node dist-web/web.cjs` in a fraction of the time npm and tsx take to start it from source.
// CommonJS with its packages inside, like the Electron main bundle (scripts/build-electron.mjs),
// but for sharp, native, which loads from node_modules. `npm start -- --web` still runs the source.
import { rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildWeb({ outDir = join(root, 'dist-web') } = {}) {
  const { build } = await import('esbuild');
  // Built beside it, then swapped in: a test run in another terminal may be starting the old one.
  const fresh = `${outDir}.${process.pid}.new`;
  const old = `${outDir}.${process.pid}.old`;
  await rm(fresh, { recursive: true, force: true });
  const common = { bundle: true, format: 'cjs', platform: 'node', target: 'node20', external: ['sharp'], sourcemap: 'linked', logLevel: 'error', absWorkingDir: root };
  await Promise.all([
    build({ ...common, entryPoints: [join(root, 'electron/web.ts')], outfile: join(fresh, 'web.cjs') }),
    // The names electron/web.ts and electron/services/research/rows-client.ts look for beside the bundle.
    build({ ...common, entryPoints: [join(root, 'electron/services/photos/prep-worker.ts')], outfile: join(fresh, 'photo-prep-worker.cjs') }),
    build({ ...common, entryPoints: [join(root, 'electron/services/research/rows-worker.ts')], outfile: join(fresh, 'research-rows-worker.cjs') }),
  ]);
  await rename(outDir, old).catch((error) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(fresh, outDir);
  await rm(old, { recursive: true, force: true });
  return { outDir, entry: join(outDir, 'web.cjs') };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { entry } = await buildWeb();
  process.stderr.write(`built: web mode in ${entry}\n`);
}
