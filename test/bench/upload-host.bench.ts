/**
 * upload-host: how fast and how lean the sandbox's upload host is. For a 256 MB and a 1 GB file,
 * a fresh sandbox runs in a child process (so its peak RSS is its own), a user signs in through
 * the consent flow over HTTP, and curl PUTs the file in 64 MB chunks with Content-Range, as a
 * client would. Figures:
 *   curl_mb_s    upload throughput of the 1 GB file (MB/s, all chunks, wall clock)
 *   rss_256mb_mb peak RSS (VmHWM) of the sandbox after uploading 256 MB
 *   rss_1gb_mb   the same after 1 GB; within 32 MB of rss_256mb_mb, since nothing buffers a chunk
 * The sandbox's SHA-256 of each upload must equal the file's.
 *
 * Run: npx tsx test/bench/upload-host.bench.ts (or npm run bench -- upload-host). Needs curl.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peakRssMb, reporter } from './lib/report.js';
import { MB, curlPut, makeFile, signIn, startSandboxChild, stopChild } from '../support/sandbox-session.js';

const report = reporter('upload-host');
const CHUNK = 64 * MB;
const RSS_TOLERANCE_MB = 32;

async function uploadOnce(dir: string, label: string, bytes: number): Promise<{ seconds: number; rssMb: number }> {
  const path = join(dir, `${label}.mp4`);
  const expected = await makeFile(path, bytes);
  const { child, ready } = await startSandboxChild(join(dir, `sandbox-${label}`));
  try {
    const token = await signIn(ready.base_url);
    const plan = { video_size: bytes, chunk_size: CHUNK, total_chunk_count: Math.floor(bytes / CHUNK) };
    const init = await fetch(`${ready.base_url}/v2/post/publish/inbox/video/init/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ source_info: { source: 'FILE_UPLOAD', ...plan } }),
    });
    const { data } = (await init.json()) as { data: { publish_id: string; upload_url: string } };
    const started = performance.now();
    for (let i = 0; i < plan.total_chunk_count; i++) {
      const first = i * CHUNK;
      const last = i === plan.total_chunk_count - 1 ? bytes - 1 : first + CHUNK - 1;
      const status = await curlPut(data.upload_url, path, first, last, bytes);
      const want = i === plan.total_chunk_count - 1 ? 201 : 206;
      if (status !== want) throw new Error(`chunk ${i + 1}: HTTP ${status}, expected ${want}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const rssMb = await peakRssMb(child.pid!);
    const view = (await (await fetch(`${ready.base_url}/sandbox/publishes/${encodeURIComponent(data.publish_id)}`)).json()) as { data: { sha256: string } };
    if (view.data.sha256 !== expected) throw new Error(`${label}: sandbox SHA-256 ${view.data.sha256} differs from the file's ${expected}`);
    console.error(`# ${label}: ${(bytes / MB).toFixed(0)} MB in ${seconds.toFixed(2)} s, sandbox peak RSS ${rssMb.toFixed(1)} MB, sha256 ok`);
    return { seconds, rssMb };
  } finally {
    await stopChild(child);
    await rm(path, { force: true });
  }
}

async function main(): Promise<void> {
  if (spawnSync('curl', ['--version']).status !== 0) throw new Error('curl is required (apt-get install curl)');
  const dir = await mkdtemp(join(tmpdir(), 'upload-host-bench-'));
  try {
    const small = await uploadOnce(dir, '256mb', 256 * MB);
    const large = await uploadOnce(dir, '1gb', 1024 * MB);
    report('curl_mb_s', 1024 / large.seconds, 'MB/s');
    report('rss_256mb_mb', small.rssMb, 'MB');
    report('rss_1gb_mb', large.rssMb, 'MB');
    if (Math.abs(large.rssMb - small.rssMb) > RSS_TOLERANCE_MB) {
      console.error(`upload-host: peak RSS grew from ${small.rssMb.toFixed(1)} MB to ${large.rssMb.toFixed(1)} MB (more than ${RSS_TOLERANCE_MB} MB): something buffers`);
      process.exitCode = 1;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
