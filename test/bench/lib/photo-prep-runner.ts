/**
 * The app's side of the photos benchmark, in a process of its own so its peak RSS is the app's:
 * prepares every image in IN_DIR into OUT_DIR with the app's worker (PhotoPrep, the same code and
 * settings as a person's batch) and prints one JSON line {seconds, rssMb, prepared, refused}.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PhotoPrep, sourceWorker } from '../../../electron/services/photos/photo-prep.js';
import { peakRssMb } from './report.js';

const [inDir, outDir] = process.argv.slice(2);
if (!inDir || !outDir) throw new Error('usage: photo-prep-runner.ts IN_DIR OUT_DIR');
const names = (await readdir(inDir)).sort();
const prep = new PhotoPrep(sourceWorker());
const started = performance.now();
const results = await prep.prepare(
  names.map((name) => ({ inputPath: join(inDir, name), outputPath: join(outDir, `${name}.jpg`) })),
  { stripLocation: true },
);
const seconds = (performance.now() - started) / 1000;
await prep.close();
const refused = results.filter((r) => !r.ok);
process.stdout.write(JSON.stringify({ seconds, rssMb: await peakRssMb(), prepared: results.length - refused.length, refused: refused.map((r) => (r.ok ? '' : r.code)) }) + '\n');
