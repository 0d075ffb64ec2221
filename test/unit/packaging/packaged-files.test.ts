/**
 * What `npm run dist` actually packs: electron-builder itself, run on electron-builder.yml for a
 * Linux `dir` target, with a stand-in Electron (the real binary cannot be downloaded here) that
 * carries the fuse wire of a real one. The app.asar it writes is listed entry by entry, and the
 * fuse wire of the packed binary is read back with @electron/fuses, as electron-builder wrote it.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { listPackage(path: string, options: { isPack: boolean }): string[] };
const fuses = require('@electron/fuses') as { getCurrentFuseWire(path: string): Promise<Record<string, number | string>>; FuseV1Options: Record<string, number> };
/** A fuse's byte on the wire: '1' on, '0' off. */
const state = { ENABLE: 0x31, DISABLE: 0x30 };
const builder = require('electron-builder') as {
  build(options: { projectDir: string; config: object; targets: unknown; publish: 'never' }): Promise<string[]>;
  Platform: { LINUX: { createTarget(type: string): unknown } };
};

/** Electron's fuse sentinel, the wire version (1) and length, then every fuse as Electron ships it. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const SHIPPED_WIRE = '10110001'; // runAsNode on, cookie encryption off, NODE_OPTIONS on, inspect on, asar integrity off, asar-only off, V8 snapshot off, file:// privileges on

let work: string;
let entries: string[];
let unpacked: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'draftdeck-pack-'));
  const { buildRenderer, buildElectronShell } = (await import(pathToFileURL(join(root, 'scripts', 'build.mjs')).href)) as { buildRenderer(): Promise<boolean>; buildElectronShell(): Promise<boolean> };
  await buildRenderer();
  await buildElectronShell();

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
    expect(entries.some((entry) => /^dist\/renderer\/assets\/.+\.js$/.test(entry))).toBe(true);
  });

  it('holds no node_modules (the bundles carry their dependencies) and no source maps', () => {
    expect(entries.filter((entry) => entry.split('/').includes('node_modules'))).toEqual([]);
    expect(entries.filter((entry) => entry.endsWith('.map'))).toEqual([]);
    expect(entries.filter((entry) => entry.endsWith('.stamp'))).toEqual([]);
  });

  it('holds nothing outside the bundles, the renderer build and package.json', () => {
    const outside = entries.filter((entry) => !['package.json', 'dist', 'dist/renderer', 'dist-electron'].includes(entry) && !entry.startsWith('dist-electron/') && !entry.startsWith('dist/renderer/'));
    expect(outside).toEqual([]);
    expect(entries.length).toBeLessThan(30);
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
