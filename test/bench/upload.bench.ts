/**
 * upload: the app's real upload engine against curl making the same requests (open the publish,
 * then PUT the same chunks on one connection), in the same run, into two receivers: the sandbox
 * (in its own process; its upload host hashes and writes every byte to disk) and a bare loopback
 * sink that only counts and discards bytes (the engine's own ceiling). Runs alternate app, curl,
 * app, curl … RUNS times each; each run is printed on stderr, and each figure is a median over
 * the runs. A ratio is the median of each app run over the curl run right after it: the two share
 * the machine's load of that moment (other processes on a shared machine move both alike), which
 * a ratio of the two medians, taken from different moments, does not.
 *   app_mb_s, curl_mb_s, ratio                 a 1 GB file into the sandbox (ratio: app / curl, per pair)
 *   sink_app_mb_s, sink_curl_mb_s, sink_ratio  the same file into the loopback sink
 *   sink_app_cpu_s, sink_curl_cpu_s            CPU seconds (user + system) each spent on that GB; the
 *                                              engine's from its first call (opening the publish), curl's
 *                                              for the PUTs
 *   rss_1gb_mb, rss_2gb_mb, rss_ceiling_mb     the engine process's peak RSS (the high-water mark is
 *                                              reset once its modules are loaded) uploading 1 GB and
 *                                              2 GB to the sandbox, and the ceiling docs/BENCHMARKS.md "upload" states
 *   resent_bytes, chunk_bytes                  after a kill -9 mid-upload and a restart, bytes the upload
 *                                              host read beyond the file's size (target: at most one chunk)
 * Fails when rss_2gb_mb is over the ceiling or more than one chunk is re-sent.
 * Run: npm run bench -- upload (needs curl; UPLOAD_RUNS=N, default 3).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { loadavg as systemLoad, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { peakRssMb, percentile, reporter } from './lib/report.js';
import { MB, curlInitVideo, curlPutFiles, makeFile, repoRoot, signIn, startSandboxChild, stopChild } from '../support/sandbox-session.js';
import { startLoopbackSink } from './lib/loopback-sink.js';
import { PREFERRED_CHUNK, chunkRange, isPlan, planChunks, type ChunkPlan } from '../../electron/services/uploads/chunk-plan.js';

const report = reporter('upload');
const RUNS = Number(process.env.UPLOAD_RUNS ?? 3);
/** The engine's peak RSS uploading 2 GB must stay under this (docs/BENCHMARKS.md "upload"). */
const RSS_CEILING_MB = 256;

interface EngineRun {
  seconds: number;
  cpuSeconds: number;
  rssMb: number;
  publishId: string;
}

/** Runs the engine on `file`; with `killAtChunk`, kill -9s it once that many chunks are acknowledged. */
function runEngine(env: Record<string, string>, killAtChunk?: number): Promise<EngineRun | 'killed'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/lib/engine-runner.ts'], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let result: EngineRun | 'killed' | null = null;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as { event: string; nextChunk?: number; seconds?: number; cpuSeconds?: number; publishId?: string };
      if (message.event === 'chunk' && killAtChunk !== undefined && (message.nextChunk ?? 0) >= killAtChunk && result === null) {
        result = 'killed';
        child.kill('SIGKILL');
      }
      if (message.event === 'uploaded') {
        // Read the peak before the process is gone.
        void peakRssMb(child.pid!).then((rssMb) => (result = { seconds: message.seconds!, cpuSeconds: message.cpuSeconds!, rssMb, publishId: message.publishId! }));
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      setTimeout(() => {
        if (result) resolve(result);
        else reject(new Error(`engine exited with ${code ?? signal} before finishing`));
      }, 50);
    });
  });
}

/** The middle of an odd number of runs (UPLOAD_RUNS is odd or the lower middle is taken). */
const median = (values: number[]) => percentile(values, 50);
/** Each app run over the curl run that followed it. */
const pairRatios = (app: number[], curl: number[]) => app.map((value, i) => value / curl[i]!);
/** The 1-minute load average, printed beside each run: a shared machine's runs swing with it. */
const loadavg = () => systemLoad()[0]!.toFixed(1);

async function inspect(baseUrl: string, publishId: string): Promise<{ sha256: string | null; wire_bytes: number }> {
  return ((await (await fetch(`${baseUrl}/sandbox/publishes/${encodeURIComponent(publishId)}`)).json()) as { data: { sha256: string | null; wire_bytes: number } }).data;
}

/** The engine's chunk plan, and each chunk of `file` as a file of its own: curl cannot send a byte range of a file (not timed). */
async function chunkFilesFor(file: string, size: number, dir: string): Promise<{ plan: ChunkPlan; parts: Array<{ file: string; first: number; last: number }> }> {
  const plan = planChunks(size, PREFERRED_CHUNK);
  if (!isPlan(plan)) throw new Error(plan.message);
  const parts = [];
  for (let i = 0; i < plan.totalChunkCount; i++) {
    const range = chunkRange(plan, i);
    const part = join(dir, `chunk-${i}`);
    await pipeline(createReadStream(file, { start: range.start, end: range.end }), createWriteStream(part));
    parts.push({ file: part, first: range.start, last: range.end });
  }
  return { plan, parts };
}

/**
 * curl making the requests the engine makes, timed the same way: it opens the publish (op 4), then
 * PUTs every chunk on one connection. Returns the seconds, the CPU seconds of the PUTs, and the publish.
 */
async function timedCurl(baseUrl: string, token: string, plan: ChunkPlan, parts: Array<{ file: string; first: number; last: number }>): Promise<{ seconds: number; cpuSeconds: number; publishId: string }> {
  const started = performance.now();
  const { publishId, uploadUrl } = await curlInitVideo(baseUrl, token, plan);
  const { statuses, cpuSeconds } = await curlPutFiles(uploadUrl, parts, plan.videoSize);
  const seconds = (performance.now() - started) / 1000;
  if (statuses.length !== parts.length || statuses.some((status, i) => status !== (i === parts.length - 1 ? 201 : 206))) throw new Error(`curl statuses: ${statuses.join(',')}`);
  return { seconds, cpuSeconds, publishId };
}

async function main(): Promise<void> {
  if (spawnSync('curl', ['--version']).status !== 0) throw new Error('curl is required (apt-get install curl)');
  if (!Number.isInteger(RUNS) || RUNS < 3) throw new Error('UPLOAD_RUNS must be 3 or more (figures are medians)');
  const dir = await mkdtemp(join(tmpdir(), 'upload-bench-'));
  // Many publishes for one user within minutes: the benchmark measures bytes, not the platform's limits.
  const configPath = join(dir, 'sandbox.json');
  await writeFile(configPath, JSON.stringify({ limits: { init_per_minute: 600, status_per_minute: 6000, pending_shares_per_24h: 100_000 } }));
  const { child: sandbox, ready } = await startSandboxChild(join(dir, 'sandbox'), { configPath });
  const sink = await startLoopbackSink();
  const say = (line: string) => console.error(`# ${line}`);
  try {
    const token = await signIn(ready.base_url);
    let engines = 0;
    const engineEnv = (file: string, baseUrl = ready.base_url, dataDir = join(dir, `engine-${++engines}`)) => ({ DD_BASE_URL: baseUrl, DD_TOKEN: token, DD_FILE: file, DD_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const gigabyte = join(dir, '1gb.mp4');
    const size = 1024 * MB;
    const expected = await makeFile(gigabyte, size);
    const { plan, parts } = await chunkFilesFor(gigabyte, size, dir);

    // Throughput into the sandbox, then into the sink: app and curl alternating, RUNS each.
    const runs = { app: [] as number[], curl: [] as number[], sinkApp: [] as number[], sinkCurl: [] as number[], rss1gb: [] as number[], sinkAppCpu: [] as number[], sinkCurlCpu: [] as number[] };
    for (let i = 1; i <= RUNS; i++) {
      const app = (await runEngine(engineEnv(gigabyte))) as EngineRun;
      if ((await inspect(ready.base_url, app.publishId)).sha256 !== expected) throw new Error('engine upload: SHA-256 differs');
      const curl = await timedCurl(ready.base_url, token, plan, parts);
      if ((await inspect(ready.base_url, curl.publishId)).sha256 !== expected) throw new Error('curl upload: SHA-256 differs');
      runs.app.push(1024 / app.seconds);
      runs.curl.push(1024 / curl.seconds);
      runs.rss1gb.push(app.rssMb);
      say(`sandbox run ${i}: app ${(1024 / app.seconds).toFixed(1)} MB/s (peak RSS ${app.rssMb.toFixed(1)} MB, CPU ${app.cpuSeconds.toFixed(2)} s), curl ${(1024 / curl.seconds).toFixed(1)} MB/s (CPU ${curl.cpuSeconds.toFixed(2)} s), ratio ${(curl.seconds / app.seconds).toFixed(3)}, load ${loadavg()}`);
    }
    for (let i = 1; i <= RUNS; i++) {
      const before = sink.bytes();
      const app = (await runEngine(engineEnv(gigabyte, sink.baseUrl))) as EngineRun;
      const between = sink.bytes();
      const curl = await timedCurl(sink.baseUrl, token, plan, parts);
      if (between - before !== size || sink.bytes() - between !== size) throw new Error(`the sink received ${between - before} and ${sink.bytes() - between} bytes, not ${size} each`);
      runs.sinkApp.push(1024 / app.seconds);
      runs.sinkCurl.push(1024 / curl.seconds);
      runs.sinkAppCpu.push(app.cpuSeconds);
      runs.sinkCurlCpu.push(curl.cpuSeconds);
      say(`sink run ${i}: app ${(1024 / app.seconds).toFixed(1)} MB/s (CPU ${app.cpuSeconds.toFixed(2)} s), curl ${(1024 / curl.seconds).toFixed(1)} MB/s (CPU ${curl.cpuSeconds.toFixed(2)} s), ratio ${(curl.seconds / app.seconds).toFixed(3)}, load ${loadavg()}`);
    }
    for (const part of parts) await rm(part.file);
    report('app_mb_s', median(runs.app), 'MB/s');
    report('curl_mb_s', median(runs.curl), 'MB/s');
    report('ratio', median(pairRatios(runs.app, runs.curl)), 'x');
    report('sink_app_mb_s', median(runs.sinkApp), 'MB/s');
    report('sink_curl_mb_s', median(runs.sinkCurl), 'MB/s');
    report('sink_ratio', median(pairRatios(runs.sinkApp, runs.sinkCurl)), 'x');
    // What a GB costs in CPU, whatever else the machine runs: on a shared machine it is what the
    // engine and the sink compete for, so it bounds sink_app_mb_s where it falls short of curl.
    report('sink_app_cpu_s', median(runs.sinkAppCpu), 's');
    report('sink_curl_cpu_s', median(runs.sinkCurlCpu), 's');

    // Memory: peak RSS uploading 2 GB, against a fixed ceiling.
    const big = join(dir, '2gb.mp4');
    const bigSha = await makeFile(big, 2048 * MB);
    const rss2gb: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const run = (await runEngine(engineEnv(big))) as EngineRun;
      if ((await inspect(ready.base_url, run.publishId)).sha256 !== bigSha) throw new Error('2 GB upload: SHA-256 differs');
      rss2gb.push(run.rssMb);
      say(`2 GB run ${i}: peak RSS ${run.rssMb.toFixed(1)} MB`);
    }
    await rm(big);
    report('rss_1gb_mb', median(runs.rss1gb), 'MB');
    report('rss_2gb_mb', median(rss2gb), 'MB');
    report('rss_ceiling_mb', RSS_CEILING_MB, 'MB');

    // Crash: kill -9 after three chunks, start again on the same data dir, count what was re-sent.
    const crashEnv = engineEnv(gigabyte);
    const killed = await runEngine(crashEnv, 3);
    if (killed !== 'killed') throw new Error('the engine finished before it could be killed');
    const resumed = (await runEngine(crashEnv)) as EngineRun;
    const after = await inspect(ready.base_url, resumed.publishId);
    if (after.sha256 !== expected) throw new Error('resumed upload: SHA-256 differs');
    report('resent_bytes', after.wire_bytes - size, 'bytes');
    report('chunk_bytes', plan.chunkSize, 'bytes');

    if (median(rss2gb) > RSS_CEILING_MB) process.exitCode = 1;
    if (after.wire_bytes - size > plan.chunkSize) process.exitCode = 1;
  } finally {
    await sink.close();
    await stopChild(sandbox);
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
