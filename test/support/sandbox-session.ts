/**
 * What the upload benchmarks share: a sandbox in a child process (so its memory is its own), a
 * signed-in user obtained as a desktop app does (consent page, form post, hex-S256 PKCE code
 * exchange), test files, and curl PUTting one chunk as the baseline client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { consent } from './consent-browser.js';

export const MB = 1024 * 1024;
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The built-in sandbox app's key and (not confidential) secret, as the desktop app uses them. */
export const CLIENT_KEY = 'sbx_draftdeck_desktop';
export const CLIENT_SECRET = 'sbx_secret_local_only_not_confidential';
const REDIRECT_URI = 'http://127.0.0.1:53682/callback/';

export interface Ready {
  base_url: string;
  upload_base_url: string;
}

/** A file of `bytes` bytes that starts as an MP4 and is otherwise random-ish; returns its SHA-256. */
export async function makeFile(path: string, bytes: number): Promise<string> {
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

export interface SandboxChildOptions {
  /** Fixed ports (to restart a killed sandbox where its upload URLs point); 0 or absent: any free port. */
  port?: number;
  uploadPort?: number;
  configPath?: string;
}

export async function startSandboxChild(dataDir: string, options: SandboxChildOptions = {}): Promise<{ child: ChildProcess; ready: Ready }> {
  const args = ['--import', 'tsx', 'sandbox/cli.ts', '--port', String(options.port ?? 0), '--upload-port', String(options.uploadPort ?? 0), '--data-dir', dataDir];
  if (options.configPath) args.push('--config', options.configPath);
  const child = spawn(process.execPath, args, {
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

export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    child.once('exit', () => resolveStop());
    child.kill(signal);
  });
}

/** Replaces the sandbox's chaos rules (they are not persisted: set them again after a restart). */
export async function setChaos(baseUrl: string, rules: unknown[]): Promise<void> {
  const answer = await fetch(`${baseUrl}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rules) });
  if (answer.status !== 200) throw new Error(`PUT /sandbox/chaos answered ${answer.status}: ${await answer.text()}`);
}

/** What `GET /sandbox/publishes` tells about one publish (the fields the benchmarks read). */
export interface PublishView {
  publish_id: string;
  open_id: string;
  status: string;
  size: number | null;
  uploaded_bytes: number | null;
  wire_bytes: number | null;
  sha256: string | null;
}

export async function listPublishes(baseUrl: string): Promise<PublishView[]> {
  const answer = await fetch(`${baseUrl}/sandbox/publishes`);
  if (answer.status !== 200) throw new Error(`GET /sandbox/publishes answered ${answer.status}`);
  return ((await answer.json()) as { data: { publishes: PublishView[] } }).data.publishes;
}

/** Sign in as a sandbox user the way a desktop app does: consent page, form post, code exchange with hex-S256 PKCE. */
export async function signIn(baseUrl: string, openId = 'sbx-user-ava'): Promise<string> {
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
  const location = await consent(`${baseUrl}/v2/auth/authorize/?${new URLSearchParams(params)}`, { openId });
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error('consent: the redirect carries no code');
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
export function curlPut(url: string, path: string, first: number, last: number, total: number): Promise<number> {
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


/**
 * Op 4 (a FILE_UPLOAD publish) through curl, as the engine opens one before its chunks, so the
 * baseline makes the same requests. The token goes on stdin (`-H @-`), never on the command line.
 */
export function curlInitVideo(baseUrl: string, token: string, plan: { videoSize: number; chunkSize: number; totalChunkCount: number }): Promise<{ publishId: string; uploadUrl: string }> {
  const body = JSON.stringify({ source_info: { source: 'FILE_UPLOAD', video_size: plan.videoSize, chunk_size: plan.chunkSize, total_chunk_count: plan.totalChunkCount } });
  return new Promise((resolveInit, reject) => {
    const curl = spawn('curl', ['-sS', '-X', 'POST', '-H', '@-', '-H', 'Content-Type: application/json', '--data-binary', body, `${baseUrl}/v2/post/publish/inbox/video/init/`], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    curl.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    curl.stdin.end(`Authorization: Bearer ${token}\n`);
    curl.once('error', reject);
    curl.once('close', (code) => {
      const data = code === 0 ? (JSON.parse(out) as { data?: { publish_id?: string; upload_url?: string } }).data : undefined;
      if (data?.publish_id && data.upload_url) resolveInit({ publishId: data.publish_id, uploadUrl: data.upload_url });
      else reject(new Error(`curl init: exit ${code}, ${out.slice(0, 200)}`));
    });
  });
}

/**
 * Every chunk through one curl process, each part reading its own file, on one reused connection
 * (`--next` between parts): curl at its best, the baseline the app is held to. Also returns the CPU
 * time curl used (user + system, from the shell's `times`), to set beside the engine's.
 */
export function curlPutFiles(url: string, parts: Array<{ file: string; first: number; last: number }>, total: number): Promise<{ statuses: number[]; cpuSeconds: number }> {
  const args = ['-sS'];
  parts.forEach((part, i) => {
    if (i > 0) args.push('--next', '-sS');
    args.push('-X', 'PUT', '-T', part.file, '-o', '/dev/null', '-w', '%{http_code}\\n', '-H', 'Content-Type: video/mp4', '-H', `Content-Range: bytes ${part.first}-${part.last}/${total}`, '-H', 'Expect:', url);
  });
  return new Promise((resolvePut, reject) => {
    const curl = spawn('/bin/sh', ['-c', 'curl "$@" && times', 'sh', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    curl.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    curl.once('error', reject);
    curl.once('close', (code) => {
      if (code !== 0) return reject(new Error(`curl exited with ${code}`));
      const lines = out.trim().split('\n');
      // `times` ends with the children's (curl's) user and system time: "0m0.012s 0m0.210s".
      const cpuSeconds = [...lines.at(-1)!.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, sec]) => sum + Number(m) * 60 + Number(sec), 0);
      resolvePut({ statuses: lines.slice(0, -2).map(Number), cpuSeconds });
    });
  });
}
