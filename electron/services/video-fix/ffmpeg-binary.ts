/**
 * Where the FFmpeg executable is: inside the registry package @ffmpeg-installer/<platform>-<arch>
 * (an optional dependency of @ffmpeg-installer/ffmpeg; npm installs the one for the machine, and
 * electron-builder.yml packs the one for the target). Nothing is downloaded at run time. A packaged
 * app reads its node_modules from app.asar, but an executable cannot run from inside an archive:
 * electron-builder unpacks it beside it (asarUnpack), so the path goes through app.asar.unpacked.
 * The installer's own index.js is not used: bundled into main.cjs, its __dirname lookups point at
 * the bundle's folder.
 */
import { join } from 'node:path';

/** The package that holds the executable for an OS and arch, as npm names it. */
export function ffmpegPackage(platform: string = process.platform, arch: string = process.arch): string {
  return `@ffmpeg-installer/${platform}-${arch}`;
}

/**
 * The executable under `appRoot` (the folder holding package.json and node_modules: the repository
 * in web mode, app.getAppPath() in Electron, which is `…/resources/app.asar` when packaged).
 */
export function ffmpegBinaryPath(appRoot: string, platform: string = process.platform, arch: string = process.arch): string {
  const dir = join(appRoot, 'node_modules', ...ffmpegPackage(platform, arch).split('/'));
  const unpacked = dir.replace(/([\\/])app\.asar(?=[\\/])/, '$1app.asar.unpacked');
  return join(unpacked, platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
}
