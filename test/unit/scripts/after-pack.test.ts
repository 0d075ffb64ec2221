/**
 * The afterPack check (scripts/after-pack.cjs): a build fails when the packed app lacks sharp's
 * .node binary or libvips for the platform and arch being packed. packaged-files.test.ts runs it
 * inside electron-builder on a real pack; here each platform's layout is laid out in a temp folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const afterPack = require('../../../scripts/after-pack.cjs') as ((context: unknown) => Promise<void>) & { missingSharpFiles(resources: string, platform: string, arch: string): string[]; missingFfmpeg(resources: string, platform: string, arch: string): string | null };

const root = mkdtempSync(join(tmpdir(), 'draftdeck-afterpack-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A resources folder holding the given files below app.asar.unpacked/node_modules/@img (or, for `@ffmpeg-installer/…`, node_modules). */
function resources(files: string[]): string {
  const dir = join(root, `r${n++}`);
  for (const file of files) {
    const path = file.startsWith('@ffmpeg-installer/') ? join(dir, 'app.asar.unpacked', 'node_modules', file) : join(dir, 'app.asar.unpacked', 'node_modules', '@img', file);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, '');
  }
  return dir;
}

const context = (resourcesDir: string, electronPlatformName: string, arch: number) => ({ appOutDir: resourcesDir, electronPlatformName, arch, packager: { getResourcesDir: (out: string) => out } });

describe('the afterPack check of sharp', () => {
  it('passes when the arch packed has its binary and libvips', async () => {
    const linux = resources(['sharp-linux-x64/lib/sharp-linux-x64.node', 'sharp-libvips-linux-x64/lib/libvips-cpp.so.8.18.7', '@ffmpeg-installer/linux-x64/ffmpeg']);
    await expect(afterPack(context(linux, 'linux', 1))).resolves.toBeUndefined();
    const windows = resources(['sharp-win32-x64/lib/sharp-win32-x64.node', 'sharp-win32-x64/lib/libvips-42.dll']);
    expect(afterPack.missingSharpFiles(windows, 'win32', 'x64')).toEqual([]);
  });

  it("fails a Mac arm64 pack that carries only the x64 files, naming what is missing and how to get it", async () => {
    const mac = resources(['sharp-darwin-x64/lib/sharp-darwin-x64.node', 'sharp-libvips-darwin-x64/lib/libvips-cpp.8.18.7.dylib']);
    await expect(afterPack(context(mac, 'darwin', 3))).rejects.toThrow(/sharp's \.node binary for darwin-arm64 .* and libvips for darwin-arm64 .*npm install --cpu=arm64 --os=darwin sharp/);
  });

  it('fails when libvips alone is missing, and checks both arches of a universal build', () => {
    const noLibvips = resources(['sharp-linux-arm64/lib/sharp-linux-arm64.node']);
    expect(afterPack.missingSharpFiles(noLibvips, 'linux', 'arm64')).toEqual([expect.stringContaining('libvips for linux-arm64')]);
    const onlyX64 = resources(['sharp-darwin-x64/lib/a.node', 'sharp-libvips-darwin-x64/lib/libvips-cpp.dylib']);
    expect(afterPack.missingSharpFiles(onlyX64, 'darwin', 'universal')).toHaveLength(2);
  });
});

describe('the afterPack check of FFmpeg', () => {
  const sharpFor = (platform: string, arch: string) => [`sharp-${platform}-${arch}/lib/a.node`, `sharp-libvips-${platform}-${arch}/lib/libvips-cpp.dylib`];

  it('passes a Mac arm64 pack that carries the darwin-arm64 executable; Windows looks for ffmpeg.exe', async () => {
    await expect(afterPack(context(resources([...sharpFor('darwin', 'arm64'), '@ffmpeg-installer/darwin-arm64/ffmpeg']), 'darwin', 3))).resolves.toBeUndefined();
    expect(afterPack.missingFfmpeg(resources(['@ffmpeg-installer/win32-x64/ffmpeg.exe']), 'win32', 'x64')).toBeNull();
    expect(afterPack.missingFfmpeg(resources(['@ffmpeg-installer/win32-x64/ffmpeg']), 'win32', 'x64')).toContain('ffmpeg.exe');
  });

  it('fails a Mac arm64 pack that carries only the x64 executable, naming how to get the right one', async () => {
    const mac = resources([...sharpFor('darwin', 'arm64'), '@ffmpeg-installer/darwin-x64/ffmpeg']);
    await expect(afterPack(context(mac, 'darwin', 3))).rejects.toThrow(/lacks FFmpeg for darwin-arm64 .*npm install --cpu=arm64 --os=darwin @ffmpeg-installer\/ffmpeg/);
    expect(afterPack.missingFfmpeg(mac, 'darwin', 'universal')).toContain('darwin-arm64');
  });
});
