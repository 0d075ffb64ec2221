/**
 * What `npm run dist` actually packs: electron-builder itself, run on electron-builder.yml for a
 * Linux `dir` target, with a stand-in Electron (the real binary cannot be downloaded here) that
 * carries the fuse wire of a real one. The app.asar it writes is listed entry by entry, and the
 * fuse wire of the packed binary is read back with @electron/fuses, as electron-builder wrote it.
 * sharp, the one native dependency, ships as packages beside the bundles (its binaries unpacked).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegBinaryPath } from '../../../electron/services/video-fix/ffmpeg-binary.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { listPackage(path: string, options: { isPack: boolean }): string[]; extractAll(archive: string, dest: string): void };
const fuses = require('@electron/fuses') as { getCurrentFuseWire(path: string): Promise<Record<string, number | string>>; FuseV1Options: Record<string, number> };
/** A fuse's byte on the wire: '1' on, '0' off. */
const state = { ENABLE: 0x31, DISABLE: 0x30 };
const builder = require('electron-builder') as {
  build(options: { projectDir: string; config: object; targets: unknown; publish: 'never' }): Promise<string[]>;
  Platform: { LINUX: { createTarget(type: string): unknown } };
};

/** The stand-in build is for this machine's Linux arch; sharp's prebuilt packages are named by platform and arch. */
const PLATFORM_ARCH = `linux-${process.arch}`;
/** What sharp loads at run time (it stays outside the bundles: scripts/build-electron.mjs BUNDLE_EXTERNALS). */
const SHARP_PACKAGES = ['sharp', '@img/colour', 'detect-libc', 'semver', `@img/sharp-${PLATFORM_ARCH}`, `@img/sharp-libvips-${PLATFORM_ARCH}`];
/** FFmpeg's executable for the arch (electron/services/video-fix/ffmpeg-binary.ts finds it by path). */
const FFMPEG_PACKAGE = `@ffmpeg-installer/${PLATFORM_ARCH}`;

/** The package an entry of app.asar belongs to (`node_modules/@img/colour/x.js` → `@img/colour`), or null. */
function packageOf(entry: string): string | null {
  const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)(?:\/|$)/.exec(entry);
  // A scope's own folder (`node_modules/@img`) is no package.
  return match && !/^@[^/]+$/.test(match[1]!) ? match[1]! : null;
}

/** Electron's fuse sentinel, the wire version (1) and length, then every fuse as Electron ships it. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const SHIPPED_WIRE = '10110001'; // runAsNode on, cookie encryption off, NODE_OPTIONS on, inspect on, asar integrity off, asar-only off, V8 snapshot off, file:// privileges on

let work: string;
let entries: string[];
let unpacked: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'draftdeck-pack-'));
  const { buildRenderer, buildElectronShell, buildPlatformPrograms } = (await import(pathToFileURL(join(root, 'scripts', 'build.mjs')).href)) as Record<'buildRenderer' | 'buildElectronShell' | 'buildPlatformPrograms', () => Promise<boolean>>;
  await buildRenderer();
  await buildElectronShell();
  await buildPlatformPrograms();

  const electronDist = join(work, 'electron-dist');
  mkdirSync(electronDist);
  writeFileSync(join(electronDist, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n'), Buffer.from(SENTINEL), Buffer.from([1, SHIPPED_WIRE.length]), Buffer.from(SHIPPED_WIRE)]));
  chmodSync(join(electronDist, 'electron'), 0o755);
  writeFileSync(join(electronDist, 'LICENSE'), 'stand-in');

  // electron-builder reads electron-builder.yml from projectDir itself and lays these on top.
  await builder.build({
    projectDir: root,
    config: { electronDist, npmRebuild: false, directories: { output: join(work, 'release') } },
    targets: builder.Platform.LINUX.createTarget('dir'),
    publish: 'never',
  });
  unpacked = join(work, 'release', 'linux-unpacked');
  entries = asar.listPackage(join(unpacked, 'resources', 'app.asar'), { isPack: false }).map((entry) => entry.replaceAll('\\', '/').replace(/^\//, ''));
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packaged app (electron-builder on electron-builder.yml)', () => {
  it('holds the bundles, the renderer build and package.json', () => {
    expect(entries).toEqual(expect.arrayContaining(['package.json', 'dist-electron/main.cjs', 'dist-electron/preload.cjs', 'dist/renderer/index.html']));
    // The worker threads' bundles, which main.cjs starts from beside itself.
    expect(entries).toEqual(expect.arrayContaining(['dist-electron/photo-prep-worker.cjs', 'dist-electron/research-rows-worker.cjs']));
    expect(entries.some((entry) => /^dist\/renderer\/assets\/.+\.js$/.test(entry))).toBe(true);
  });

  it('holds the built-in platform’s programs, and the files PGlite reads beside backend.cjs, which bundles it (scripts/build-platform.mjs)', () => {
    expect(entries).toEqual(expect.arrayContaining(['dist-platform/sandbox.cjs', 'dist-platform/backend.cjs', ...['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((name) => `dist-platform/${name}`)]));
    // The main process runs no database: PGlite is the backend program's alone.
    expect(entries.filter((entry) => entry.startsWith('dist-electron/') && /pglite|initdb/.test(entry))).toEqual([]);
  });

  it('holds no node_modules but sharp’s and FFmpeg’s (the bundles carry every other dependency, PGlite included) and no source maps', () => {
    const packages = new Set(entries.map(packageOf).filter((name) => name !== null));
    expect([...packages].sort()).toEqual([...SHARP_PACKAGES, FFMPEG_PACKAGE].sort());
    expect(entries.filter((entry) => entry.endsWith('.map'))).toEqual([]);
    expect(entries.filter((entry) => entry.endsWith('.stamp'))).toEqual([]);
  });

  it('holds nothing outside the bundles, the renderer build, sharp and package.json', () => {
    const outside = entries.filter((entry) => !['package.json', 'dist', 'dist/renderer', 'dist-electron', 'dist-platform'].includes(entry) && !/^(dist-electron|dist-platform|dist\/renderer)\//.test(entry) && packageOf(entry) === null && !['node_modules', 'node_modules/@img', 'node_modules/@ffmpeg-installer'].includes(entry));
    expect(outside).toEqual([]);
    // The renderer's assets grow with its chunks (one per language and catalog area, loaded when
    // chosen): they are only scripts and styles; everything else stays a short list.
    const assets = entries.filter((entry) => /^dist\/renderer\/assets\/./.test(entry));
    expect(assets.filter((entry) => !/\.(js|css)$/.test(entry))).toEqual([]);
    expect(entries.filter((entry) => !entry.startsWith('node_modules') && !assets.includes(entry)).length).toBeLessThan(30);
  });

  it('unpacks sharp’s native binary and libvips beside app.asar, in the layout the binary’s rpath expects, and nothing else', () => {
    const unpackedDir = join(unpacked, 'resources', 'app.asar.unpacked');
    const binaries = join(unpackedDir, 'node_modules', '@img', `sharp-${PLATFORM_ARCH}`, 'lib');
    const libvips = join(unpackedDir, 'node_modules', '@img', `sharp-libvips-${PLATFORM_ARCH}`, 'lib');
    expect(readdirSync(binaries).filter((name) => name.endsWith('.node'))).toHaveLength(1);
    expect(readdirSync(libvips).some((name) => name.startsWith('libvips-cpp.so'))).toBe(true);
    expect(readdirSync(join(unpackedDir, 'node_modules')).sort()).toEqual(['@ffmpeg-installer', '@img']);
  });

  it('unpacks the FFmpeg of the arch packed beside app.asar, where the main process starts it, and it runs', () => {
    const resources = join(unpacked, 'resources');
    expect(readdirSync(join(resources, 'app.asar.unpacked', 'node_modules', '@ffmpeg-installer'))).toEqual([PLATFORM_ARCH]);
    const binary = ffmpegBinaryPath(join(resources, 'app.asar'), 'linux', process.arch);
    expect(binary).toBe(join(resources, 'app.asar.unpacked', 'node_modules', '@ffmpeg-installer', PLATFORM_ARCH, 'ffmpeg'));
    expect(execFileSync(binary, ['-hide_banner', '-version'], { encoding: 'utf8' })).toMatch(/^ffmpeg version .*\n[\s\S]*--enable-gpl/);
    // Its licence, in every installer's resources.
    expect(readdirSync(join(resources, 'licenses')).sort()).toEqual(['GPL-3.0.txt', 'THIRD-PARTY-LICENSES.txt']);
  });

  it('gives sharp everything it loads: the packed app, extracted, prepares a photo with it', () => {
    const extracted = join(work, 'extracted');
    asar.extractAll(join(unpacked, 'resources', 'app.asar'), extracted);
    const script = `const sharp = require(${JSON.stringify(join(extracted, 'node_modules', 'sharp'))}); sharp({ create: { width: 8, height: 6, channels: 3, background: '#808080' } }).jpeg().toBuffer().then((b) => sharp(b).metadata()).then((m) => console.log(m.format, m.width, m.height));`;
    // From a folder with no node_modules above it, so only what was packed can be found.
    expect(execFileSync(process.execPath, ['-e', script], { cwd: work, encoding: 'utf8' }).trim()).toBe('jpeg 8 6');
  });

  it("writes the release feed into the app, where the installed copy's updater reads it", () => {
    const appUpdate = readFileSync(join(unpacked, 'resources', 'app-update.yml'), 'utf8');
    expect(appUpdate).toMatch(/^provider: generic$/m);
    expect(appUpdate).toMatch(/^url: https:\/\/updates\.draftdeck\.app\/?$/m);
  });

  it('flips the fuses in the packed binary, ASAR integrity validation included', async () => {
    const wire = await fuses.getCurrentFuseWire(join(unpacked, 'draftdeck'));
    const option = fuses.FuseV1Options;
    expect(wire[option.RunAsNode!]).toBe(state.DISABLE);
    expect(wire[option.EnableCookieEncryption!]).toBe(state.ENABLE);
    expect(wire[option.EnableNodeOptionsEnvironmentVariable!]).toBe(state.DISABLE);
    expect(wire[option.EnableNodeCliInspectArguments!]).toBe(state.DISABLE);
    expect(wire[option.EnableEmbeddedAsarIntegrityValidation!]).toBe(state.ENABLE);
    expect(wire[option.OnlyLoadAppFromAsar!]).toBe(state.ENABLE);
    expect(wire[option.GrantFileProtocolExtraPrivileges!]).toBe(state.DISABLE);
  });
});
