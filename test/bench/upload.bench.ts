/**
 * upload: the app's real upload engine against curl, on one sandbox (in its own process).
 *   app_mb_s, curl_mb_s, ratio   a 1 GB file through the engine, and curl PUTting the same chunks
 *   rss_256mb_mb, rss_2gb_mb     peak RSS of the engine's process for a 256 MB and a 2 GB file
 *                                (the high-water mark is reset once its modules are loaded)
 *   resent_bytes, chunk_bytes    after a kill -9 mid-upload and a restart, bytes the upload host
 *                                read beyond the file's size (target: at most one chunk)
 * Run: npm run bench -- upload (needs curl).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { peakRssMb, reporter } from './lib/report.js';
import { MB, curlPutFiles, makeFile, repoRoot, signIn, startSandboxChild, stopChild } from './lib/sandbox-session.js';
import { PREFERRED_CHUNK, chunkRange, isPlan, planChunks } from '../../electron/services/uploads/chunk-plan.js';

const report = reporter('upload');

interface EngineRun {
  seconds: number;
  rssMb: number;
  publishId: string;
}

/** Runs the engine on `file`; with `killAtChunk`, kill -9s it once that many chunks are acknowledged. */
function runEngine(env: Record<string, string>, killAtChunk?: number): Promise<EngineRun | 'killed'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/lib/engine-runner.ts'], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let result: EngineRun | 'killed' | null = null;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as { event: string; nextChunk?: number; seconds?: number; publishId?: string };
      if (message.event === 'chunk' && killAtChunk !== undefined && (message.nextChunk ?? 0) >= killAtChunk && result === null) {
        result = 'killed';
        child.kill('SIGKILL');
      }
      if (message.event === 'uploaded') {
        // Read the peak before the process is gone.
        void peakRssMb(child.pid!).then((rssMb) => (result = { seconds: message.seconds!, rssMb, publishId: message.publishId! }));
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

async function inspect(baseUrl: string, publishId: string): Promise<{ sha256: string | null; wire_bytes: number }> {
  return ((await (await fetch(`${baseUrl}/sandbox/publishes/${encodeURIComponent(publishId)}`)).json()) as { data: { sha256: string | null; wire_bytes: number } }).data;
}

async function main(): Promise<void> {
  if (spawnSync('curl', ['--version']).status !== 0) throw new Error('curl is required (apt-get install curl)');
  const dir = await mkdtemp(join(tmpdir(), 'upload-bench-'));
  const { child: sandbox, ready } = await startSandboxChild(join(dir, 'sandbox'));
  try {
    const token = await signIn(ready.base_url);
    const engineEnv = (file: string, dataDir: string) => ({ DD_BASE_URL: ready.base_url, DD_TOKEN: token, DD_FILE: file, DD_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });

    // Throughput: the same 1 GB file through the engine, then through curl with the engine's chunk plan.
    const gigabyte = join(dir, '1gb.mp4');
    const expected = await makeFile(gigabyte, 1024 * MB);
    const app = (await runEngine(engineEnv(gigabyte, join(dir, 'engine-1gb')))) as EngineRun;
    if ((await inspect(ready.base_url, app.publishId)).sha256 !== expected) throw new Error('engine upload: SHA-256 differs');
    const plan = planChunks(1024 * MB, PREFERRED_CHUNK);
    if (!isPlan(plan)) throw new Error(plan.message);
    const init = await fetch(`${ready.base_url}/v2/post/publish/inbox/video/init/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ source_info: { source: 'FILE_UPLOAD', video_size: plan.videoSize, chunk_size: plan.chunkSize, total_chunk_count: plan.totalChunkCount } }),
    });
    const { data } = (await init.json()) as { data: { publish_id: string; upload_url: string } };
    // curl cannot send a byte range of a file: give it each chunk as a file of its own (not timed).
    const chunkFiles: string[] = [];
    for (let i = 0; i < plan.totalChunkCount; i++) {
      const range = chunkRange(plan, i);
      chunkFiles.push(join(dir, `chunk-${i}`));
      await pipeline(createReadStream(gigabyte, { start: range.start, end: range.end }), createWriteStream(chunkFiles[i]!));
    }
    const curlStarted = performance.now();
    const statuses = await curlPutFiles(data.upload_url, chunkFiles.map((file, i) => ({ file, first: chunkRange(plan, i).start, last: chunkRange(plan, i).end })), plan.videoSize);
    if (statuses.length !== plan.totalChunkCount || statuses.some((status, i) => status !== (i === plan.totalChunkCount - 1 ? 201 : 206))) throw new Error(`curl statuses: ${statuses.join(',')}`);
    const curlSeconds = (performance.now() - curlStarted) / 1000;
    if ((await inspect(ready.base_url, data.publish_id)).sha256 !== expected) throw new Error('curl upload: SHA-256 differs');
    for (const file of chunkFiles) await rm(file);
    report('app_mb_s', 1024 / app.seconds, 'MB/s');
    report('curl_mb_s', 1024 / curlSeconds, 'MB/s');
    report('ratio', curlSeconds / app.seconds, 'x');

    // Memory: the engine's peak RSS must not grow with the file.
    const small = join(dir, '256mb.mp4');
    await makeFile(small, 256 * MB);
    const smallRun = (await runEngine(engineEnv(small, join(dir, 'engine-256mb')))) as EngineRun;
    const big = join(dir, '2gb.mp4');
    await makeFile(big, 2048 * MB);
    const bigRun = (await runEngine(engineEnv(big, join(dir, 'engine-2gb')))) as EngineRun;
    report('rss_256mb_mb', smallRun.rssMb, 'MB');
    report('rss_2gb_mb', bigRun.rssMb, 'MB');

    // Crash: kill -9 after three chunks, start again on the same data dir, count what was re-sent.
    const crashDir = join(dir, 'engine-crash');
    const killed = await runEngine(engineEnv(gigabyte, crashDir), 3);
    if (killed !== 'killed') throw new Error('the engine finished before it could be killed');
    const resumed = (await runEngine(engineEnv(gigabyte, crashDir))) as EngineRun;
    const after = await inspect(ready.base_url, resumed.publishId);
    if (after.sha256 !== expected) throw new Error('resumed upload: SHA-256 differs');
    report('resent_bytes', after.wire_bytes - 1024 * MB, 'bytes');
    report('chunk_bytes', plan.chunkSize, 'bytes');

    if (Math.abs(bigRun.rssMb - smallRun.rssMb) > 32) process.exitCode = 1;
    if (after.wire_bytes - 1024 * MB > plan.chunkSize) process.exitCode = 1;
  } finally {
    await stopChild(sandbox);
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
