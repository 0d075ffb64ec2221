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
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { peakRssMb, reporter } from './lib/report.js';

const report = reporter('upload-host');
const MB = 1024 * 1024;
const CHUNK = 64 * MB;
const RSS_TOLERANCE_MB = 32;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLIENT_KEY = 'sbx_draftdeck_desktop';
const CLIENT_SECRET = 'sbx_secret_local_only_not_confidential';
const REDIRECT_URI = 'http://127.0.0.1:53682/callback/';

interface Ready {
  base_url: string;
  upload_base_url: string;
}

/** A file of `bytes` bytes that starts as an MP4 and is otherwise random-ish; returns its SHA-256. */
async function makeFile(path: string, bytes: number): Promise<string> {
  const block = randomBytes(MB);
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x32]).copy(block, 0);
  const hash = createHash('sha256');
  const file = await open(path, 'w');
  try {
    for (let offset = 0; offset < bytes; offset += MB) {
      // Vary each megabyte a little so no two chunks are alike.
      if (offset > 0) block.writeUInt32LE(offset / MB, 64);
      const part = block.subarray(0, Math.min(MB, bytes - offset));
      hash.update(part);
      await file.write(part, 0, part.length, offset);
    }
  } finally {
    await file.close();
  }
  return hash.digest('hex');
}

async function startSandboxChild(dataDir: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--upload-port', '0', '--data-dir', dataDir], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  const line = await new Promise<string>((resolveLine, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolveLine);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code} before ready`)));
  });
  return { child, ready: JSON.parse(line) as Ready };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null) return resolveStop();
    child.once('exit', () => resolveStop());
    child.kill('SIGTERM');
  });
}

/** Sign in as a sandbox user the way a desktop app does: consent page, form post, code exchange with hex-S256 PKCE. */
async function signIn(baseUrl: string): Promise<string> {
  const verifier = randomBytes(48).toString('base64url');
  const params = {
    client_key: CLIENT_KEY,
    response_type: 'code',
    scope: 'user.info.basic,video.upload',
    redirect_uri: REDIRECT_URI,
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('hex'),
    code_challenge_method: 'S256',
  };
  const page = await fetch(`${baseUrl}/v2/auth/authorize/?${new URLSearchParams(params)}`);
  if (page.status !== 200) throw new Error(`consent page: HTTP ${page.status}`);
  await page.text();
  const decision = await fetch(`${baseUrl}/v2/auth/authorize/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, open_id: 'sbx-user-ava', decision: 'allow' }).toString(),
  });
  const code = new URL(decision.headers.get('location') ?? 'http://x/').searchParams.get('code');
  if (!code) throw new Error(`consent: HTTP ${decision.status}, no code`);
  const token = await fetch(`${baseUrl}/v2/oauth/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString(),
  });
  const body = (await token.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token exchange: HTTP ${token.status}`);
  return body.access_token;
}

/** One chunk through curl: the bytes come from the file region on curl's stdin, with an explicit length (no chunked encoding). */
function curlPut(url: string, path: string, first: number, last: number, total: number): Promise<number> {
  return new Promise((resolvePut, reject) => {
    const curl = spawn('curl', [
      '-sS', '-X', 'PUT', '-T', '-', '-o', '/dev/null', '-w', '%{http_code}',
      '-H', 'Content-Type: video/mp4',
      '-H', `Content-Range: bytes ${first}-${last}/${total}`,
      '-H', `Content-Length: ${last - first + 1}`,
      '-H', 'Transfer-Encoding:',
      '-H', 'Expect:',
      url,
    ], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    curl.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    createReadStream(path, { start: first, end: last, highWaterMark: MB }).pipe(curl.stdin);
    curl.once('error', reject);
    curl.once('close', (code) => (code === 0 ? resolvePut(Number(out)) : reject(new Error(`curl exited with ${code}`))));
  });
}

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
