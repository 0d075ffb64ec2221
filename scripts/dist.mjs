// `npm run dist [-- electron-builder options]`: installers for this OS, always from scratch (the
// bundles, the renderer and the built-in platform are deleted and rebuilt, whatever their stamps
// say; electron-builder packs dist-electron/ whole). The main bundle and workers are minified; their
// source maps go beside the installers (release/sourcemaps-<version>/), never into the archive.
// The update feed comes from DRAFTDECK_UPDATE_URL or electron-builder.yml's default, never a placeholder.
//
// `npm run release [-- --unsigned]`: the same, but refuses to build this OS's installers unsigned
// unless --unsigned is given (docs/PACKAGING.md "Signing and notarization").
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPlatformPrograms, buildRenderer } from './build.mjs';
import { buildElectron } from './build-electron.mjs';
import { releaseFeed, signing } from './release-checks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const release = argv.includes('--release');
const unsigned = argv.includes('--unsigned');
const builderArgs = argv.filter((arg) => arg !== '--release' && arg !== '--unsigned');

function fail(message) {
  process.stderr.write(`dist: ${message}\n`);
  process.exit(1);
}

const feed = releaseFeed(process.env);
if ('problem' in feed) fail(feed.problem);
const signed = signing(process.platform, process.env);
if ('problem' in signed) {
  if (release && !unsigned) fail(`refusing to build unsigned installers: ${signed.problem}. Pass --unsigned to build them anyway (installed copies then cannot check their updates' signatures).`);
  process.stderr.write(`dist: building unsigned installers (${signed.problem})\n`);
}

for (const dir of ['dist-electron', 'dist-platform', join('dist', 'renderer')]) rmSync(join(root, dir), { recursive: true, force: true });
await buildRenderer({ force: true });
await buildPlatformPrograms({ force: true });
await buildElectron({ minify: true, sourcemap: 'external' });

const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const builder = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-builder', 'cli.js'), `-c.publish.url=${feed.url}`, ...('args' in signed ? signed.args : []), ...builderArgs], { cwd: root, stdio: 'inherit' });
if (builder.status !== 0) process.exit(builder.status ?? 1);

const maps = join(root, 'release', `sourcemaps-${version}`);
mkdirSync(maps, { recursive: true });
for (const name of readdirSync(join(root, 'dist-electron')).filter((file) => file.endsWith('.map'))) cpSync(join(root, 'dist-electron', name), join(maps, name));
process.stderr.write(`dist: installers in release/ (update feed ${feed.url}; ${'how' in signed ? signed.how : 'unsigned'}); source maps in ${maps}\n`);
