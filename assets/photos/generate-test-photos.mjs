#!/usr/bin/env node
// Writes the real test photos the photo tests and the end-to-end test drop on the app into
// test/fixtures/photos/: 40 postable images of mixed formats and sizes (JPEG, PNG, WebP, AVIF;
// some taller or wider than the platform's 1080 px short side, some turned by EXIF orientation,
// some carrying GPS coordinates, one PNG with transparency), and in problems/ the ones the app must
// refuse or fix in a special way. The outputs are committed, so tests never need this script; it
// needs sharp (a dependency) and ImageMagick's convert-im6.q16 (for the HEIC, which sharp's
// prebuilt library cannot write). Pictures are flat shapes and large type, so 40 of them stay
// small in the repository. Output is deterministic for one sharp build.
//
//   node assets/photos/generate-test-photos.mjs [--out DIR]
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outFlag = process.argv.indexOf('--out');
const outDir = outFlag > 0 ? resolve(process.argv[outFlag + 1]) : join(root, 'test', 'fixtures', 'photos');

/** A picture that says what it is: its number, size and how it was stored, on a colour of its own. */
function picture(index, width, height, label, { alpha = false } = {}) {
  const hue = (index * 47) % 360;
  const size = Math.round(Math.min(width, height) / 9);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,35%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)" ${alpha ? 'fill-opacity="0.6"' : ''}/>
  <circle cx="${width * 0.78}" cy="${height * 0.22}" r="${size * 1.2}" fill="hsl(${(hue + 180) % 360},80%,60%)"/>
  <text x="${width * 0.06}" y="${height * 0.55}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size * 1.6}" fill="white">#${String(index).padStart(2, '0')}</text>
  <text x="${width * 0.06}" y="${height * 0.55 + size * 1.3}" font-family="DejaVu Sans, sans-serif" font-size="${size * 0.4}" fill="white">${label}</text>
  <text x="${width * 0.06}" y="${height * 0.12}" font-family="DejaVu Sans, sans-serif" font-size="${size * 0.5}" fill="white">TOP ↑</text>
</svg>`;
  return sharp(Buffer.from(svg));
}

/** EXIF orientation o stores the picture turned; a viewer that applies it shows it upright again. */
const STORED_TURN = { 1: 0, 3: 180, 6: -90, 8: 90 };
const GPS = { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' } };

// 40 postable photos: [format, width, height (as seen upright), orientation, gps]
const SIZES = [[800, 600], [1080, 1350], [1200, 1600], [2000, 1500], [1080, 1080], [640, 960], [1600, 1200], [1080, 1920]];
const photos = [];
for (let i = 1; i <= 40; i++) {
  const [width, height] = SIZES[i % SIZES.length];
  const format = i <= 22 ? 'jpeg' : i <= 30 ? 'png' : i <= 37 ? 'webp' : 'avif';
  const orientation = format === 'jpeg' ? [1, 1, 6, 1, 3, 1, 8][i % 7] : 1;
  const gps = format === 'jpeg' && i % 4 === 0;
  photos.push({ index: i, format, width, height, orientation, gps, alpha: i === 27 });
}

mkdirSync(join(outDir, 'problems'), { recursive: true });
const ext = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };
const manifest = [];
for (const p of photos) {
  const label = `${p.format.toUpperCase()} ${p.width}×${p.height}${p.orientation !== 1 ? ` · EXIF orientation ${p.orientation}` : ''}${p.gps ? ' · GPS' : ''}${p.alpha ? ' · transparent' : ''}`;
  let image = picture(p.index, p.width, p.height, label, { alpha: p.alpha });
  if (p.orientation !== 1) {
    // Render upright, then store it turned the other way, as a camera held sideways would.
    image = sharp(await image.png().toBuffer()).rotate(STORED_TURN[p.orientation]).withMetadata({ orientation: p.orientation });
  }
  if (p.gps) image = image.withExif({ IFD0: { Make: 'Draftdeck test camera' }, ...GPS });
  const name = `photo-${String(p.index).padStart(2, '0')}.${ext[p.format]}`;
  const options = { jpeg: { quality: 72 }, png: { compressionLevel: 9, palette: !p.alpha }, webp: { quality: 70 }, avif: { quality: 50 } }[p.format];
  const bytes = await image.toFormat(p.format === 'avif' ? 'heif' : p.format, p.format === 'avif' ? { ...options, compression: 'av1' } : options).toBuffer();
  writeFileSync(join(outDir, name), bytes);
  manifest.push({ name, ...p });
}
writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');

// Problems: a HEIC (HEVC) photo, a GIF animation, an SVG, a file that is not an image, a cut-off JPEG.
const heicSource = join(outDir, 'problems', '.heic-source.png');
writeFileSync(heicSource, await picture(41, 640, 480, 'HEIC').png().toBuffer());
const heic = spawnSync('convert-im6.q16', [heicSource, '-quality', '40', join(outDir, 'problems', 'iphone.heic')], { stdio: 'inherit' });
spawnSync('rm', ['-f', heicSource]);
if (heic.status !== 0) console.error('convert-im6.q16 (ImageMagick with HEIC) is needed for problems/iphone.heic; it was not written');
const frame = (n) => picture(50 + n, 200, 150, `frame ${n}`).png().toBuffer();
const frames = await Promise.all([0, 1, 2].map(frame));
await sharp(frames, { join: { animated: true } }).gif().toFile(join(outDir, 'problems', 'animated.gif'));
writeFileSync(join(outDir, 'problems', 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>\n');
writeFileSync(join(outDir, 'problems', 'notes.jpg'), 'These are notes, not a photo.\n');
const whole = await picture(60, 800, 600, 'cut off').jpeg({ quality: 72 }).toBuffer();
writeFileSync(join(outDir, 'problems', 'cut-off.jpg'), whole.subarray(0, Math.floor(whole.length / 3)));

let total = 0;
for (const p of manifest) total += statSync(join(outDir, p.name)).size;
process.stdout.write(`${manifest.length} photos, ${(total / 1024).toFixed(0)} KiB in ${outDir}\n`);
