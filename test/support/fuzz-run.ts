/**
 * Runs the malformed requests of fuzz-cases.ts against a running web mode (its web host and its
 * built-in sandbox's API server and upload host), one at a time, and counts:
 *   server_errors     answers with a 5xx status
 *   hangs             requests neither answered nor closed within the timeout
 *   wrongly_accepted  answers that accept a request that must be refused (2xx/3xx; on the web
 *                     host also a 200 whose body is not `ok:false`), a static GET that served a
 *                     file from outside the renderer, or bytes the upload host kept
 * then checks the app still does its job: a normal full upload arrives byte-exact.
 * Shared by `npm run bench -- fuzz` and the short run in the test suite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { channels } from '../../electron/core/contract/index.js';
import { sha256File, writeMp4File } from './media.js';
import { startWebApp } from './web-app.js';
import { webClient } from './web-client.js';
import { exchange, type RawAnswer } from './raw-exchange.js';
import { coveredRoutes, generateCases, utcDay, type FuzzCase, type FuzzTargets } from './fuzz-cases.js';
import { CLIENT_KEY, CLIENT_SECRET, signIn } from './sandbox-session.js';

/** What a file from outside the renderer would show (the repository's README, the system's users). */
const LEAKS = ['# Draftdeck', 'root:x:0:0'];

export interface FuzzFinding {
  index: number;
  kind: 'server_error' | 'hang' | 'wrongly_accepted';
  target: string;
  route: string;
  mutation: string;
  status: number | null;
  /** The request's first line and the start of the answer, to reproduce and read. */
  request: string;
  answer: string;
}

export interface FuzzSummary {
  requests: number;
  serverErrors: number;
  hangs: number;
  wronglyAccepted: number;
  /** Connections the server closed without an answer (a refusal, not a finding). */
  closedWithoutAnswer: number;
  findings: FuzzFinding[];
  covered: ReturnType<typeof coveredRoutes>;
  uploadByteExact: boolean;
}

export async function runFuzz(options: { count: number; seed: number; timeoutMs?: number; uploadBytes?: number; log?: (line: string) => void }): Promise<FuzzSummary> {
  const log = options.log ?? (() => undefined);
  const work = await mkdtemp(join(tmpdir(), 'dd-fuzz-'));
  const app = await startWebApp({ dataDir: join(work, 'data') });
  try {
    const client = webClient(app);
    const sandboxUrl = await client.sandboxUrl();
    const targets = await prepareTargets(app, sandboxUrl);
    const cases = generateCases(targets, options.count, options.seed);
    const summary: FuzzSummary = { requests: 0, serverErrors: 0, hangs: 0, wronglyAccepted: 0, closedWithoutAnswer: 0, findings: [], covered: coveredRoutes(targets), uploadByteExact: false };
    for (const [index, fuzzCase] of cases.entries()) {
      const answer = await exchange(targets[fuzzCase.target].port, fuzzCase.bytes, { halfClose: fuzzCase.halfClose, timeoutMs: options.timeoutMs ?? 10_000 });
      summary.requests++;
      if (answer.status === null && !answer.hung) summary.closedWithoutAnswer++;
      const kind = judge(fuzzCase, answer);
      if (kind === null) continue;
      if (kind === 'server_error') summary.serverErrors++;
      if (kind === 'hang') summary.hangs++;
      if (kind === 'wrongly_accepted') summary.wronglyAccepted++;
      summary.findings.push(finding(index, kind, fuzzCase, answer));
    }
    // The upload host must not have kept a byte of the one publish every chunk was aimed at.
    const publish = (await (await fetch(`${sandboxUrl}/sandbox/publishes/${encodeURIComponent(targets.upload.publishId)}`)).json()) as { data: { uploaded_bytes: number } };
    if (publish.data.uploaded_bytes !== 0) {
      summary.wronglyAccepted++;
      summary.findings.push({ index: -1, kind: 'wrongly_accepted', target: 'upload', route: 'PUT /upload/:publish_id', mutation: 'all', status: null, request: '', answer: `the upload host kept ${publish.data.uploaded_bytes} bytes of malformed chunks` });
    }
    summary.uploadByteExact = await fullUpload(client, sandboxUrl, work, options.uploadBytes ?? 70 * 1024 * 1024 + 7);
    log(`${summary.requests} requests, ${summary.findings.length} findings, upload byte-exact: ${summary.uploadByteExact}`);
    return summary;
  } finally {
    await app.stop();
    await rm(work, { recursive: true, force: true });
  }
}

function judge(fuzzCase: FuzzCase, answer: RawAnswer): FuzzFinding['kind'] | null {
  if (answer.status === null) return answer.hung ? 'hang' : null;
  if (answer.status >= 500) return 'server_error';
  if (LEAKS.some((leak) => answer.body.includes(leak))) return 'wrongly_accepted';
  if (fuzzCase.mayAccept) return null;
  // An accepted event stream never ends: it counts as accepted, not as a hang.
  const accepted = answer.status >= 200 && answer.status < 400 && !(fuzzCase.target === 'web' && answer.body.includes('"ok":false'));
  if (accepted) return 'wrongly_accepted';
  return answer.hung ? 'hang' : null;
}

function finding(index: number, kind: FuzzFinding['kind'], fuzzCase: FuzzCase, answer: RawAnswer): FuzzFinding {
  const firstLine = fuzzCase.bytes.subarray(0, Math.max(0, fuzzCase.bytes.indexOf('\r\n'))).toString('latin1').slice(0, 200);
  // Never print a token or credential the request carried.
  const request = firstLine.replace(/(credential|token)=[^&\s]+/g, '$1=…');
  return { index, kind, target: fuzzCase.target, route: fuzzCase.route, mutation: fuzzCase.mutation, status: answer.status, request, answer: answer.body.slice(0, 200) };
}

/** Tokens and a publish to aim at: a user token (not the one the final upload uses), a client token, an open upload URL. */
async function prepareTargets(app: { origin: string; token: string }, sandboxUrl: string): Promise<FuzzTargets> {
  const userToken = await signIn(sandboxUrl, 'sbx-user-ben');
  const clientAnswer = await fetch(`${sandboxUrl}/v2/oauth/token/`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'client_credentials' }).toString() });
  const clientToken = ((await clientAnswer.json()) as { access_token: string }).access_token;
  const someone = await fetch(`${sandboxUrl}/v2/research/video/query/?fields=username`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${clientToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: { not: [{ field_name: 'region_code', operation: 'EQ', field_values: ['ZZ'] }] }, start_date: utcDay(20), end_date: utcDay(0), max_count: 1 }),
  });
  const researchUsername = ((await someone.json()) as { data: { videos: Array<{ username: string }> } }).data.videos[0]?.username;
  if (!researchUsername) throw new Error('the research dataset answered no video to take a username from');
  const videoSize = 1024;
  const init = await fetch(`${sandboxUrl}/v2/post/publish/inbox/video/init/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${userToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ source_info: { source: 'FILE_UPLOAD', video_size: videoSize, chunk_size: videoSize, total_chunk_count: 1 } }),
  });
  const { data } = (await init.json()) as { data: { publish_id: string; upload_url: string } };
  const uploadUrl = new URL(data.upload_url);
  return {
    web: { port: Number(new URL(app.origin).port), token: app.token, channels },
    api: { port: Number(new URL(sandboxUrl).port), userToken, clientToken, clientKey: CLIENT_KEY, researchUsername },
    upload: { port: Number(uploadUrl.port), publishId: data.publish_id, credential: uploadUrl.searchParams.get('credential')!, videoSize },
  };
}

/** A person's upload after the storm: sign in, drop a video, wait for the inbox, compare SHA-256. */
async function fullUpload(client: ReturnType<typeof webClient>, sandboxUrl: string, work: string, bytes: number): Promise<boolean> {
  await client.signIn('sbx-user-ava');
  const path = join(work, 'after-the-storm.mp4');
  await writeMp4File(path, bytes, 99);
  const [draft] = await client.addVideos('sbx-user-ava', [path]);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const current = (await client.call('drafts.list')).find((d) => d.id === draft!.id);
    if (current?.state === 'inbox' || current?.state === 'posted') {
      const publish = (await (await fetch(`${sandboxUrl}/sandbox/publishes/${encodeURIComponent(current.publishId!)}`)).json()) as { data: { sha256: string | null } };
      return publish.data.sha256 === (await sha256File(path));
    }
    if (current?.state === 'failed' || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
