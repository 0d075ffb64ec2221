/**
 * `npm run bench` runs every test/bench/*.bench.ts; `npm run bench -- NAME...` only those named.
 * Each benchmark runs in its own process (so its memory figures are its own) and reports through
 * lib/report.ts; this runner echoes its output and writes the figures to results/latest.json.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

interface Figure { benchmark: string; figure: string; value: number; unit: string }

const benchDir = dirname(fileURLToPath(import.meta.url));
const BENCH_LINE = /^BENCH (\S+) ([a-z0-9_]+)=(-?[0-9.eE+-]+) (\S+)$/;

async function main(): Promise<void> {
  const available = (await readdir(benchDir)).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace(/\.bench\.ts$/, '')).sort();
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${available.join(', ') || 'none'}`);
    process.exit(2);
  }
  const selected = wanted.length > 0 ? wanted : available;
  const figures: Figure[] = [];
  const failed: string[] = [];
  for (const name of selected) {
    console.log(`# ${name}`);
    const code = await runOne(name, figures);
    if (code !== 0) failed.push(name);
  }
  const resultsDir = join(benchDir, 'results');
  await mkdir(resultsDir, { recursive: true });
  const run = { date: new Date().toISOString(), node: process.version, benchmarks: selected, failed, figures };
  await writeFile(join(resultsDir, 'latest.json'), JSON.stringify(run, null, 2) + '\n');
  console.log(`# wrote ${join('test/bench/results/latest.json')}${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
  process.exit(failed.length > 0 ? 1 : 0);
}

function runOne(name: string, figures: Figure[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(benchDir, `${name}.bench.ts`)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(line);
      const match = BENCH_LINE.exec(line);
      if (match) figures.push({ benchmark: match[1]!, figure: match[2]!, value: Number(match[3]), unit: match[4]! });
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

await main();
