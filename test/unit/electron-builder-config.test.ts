/**
 * electron-builder.yml is valid by electron-builder's own JSON schema (the scheme.json its
 * package ships, the one `electron-builder` validates against before it downloads anything) and
 * describes the installers the project promises.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import { minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
// js-yaml and minimatch are what electron-builder itself reads the file and matches `files` with.
const yaml = require('js-yaml') as { load(text: string): unknown };
const schemaPath = join(root, 'node_modules', 'app-builder-lib', 'scheme.json');

interface BuilderConfig {
  appId?: string;
  productName?: string;
  files?: string[];
  asarUnpack?: string[];
  extraResources?: { from: string; to: string; filter?: string[] }[];
  nsis?: { license?: string };
  directories?: { output?: string };
  electronFuses?: Record<string, boolean>;
  linux?: { target?: unknown; icon?: string; maintainer?: string; desktop?: { entry?: Record<string, string> } };
  mac?: { target?: unknown; icon?: string; hardenedRuntime?: boolean; notarize?: boolean; entitlements?: string; entitlementsInherit?: string };
  publish?: unknown;
  win?: { target?: unknown; icon?: string };
}

const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string> };

let compiled: ValidateFunction | undefined;
/** The schema compiled once for the file's tests (compiling it is most of their time). */
function validator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object;
  // No type coercion (electron-builder coerces; a test should not): a string where a list belongs fails.
  compiled ??= new Ajv({ allErrors: true, strict: false }).compile(schema);
  return compiled;
}

/** A target may be written as a name, a list of names, or a list of {target} objects. */
function targetNames(target: unknown): string[] {
  const list = Array.isArray(target) ? target : [target];
  return list.map((entry) => (typeof entry === 'string' ? entry : (entry as { target: string }).target));
}

/** Whether an electron-builder `files` list takes `path`: the last matching pattern wins, `!` excludes (minimatch, as electron-builder). */
function filesInclude(patterns: string[], path: string): boolean {
  let included = false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      if (minimatch(path, pattern.slice(1), { dot: true })) included = false;
    } else if (minimatch(path, pattern, { dot: true })) included = true;
  }
  return included;
}

/** electron-builder's file macros for one target: `${platform}` is darwin, linux or win32, `${arch}` x64, arm64… */
function forTarget(patterns: string[], platform: string, arch: string): string[] {
  return patterns.map((pattern) => pattern.replaceAll('${platform}', platform).replaceAll('${arch}', arch));
}

/** Every OS and arch the installers are built for (linux and win x64, mac x64 and arm64). */
const TARGETS = [
  ['linux', 'x64'],
  ['darwin', 'x64'],
  ['darwin', 'arm64'],
  ['win32', 'x64'],
] as const;

function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder.yml', () => {
  it('is valid by the JSON schema electron-builder ships', () => {
    expect(existsSync(schemaPath)).toBe(true);
    const validate = validator();
    const valid = validate(config);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is checked by a schema that does refuse a wrong configuration', () => {
    const validate = validator();
    expect(validate({ appId: 42 })).toBe(false);
    expect(validate({ ...config, linux: { target: ['AppImage'], notAnOption: true } })).toBe(false);
    expect(validate({ ...config, electronFuses: { runAsNod: false } })).toBe(false);
  });

  it('names the app', () => {
    expect(config.appId).toBe('app.draftdeck.desktop');
    expect(config.productName).toBe('Draftdeck');
  });

  it('builds AppImage and deb on Linux, dmg and zip for both Mac architectures, nsis on Windows', () => {
    expect(targetNames(config.linux?.target)).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(config.linux?.maintainer).toMatch(/<.+@.+>/); // the deb target requires one
    expect(config.linux?.desktop?.entry).toMatchObject({ Name: 'Draftdeck', StartupWMClass: 'Draftdeck' });
    expect(targetNames(config.mac?.target)).toEqual(['dmg', 'zip']);
    for (const target of config.mac?.target as { arch: string[] }[]) expect(target.arch).toEqual(['x64', 'arm64']);
    expect(targetNames(config.win?.target)).toEqual(['nsis']);
  });

  it('signs and notarizes only from environment variables: hardened runtime with a JIT-only entitlement, no secret in the file', () => {
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true, entitlements: 'assets/entitlements.mac.plist', entitlementsInherit: 'assets/entitlements.mac.plist' });
    const entitlements = readFileSync(join(root, config.mac!.entitlements!), 'utf8');
    expect([...entitlements.matchAll(/<key>([^<]+)<\/key>/g)].map((match) => match[1])).toEqual(['com.apple.security.cs.allow-jit']);
    const text = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
    for (const key of ['cscLink', 'cscKeyPassword', 'certificatePassword', 'appleId', 'password', 'teamId', 'identity']) expect(text, key).not.toMatch(new RegExp(`^\\s*${key}:`, 'm'));
  });

  it('builds installers for the release feed: a generic provider at a real https address, as `npm run dist` checks it', async () => {
    expect(config.publish).toEqual({ provider: 'generic', url: expect.stringMatching(/^https:\/\//) });
    const { DEFAULT_UPDATE_URL, releaseFeed } = (await import(pathToFileURL(join(root, 'scripts', 'release-checks.mjs')).href)) as { DEFAULT_UPDATE_URL: string; releaseFeed(env: object): { url?: string } };
    expect((config.publish as { url: string }).url).toBe(DEFAULT_UPDATE_URL);
    expect(releaseFeed({})).toEqual({ url: DEFAULT_UPDATE_URL });
  });

  it('checks the packed app for sharp before it becomes an installer (afterPack)', () => {
    expect((config as { afterPack?: string }).afterPack).toBe('./scripts/after-pack.cjs');
  });

  it('packs the Electron bundles, the built renderer and package.json, and no sources or maps', () => {
    const files = config.files ?? [];
    for (const path of ['package.json', 'dist-electron/main.cjs', 'dist-electron/preload.cjs', 'dist/renderer/index.html', 'dist/renderer/assets/index-abc.js']) {
      expect(filesInclude(files, path), path).toBe(true);
    }
    for (const path of ['electron/main.ts', 'renderer/src/main.tsx', 'dist-electron/main.cjs.map', 'test/unit/x.test.ts', 'sandbox/server.ts']) {
      expect(filesInclude(files, path), path).toBe(false);
    }
    // Electron starts package.json's main, which must be among the packed files.
    expect(packageJson.main).toBe('dist-electron/main.cjs');
    expect(filesInclude(files, packageJson.main)).toBe(true);
    expect(config.directories?.output).toBe('release');
  });

  it('carries, for each target, the FFmpeg executable of its OS and arch and no other, unpacked beside app.asar', () => {
    const files = config.files ?? [];
    const executable = (platform: string, arch: string) => `node_modules/@ffmpeg-installer/${platform}-${arch}/${platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg'}`;
    for (const [platform, arch] of TARGETS) {
      const patterns = forTarget(files, platform, arch);
      expect(filesInclude(patterns, executable(platform, arch)), `${platform}-${arch}`).toBe(true);
      for (const [other, otherArch] of TARGETS) {
        if (other !== platform || otherArch !== arch) expect(filesInclude(patterns, executable(other, otherArch)), `${platform}-${arch} carries ${other}-${otherArch}`).toBe(false);
      }
      expect(filesInclude(patterns, 'node_modules/@ffmpeg-installer/ffmpeg/index.js'), 'the installer package is not needed').toBe(false);
      expect((config.asarUnpack ?? []).some((pattern) => minimatch(executable(platform, arch), pattern, { dot: true })), `${platform}-${arch} unpacked`).toBe(true);
    }
    // The package names electron-builder's macros produce are the ones npm has.
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { os?: string[]; cpu?: string[] }> };
    for (const [platform, arch] of TARGETS) expect(lock.packages[`node_modules/@ffmpeg-installer/${platform}-${arch}`], `${platform}-${arch}`).toMatchObject({ os: [platform], cpu: [arch] });
  });

  it("ships FFmpeg's licence in every installer, and on the Windows installer's licence page", () => {
    expect(config.extraResources).toEqual(expect.arrayContaining([{ from: 'assets/licenses', to: 'licenses', filter: ['*.txt'] }]));
    const notice = readFileSync(join(root, 'assets', 'licenses', 'THIRD-PARTY-LICENSES.txt'), 'utf8');
    expect(notice).toMatch(/FFmpeg[\s\S]*GNU General Public\s+License, version 3/);
    expect(readFileSync(join(root, 'assets', 'licenses', 'GPL-3.0.txt'), 'utf8')).toContain('GNU GENERAL PUBLIC LICENSE\n                       Version 3');
    expect(config.nsis?.license).toBe('assets/licenses/THIRD-PARTY-LICENSES.txt');
  });

  it('turns off the Electron fuses the app does not need', () => {
    expect(config.electronFuses).toMatchObject({ runAsNode: false, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false, grantFileProtocolExtraPrivileges: false, onlyLoadAppFromAsar: true, enableEmbeddedAsarIntegrityValidation: true });
  });

  it('points every platform at an icon of at least 512×512', () => {
    for (const icon of [config.linux?.icon, config.mac?.icon, config.win?.icon]) {
      expect(icon).toBeDefined();
      const size = pngSize(join(root, icon!));
      expect(size.width).toBeGreaterThanOrEqual(512);
      expect(size.height).toBe(size.width);
    }
  });

  it('is what `npm run dist` uses, and docs/PACKAGING.md says dist needs the internet', () => {
    // scripts/dist.mjs builds from scratch, then runs electron-builder in the project folder, where
    // it reads electron-builder.yml (no other config is given to it).
    expect(packageJson.scripts.dist).toBe('node scripts/dist.mjs');
    const dist = readFileSync(join(root, 'scripts', 'dist.mjs'), 'utf8');
    expect(dist).toContain("join(root, 'node_modules', 'electron-builder', 'cli.js')");
    expect(dist).not.toMatch(/['"](?:--config|-c)['"]/);
    expect(readFileSync(join(root, 'docs', 'PACKAGING.md'), 'utf8')).toMatch(/npm run\s+dist`?\*?\*? needs the internet/);
  });
});
