// electron-builder's afterPack hook (electron-builder.yml `afterPack`): the packed app must carry
// sharp's native binary and libvips for the platform and arch just packed, unpacked beside
// app.asar. npm installs only this machine's, so a Mac build for the other arch, or a Windows
// build on an arm machine, would otherwise ship an app whose photo preparation fails at run time.
// FFmpeg's executable likewise (video fixes).
// CommonJS because electron-builder requires the hook.
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

/** electron-builder's Arch enum, as the hook's context gives it. */
const ARCH_NAMES = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' };
/** The arch in sharp's package names (`@img/sharp-linux-arm`, not armv7l). */
const SHARP_ARCH = { ia32: 'ia32', x64: 'x64', armv7l: 'arm', arm64: 'arm64' };

/** Where the .node file and libvips must be, below `<resources>/app.asar.unpacked/node_modules/@img`. */
function sharpFilesFor(platform, arch) {
  const sharpArch = SHARP_ARCH[arch];
  if (!sharpArch) throw new Error(`sharp has no prebuilt binary for ${platform}-${arch}`);
  const binary = `sharp-${platform}-${sharpArch}`;
  // Windows' libvips DLL sits in the binary's own package; elsewhere it is a package of its own.
  const libvips = platform === 'win32' ? { dir: join(binary, 'lib'), pattern: /^libvips-.*\.dll$/ } : { dir: join(`sharp-libvips-${platform}-${sharpArch}`, 'lib'), pattern: /^libvips-cpp\./ };
  return { binary: { dir: join(binary, 'lib'), pattern: /\.node$/ }, libvips };
}

/** What is missing for `platform`-`arch` under `resourcesDir`: an empty list when nothing is. */
function missingSharpFiles(resourcesDir, platform, arch) {
  const img = join(resourcesDir, 'app.asar.unpacked', 'node_modules', '@img');
  const arches = arch === 'universal' ? ['x64', 'arm64'] : [arch];
  const missing = [];
  for (const one of arches) {
    for (const [what, { dir, pattern }] of Object.entries(sharpFilesFor(platform, one))) {
      const folder = join(img, dir);
      const found = existsSync(folder) && readdirSync(folder).some((name) => pattern.test(name));
      if (!found) missing.push(`${what === 'binary' ? "sharp's .node binary" : 'libvips'} for ${platform}-${one} (in ${folder})`);
    }
  }
  return missing;
}

/**
 * FFmpeg's executable for `platform`-`arch` (video fixes: electron/services/video-fix/), unpacked
 * beside app.asar where the main process starts it: null when it is there, else what is missing.
 */
function missingFfmpeg(resourcesDir, platform, arch) {
  const arches = arch === 'universal' ? ['x64', 'arm64'] : [arch];
  const missing = arches
    .map((one) => join(resourcesDir, 'app.asar.unpacked', 'node_modules', '@ffmpeg-installer', `${platform}-${one}`, platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg'))
    .filter((path) => !existsSync(path));
  return missing.length === 0 ? null : `FFmpeg for ${platform}-${arch} (${missing.join(', ')})`;
}

async function afterPack(context) {
  const platform = context.electronPlatformName;
  const arch = ARCH_NAMES[context.arch];
  const resourcesDir = context.packager.getResourcesDir(context.appOutDir);
  const missing = missingSharpFiles(resourcesDir, platform, arch);
  if (missing.length > 0) {
    throw new Error(`The packed app lacks ${missing.join(' and ')}: install it first (npm install --cpu=${SHARP_ARCH[arch] ?? arch} --os=${platform} sharp), then run npm run dist again`);
  }
  const ffmpeg = missingFfmpeg(resourcesDir, platform, arch);
  if (ffmpeg !== null) {
    throw new Error(`The packed app lacks ${ffmpeg}: install it first (npm install --cpu=${arch} --os=${platform} @ffmpeg-installer/ffmpeg), then run npm run dist again`);
  }
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.missingSharpFiles = missingSharpFiles;
module.exports.missingFfmpeg = missingFfmpeg;
