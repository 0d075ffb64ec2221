/**
 * sandbox-state: what one durable save costs the platform sandbox when its state is large: a state
 * of PUBLISHES publish records (the shape sandbox/publish/records.ts keeps), then SAVES times one
 * record changed (an upload chunk's progress, what the upload host saves before it answers a
 * chunk) and `flush()` awaited, as the routes that answer 2xx only once the change is on disk do.
 * Each chunk the upload host accepts costs one such save, and a sandbox that has received many
 * drafts holds a publish record for each (in `npm run bench -- queue-render` most of the 10,000
 * drafts wait in the app and never reach the sandbox, so there its state stays small).
 *
 * Figures: flush_cpu_ms (CPU of this process per save, user + system, median), flush_wall_ms
 * (median), bytes_per_flush (bytes this process wrote per save, from /proc/self/io `wchar`:
 * Linux only), state_mb (the data dir's size after the saves).
 *
 * Run: npm run bench -- sandbox-state
 * Env: SANDBOX_STATE_BENCH_PUBLISHES (default 10000), SANDBOX_STATE_BENCH_SAVES (200).
 */
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../common/log.js';
import { SandboxState } from '../../sandbox/state/sandbox-state.js';
import { percentile, reporter } from './lib/report.js';

const report = reporter('sandbox-state');
const PUBLISHES = Number(process.env.SANDBOX_STATE_BENCH_PUBLISHES ?? 10_000);
const SAVES = Number(process.env.SANDBOX_STATE_BENCH_SAVES ?? 200);
const CHUNK = 32 * 1024 * 1024;

/** A publish record as the sandbox keeps one for a chunked FILE_UPLOAD (about 600 bytes of JSON). */
function publish(i: number): Record<string, unknown> {
  return {
    publish_id: `v_pub_file~v2-1.${String(i).padStart(19, '0')}`,
    kind: 'FILE_UPLOAD',
    client_key: 'sbx_client_key',
    open_id: `sbx-user-${i % 7}`,
    created_at: 1_780_000_000 + i,
    upload: { video_size: 1024 * 1024 * 1024, chunk_size: CHUNK, total_chunk_count: 32, credential_key: 'c'.repeat(64), url_expires_at: 1_780_003_600 + i, received_bytes: 0, chunks_received: 0, content_type: 'video/mp4', wire_bytes: 0, resent_chunks: [] },
    pull: null,
    photo: null,
    file: `upload-${String(i).padStart(8, '0')}.mp4`,
    received_at: null,
    processing_ends_at: null,
    verdict: null,
    failure: null,
    sha256: null,
    posted_at: null,
    post_ids: [],
  };
}

/** Bytes this process has passed to write calls so far (its libuv threads' included). */
async function bytesWritten(): Promise<number> {
  const io = await readFile('/proc/self/io', 'utf8');
  return Number(/wchar: (\d+)/.exec(io)![1]);
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-sandbox-state-'));
  try {
    const state = await SandboxState.open(join(dir, 'state.json'), createLogger({ name: 'bench', level: 'warn' }));
    const publishes = state.collection<Record<string, unknown>>('publishes');
    for (let i = 0; i < PUBLISHES; i++) publishes.set(`p${i}`, publish(i));
    await state.flush();
    const cpu: number[] = [];
    const wall: number[] = [];
    const written: number[] = [];
    for (let s = 0; s < SAVES; s++) {
      const id = `p${s % PUBLISHES}`;
      const before = await bytesWritten();
      const startedCpu = process.cpuUsage();
      const started = performance.now();
      publishes.update(id, (p) => ({ ...p, upload: { ...(p.upload as object), received_bytes: (s + 1) * CHUNK, chunks_received: s + 1 } }));
      await state.flush();
      wall.push(performance.now() - started);
      const used = process.cpuUsage(startedCpu);
      cpu.push((used.user + used.system) / 1000);
      written.push((await bytesWritten()) - before);
    }
    const cpuMedian = percentile(cpu, 50);
    console.error(`# ${PUBLISHES} publishes, ${SAVES} saves: cpu p50 ${cpuMedian.toFixed(2)} ms, p95 ${percentile(cpu, 95).toFixed(2)} ms; wall p50 ${percentile(wall, 50).toFixed(2)} ms`);
    report('flush_cpu_ms', cpuMedian, 'ms');
    report('flush_cpu_p95_ms', percentile(cpu, 95), 'ms');
    report('flush_wall_ms', percentile(wall, 50), 'ms');
    report('bytes_per_flush', percentile(written, 50), 'bytes');
    report('state_mb', (await dirBytes(dir)) / (1024 * 1024), 'MB');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
