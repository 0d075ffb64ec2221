/**
 * photos: preparing 40 photos of 4000×3000 (20 JPEG, 20 PNG) for a photo post — EXIF orientation
 * applied, the short side brought down to 1080 px, encoded as JPEG at quality 90 without metadata —
 * by the app's worker (electron/services/photos/) and by ImageMagick's convert doing the same
 * (`-auto-orient -resize 1080x1080^ -strip -quality 90`, two at a time as the app does), alternating
 * app, convert, app, convert … three times each in the same run.
 *   app_images_per_s, convert_images_per_s, ratio   medians of the runs (ratio = app / convert)
 *   app_rss_mb                                       peak RSS of the app's process (worker included), median
 * Each output is checked: JPEG, short side 1080 px. Run: npm run bench -- photos (needs apt's
 * imagemagick for the baseline: convert-im6.q16; without it the benchmark says so and reports the
 * app's figures alone).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { percentile, reporter } from './lib/report.js';
import { repoRoot } from '../support/sandbox-session.js';

const report = reporter('photos');
const PHOTOS = 40;
const RUNS = 3;
const CONVERT = 'convert-im6.q16';

/** Camera-like content: a gradient with fine noise (noise is what makes JPEG and PNG work hard). */
async function makePhotos(dir: string): Promise<void> {
  for (let i = 0; i < PHOTOS; i++) {
    const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 0, sigma: 12 } } }).png().toBuffer();
    const base = sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: (i * 53) % 255, g: 120, b: 200 - i * 3 } } }).composite([{ input: noise, blend: 'add' }]);
    if (i % 2 === 0) await base.jpeg({ quality: 92 }).withMetadata({ orientation: i % 4 === 0 ? 6 : 1 }).toFile(join(dir, `photo-${String(i).padStart(2, '0')}.jpg`));
    else await base.png({ compressionLevel: 3 }).toFile(join(dir, `photo-${String(i).padStart(2, '0')}.png`));
  }
}

async function runApp(inDir: string, outDir: string): Promise<{ seconds: number; rssMb: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/lib/photo-prep-runner.ts', inDir, outDir], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the app's photo preparation exited with ${code}`);
  const result = JSON.parse(out) as { seconds: number; rssMb: number; prepared: number; refused: string[] };
  if (result.prepared !== PHOTOS) throw new Error(`the app prepared ${result.prepared} of ${PHOTOS}: ${result.refused.join('; ')}`);
  return result;
}

async function runConvert(inDir: string, outDir: string): Promise<number> {
  const names = (await readdir(inDir)).sort();
  const started = performance.now();
  const one = (name: string) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(CONVERT, [join(inDir, name), '-auto-orient', '-resize', '1080x1080^', '-strip', '-quality', '90', join(outDir, `${name}.jpg`)], { stdio: ['ignore', 'ignore', 'inherit'] });
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${CONVERT} failed on ${name}`))));
    });
  // Two at a time, like the app's worker.
  const queue = [...names];
  await Promise.all([0, 1].map(async () => {
    for (let name = queue.shift(); name; name = queue.shift()) await one(name);
  }));
  return (performance.now() - started) / 1000;
}

async function checkOutputs(outDir: string): Promise<void> {
  const names = await readdir(outDir);
  if (names.length !== PHOTOS) throw new Error(`${names.length} outputs, expected ${PHOTOS}`);
  for (const name of names) {
    const meta = await sharp(join(outDir, name)).metadata();
    if (meta.format !== 'jpeg' || Math.min(meta.width, meta.height) !== 1080) throw new Error(`${name}: ${meta.format} ${meta.width}×${meta.height}, expected a JPEG with a 1080 px short side`);
  }
}

async function main(): Promise<void> {
  const hasConvert = spawnSync(CONVERT, ['-version']).status === 0;
  if (!hasConvert) console.error(`# ${CONVERT} is missing (apt-get install imagemagick): no baseline, app figures only`);
  const dir = await mkdtemp(join(tmpdir(), 'photos-bench-'));
  try {
    const inDir = join(dir, 'in');
    await mkdir(inDir);
    await makePhotos(inDir);
    const app: number[] = [];
    const convert: number[] = [];
    const rss: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const appOut = join(dir, `app-${run}`);
      await mkdir(appOut);
      const a = await runApp(inDir, appOut);
      await checkOutputs(appOut);
      app.push(PHOTOS / a.seconds);
      rss.push(a.rssMb);
      console.error(`# run ${run} app: ${a.seconds.toFixed(2)} s, ${(PHOTOS / a.seconds).toFixed(2)} images/s, peak RSS ${a.rssMb.toFixed(0)} MB`);
      await rm(appOut, { recursive: true });
      if (!hasConvert) continue;
      const convertOut = join(dir, `convert-${run}`);
      await mkdir(convertOut);
      const seconds = await runConvert(inDir, convertOut);
      await checkOutputs(convertOut);
      convert.push(PHOTOS / seconds);
      console.error(`# run ${run} convert: ${seconds.toFixed(2)} s, ${(PHOTOS / seconds).toFixed(2)} images/s`);
      await rm(convertOut, { recursive: true });
    }
    const median = (xs: number[]) => percentile(xs, 50);
    report('app_images_per_s', median(app), 'images/s');
    if (hasConvert) {
      report('convert_images_per_s', median(convert), 'images/s');
      report('ratio', median(app) / median(convert), 'x');
    }
    report('app_rss_mb', median(rss), 'MB');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
