/**
 * research: the indexed research engine against a plain full scan of the same 1,000,000 videos,
 * in the same run. Every timed call is a new search (no search_id), measured end to end through
 * queryVideos / scanQueryVideos: validation, matching, the snapshot and the first page of records.
 *
 * Figures: build_s (dataset + indexes), heap_mb (JS heap + typed-array buffers after a GC: the
 * columns and postings live in ArrayBuffers, outside heapUsed), exact/range/fuzzy latencies of the
 * engine, the scan's latencies on the same queries, and speedup = scan p50 / engine p50.
 * Every scanned query's result is checked to equal the engine's; a mismatch fails the run.
 *
 * Run: npx tsx test/bench/research.bench.ts   (or npm run bench -- research)
 * Env: RESEARCH_BENCH_VIDEOS (default 1000000), RESEARCH_BENCH_RUNS (50), RESEARCH_BENCH_SCAN_RUNS (10).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createResearchEngine } from '../../sandbox/research/engine.js';
import type { ResearchEngine, VideoQueryData } from '../../sandbox/research/engine.js';
import type { Result } from '../../sandbox/research/errors.js';
import { mulberry32 } from '../../sandbox/research/prng.js';
import { formatYyyymmdd } from '../../sandbox/research/query-schema.js';
import { peakRssMb, percentile, reporter } from './lib/report.js';

const report = reporter('research');
const VIDEOS = Number(process.env.RESEARCH_BENCH_VIDEOS ?? 1_000_000);
const ACCOUNTS = Math.max(100, Math.round(VIDEOS / 10));
const RUNS = Number(process.env.RESEARCH_BENCH_RUNS ?? 50);
const SCAN_RUNS = Number(process.env.RESEARCH_BENCH_SCAN_RUNS ?? 10);
const FIELDS = 'id,create_time,username,region_code,like_count,view_count,video_description,hashtag_names';
const TODAY = Date.UTC(2025, 5, 15, 12);

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}

type Body = Record<string, unknown>;
interface Workload { exact: Body[]; range: Body[]; fuzzy: Body[] }

/** Deterministic queries over random 30-day windows of the dataset's two years. */
function workload(engine: ResearchEngine, runs: number): Workload {
  const ds = engine.dataset;
  const rng = mulberry32(20250615);
  const window = (): { start_date: string; end_date: string; start: number } => {
    const start = ds.spanStart + rng.int(0, 729 - 30) * 86_400;
    return { start_date: formatYyyymmdd(start), end_date: formatYyyymmdd(start + 29 * 86_400), start };
  };
  const dates = ({ start_date, end_date }: ReturnType<typeof window>): Body => ({ start_date, end_date });
  const popularTags = ds.hashtags.slice(0, 200);
  const longWords = ds.words.filter((w) => w.length >= 5);
  const typo = (word: string): string => {
    const i = rng.int(1, word.length - 2);
    return rng.chance(0.5)
      ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) // transposition
      : word.slice(0, i) + (word[i] === 'e' ? 'a' : 'e') + word.slice(i + 1); // substitution
  };
  const exact: Body[] = [];
  const range: Body[] = [];
  const fuzzy: Body[] = [];
  for (let i = 0; i < runs; i++) {
    exact.push(i % 2 === 0
      ? { query: { and: [{ field_name: 'region_code', operation: 'EQ', field_values: [ds.regions[rng.int(0, 9)]!] }] }, ...dates(window()) }
      : { query: { and: [{ field_name: 'hashtag_name', operation: 'EQ', field_values: [popularTags[rng.int(0, popularTags.length - 1)]!] }] }, ...dates(window()) });
    const w = window();
    range.push(i % 2 === 0
      ? { query: { and: [{ field_name: 'video_length', operation: rng.chance(0.5) ? 'GT' : 'LTE', field_values: [String(rng.int(10, 90))] }] }, ...dates(w) }
      : { query: { and: [{ field_name: 'create_date', operation: 'GTE', field_values: [formatYyyymmdd(w.start + rng.int(1, 20) * 86_400)] }] }, ...dates(w) });
    fuzzy.push({ query: { and: [{ field_name: 'keyword', operation: 'EQ', field_values: [typo(longWords[rng.int(0, longWords.length - 1)]!)] }] }, ...dates(window()) });
  }
  return { exact, range, fuzzy };
}

function unwrap(result: Result<VideoQueryData>): VideoQueryData {
  if (!result.ok) throw new Error(`query failed: ${result.error.message}`);
  return result.value;
}

function time(run: () => Result<VideoQueryData>): { ms: number; data: VideoQueryData } {
  const start = performance.now();
  const data = unwrap(run());
  return { ms: performance.now() - start, data };
}

function main(): void {
  const buildStart = performance.now();
  const engine = createResearchEngine({
    seed: 42,
    videos: VIDEOS,
    accounts: ACCOUNTS,
    clock: { now: () => TODAY },
    quotas: { requestsPerDay: Number.MAX_SAFE_INTEGER, recordsPerDay: Number.MAX_SAFE_INTEGER },
    snapshots: { maxSearches: 50 },
  });
  const buildSeconds = (performance.now() - buildStart) / 1000;
  collectGarbage();
  const memory = process.memoryUsage();
  const heapMb = (memory.heapUsed + memory.arrayBuffers) / (1024 * 1024);

  const load = workload(engine, RUNS);
  // warm both paths up so the JIT does not bill its compile time to the first samples
  for (const body of [...load.exact.slice(0, 3), ...load.range.slice(0, 3), ...load.fuzzy.slice(0, 3)]) {
    for (let i = 0; i < 5; i++) unwrap(engine.queryVideos(body, FIELDS, 'bench'));
    unwrap(engine.scanQueryVideos(body, FIELDS, 'bench'));
  }

  const measure = (bodies: Body[]) => {
    const engineMs: number[] = [];
    const scanMs: number[] = [];
    let matched = 0;
    bodies.forEach((body, i) => {
      const indexed = time(() => engine.queryVideos(body, FIELDS, 'bench'));
      engineMs.push(indexed.ms);
      matched += indexed.data.videos.length;
      if (i < SCAN_RUNS) {
        const scanned = time(() => engine.scanQueryVideos(body, FIELDS, 'bench'));
        scanMs.push(scanned.ms);
        if (JSON.stringify(scanned.data.videos) !== JSON.stringify(indexed.data.videos) || scanned.data.has_more !== indexed.data.has_more) {
          throw new Error(`engine and scan disagree on ${JSON.stringify(body)}`);
        }
      }
    });
    if (matched === 0) throw new Error('no query matched anything: the workload is not measuring real work');
    return { engineMs, scanMs };
  };

  const exact = measure(load.exact);
  const range = measure(load.range);
  const fuzzy = measure(load.fuzzy);

  report('videos', VIDEOS, 'count');
  report('build_s', buildSeconds, 's');
  report('heap_mb', heapMb, 'MB');
  report('js_heap_mb', memory.heapUsed / (1024 * 1024), 'MB');
  report('exact_p50_ms', percentile(exact.engineMs, 50), 'ms');
  report('exact_p95_ms', percentile(exact.engineMs, 95), 'ms');
  report('range_p50_ms', percentile(range.engineMs, 50), 'ms');
  report('range_p95_ms', percentile(range.engineMs, 95), 'ms');
  report('fuzzy_p50_ms', percentile(fuzzy.engineMs, 50), 'ms');
  report('fuzzy_p95_ms', percentile(fuzzy.engineMs, 95), 'ms');
  report('scan_exact_p50_ms', percentile(exact.scanMs, 50), 'ms');
  report('scan_range_p50_ms', percentile(range.scanMs, 50), 'ms');
  report('scan_fuzzy_p50_ms', percentile(fuzzy.scanMs, 50), 'ms');
  const speedupExact = percentile(exact.scanMs, 50) / percentile(exact.engineMs, 50);
  const speedupFuzzy = percentile(fuzzy.scanMs, 50) / percentile(fuzzy.engineMs, 50);
  report('speedup_exact', speedupExact, 'x');
  report('speedup_range', percentile(range.scanMs, 50) / percentile(range.engineMs, 50), 'x');
  report('speedup_fuzzy', speedupFuzzy, 'x');
  void peakRssMb().then((rss) => {
    report('rss_peak_mb', rss, 'MB');
    const misses: string[] = [];
    if (speedupExact < 20) misses.push(`speedup_exact ${speedupExact.toFixed(1)} < 20`);
    if (speedupFuzzy < 20) misses.push(`speedup_fuzzy ${speedupFuzzy.toFixed(1)} < 20`);
    if (heapMb >= 1536) misses.push(`heap ${heapMb.toFixed(0)} MB >= 1.5 GB`);
    if (misses.length > 0) {
      console.error(`research: target missed: ${misses.join('; ')}`);
      process.exitCode = 1;
    }
  });
}

main();
