/**
 * Helpers that drive a real sandbox over HTTP the way a client does: play the browser through the
 * consent page (GET the page, POST the form), exchange codes with hex-S256 PKCE, call the shape B
 * operations and the upload host.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../common/log.js';
import { parseSandboxConfig, startSandbox, DEFAULT_SANDBOX_CONFIG, type SandboxConfig } from '../../sandbox/index.js';

export const APP = DEFAULT_SANDBOX_CONFIG.apps[0]!;
export const CLIENT_KEY = APP.client_key;
export const CLIENT_SECRET = APP.client_secret;
export const REDIRECT_URI = 'http://127.0.0.1:53682/callback/';
export const MB = 1024 * 1024;

export const silentLogger = createLogger({ name: 'sandbox-test', level: 'silent' });

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export async function startTestSandbox(raw: Record<string, unknown> = {}, options: { dataDir?: string; seed?: number; logger?: ReturnType<typeof createLogger> } = {}): Promise<Sandbox> {
  const config: SandboxConfig = parseSandboxConfig(raw);
  return startSandbox({ config, logger: options.logger ?? silentLogger, dataDir: options.dataDir, seed: options.seed });
}

export async function tempDir(prefix = 'sbx-test-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export function newVerifier(): string {
  return randomBytes(48).toString('base64url'); // 64 unreserved characters
}

export function hexChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('hex');
}

export interface AuthorizeParams {
  client_key: string;
  response_type: string;
  scope: string;
  redirect_uri: string;
  state: string;
  code_challenge: string;
  code_challenge_method: string;
}

export function authorizeParams(verifier: string, overrides: Partial<AuthorizeParams> = {}): AuthorizeParams {
  return {
    client_key: CLIENT_KEY,
    response_type: 'code',
    scope: 'user.info.basic,video.upload',
    redirect_uri: REDIRECT_URI,
    state: randomBytes(8).toString('hex'),
    code_challenge: hexChallenge(verifier),
    code_challenge_method: 'S256',
    ...overrides,
  };
}

export async function getConsentPage(sandbox: Sandbox, params: Record<string, string>): Promise<{ status: number; html: string; location: string | null }> {
  const res = await fetch(`${sandbox.baseUrl}/v2/auth/authorize/?${new URLSearchParams(params)}`, { redirect: 'manual' });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

export async function postConsent(sandbox: Sandbox, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(`${sandbox.baseUrl}/v2/auth/authorize/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** The hidden inputs of the consent form, as a browser would submit them. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1]!] = m[2]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  }
  return fields;
}

/** Play the browser: load the consent page, pick a user, press Allow; returns the code from the redirect. */
export async function obtainCode(sandbox: Sandbox, options: { openId?: string; verifier?: string; params?: Partial<AuthorizeParams> } = {}) {
  const verifier = options.verifier ?? newVerifier();
  const params = authorizeParams(verifier, options.params);
  const page = await getConsentPage(sandbox, { ...params });
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${page.html}`);
  const answer = await postConsent(sandbox, { ...hiddenFields(page.html), open_id: options.openId ?? 'sbx-user-ava', decision: 'allow' });
  if (answer.status !== 302 || !answer.location) throw new Error(`consent answered ${answer.status}: ${answer.html}`);
  const callback = new URL(answer.location);
  return { code: callback.searchParams.get('code')!, callback, verifier, params };
}

export async function tokenRequest(sandbox: Sandbox, form: Record<string, string>, path = '/v2/oauth/token/'): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // empty or non-JSON body (revoke answers empty)
  }
  return { status: res.status, body, text };
}

export interface TokenSet {
  open_id: string;
  scope: string;
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
  token_type: string;
}

export async function signIn(sandbox: Sandbox, options: { openId?: string; scope?: string } = {}): Promise<TokenSet> {
  const { code, verifier, params } = await obtainCode(sandbox, { openId: options.openId, params: options.scope ? { scope: options.scope } : {} });
  const res = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'authorization_code', code, redirect_uri: params.redirect_uri, code_verifier: verifier });
  if (res.status !== 200) throw new Error(`token exchange answered ${res.status}: ${res.text}`);
  return res.body as unknown as TokenSet;
}

export interface ShapeB<T = Record<string, unknown>> {
  status: number;
  data: T;
  error: { code: string; message: string; log_id: string };
  headers: Headers;
}

export async function callB<T = Record<string, unknown>>(url: string, options: { token?: string; body?: unknown; rawBody?: string; method?: string; headers?: Record<string, string> } = {}): Promise<ShapeB<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=UTF-8', ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const res = await fetch(url, {
    method: options.method ?? 'POST',
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const json = (await res.json()) as { data: T; error: ShapeB['error'] };
  return { status: res.status, data: json.data, error: json.error, headers: res.headers };
}

export const api = (sandbox: Sandbox, path: string, token: string | undefined, body?: unknown) => callB(`${sandbox.baseUrl}${path}`, { token, body });

/** GET or POST on the /sandbox/* API. */
export const extras = <T = Record<string, unknown>>(sandbox: Sandbox, path: string, method = 'GET', body?: unknown) =>
  callB<T>(`${sandbox.baseUrl}${path}`, { method, body, headers: { 'Content-Type': 'application/json' } });

export async function advanceClock(sandbox: Sandbox, seconds: number): Promise<void> {
  const res = await extras(sandbox, '/sandbox/clock/advance', 'POST', { seconds });
  if (res.status !== 200) throw new Error(`clock advance answered ${res.status}`);
}

export const VIDEO_INIT = '/v2/post/publish/inbox/video/init/';
export const PHOTO_INIT = '/v2/post/publish/content/init/';
export const STATUS_FETCH = '/v2/post/publish/status/fetch/';

export async function initFileUpload(sandbox: Sandbox, token: string, plan: { video_size: number; chunk_size: number; total_chunk_count: number }) {
  return api(sandbox, VIDEO_INIT, token, { source_info: { source: 'FILE_UPLOAD', ...plan } }) as Promise<ShapeB<{ publish_id: string; upload_url: string }>>;
}

export async function putChunk(uploadUrl: string, body: Uint8Array, first: number, total: number, contentType = 'video/mp4'): Promise<{ status: number; json: { data?: Record<string, unknown>; error?: { code: string; message: string } } }> {
  const res = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': contentType, 'Content-Range': `bytes ${first}-${first + body.length - 1}/${total}` },
    // A Buffer slice is a valid body; the DOM typing only wants to be sure it is not a SharedArrayBuffer.
    body: body as Uint8Array<ArrayBuffer>,
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as { data?: Record<string, unknown> }) : {} };
}

export async function statusOf(sandbox: Sandbox, token: string, publishId: string) {
  return api(sandbox, STATUS_FETCH, token, { publish_id: publishId }) as Promise<ShapeB<{ status: string; fail_reason: string; uploaded_bytes: number; downloaded_bytes: number; publicaly_available_post_id: number[] }>>;
}

export async function inspect(sandbox: Sandbox, publishId: string) {
  return extras<Record<string, unknown> & { status: string; received_at: string | null; sha256: string | null; fail_reason: string; detail: string }>(sandbox, `/sandbox/publishes/${encodeURIComponent(publishId)}`);
}

/** Wait (real time) until a pulled publish has all its bytes or failed: downloads are real I/O. */
export async function waitForReceived(sandbox: Sandbox, publishId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await inspect(sandbox, publishId);
    if (view.data.received_at !== null || view.data.status === 'FAILED') return view.data;
    if (Date.now() > deadline) throw new Error(`publish ${publishId} still ${view.data.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * A photo post pulling these URLs (op 7, PULL_FROM_URL), taken through the platform's download and
 * processing: its publish view once it has reached the inbox (or failed).
 */
export async function pullPhotoPost(sandbox: Sandbox, accessToken: string, urls: string[]): Promise<Record<string, unknown> & { status: string; photo: { images: { sha256: string; bytes: number }[] } }> {
  const init = await api(sandbox, PHOTO_INIT, accessToken, { post_mode: 'MEDIA_UPLOAD', media_type: 'PHOTO', source_info: { source: 'PULL_FROM_URL', photo_images: urls } });
  if (init.status !== 200) throw new Error(`the photo post answered ${init.status}: ${JSON.stringify(init.error)}`);
  const publishId = init.data.publish_id as string;
  await waitForReceived(sandbox, publishId);
  await advanceClock(sandbox, 5);
  return (await inspect(sandbox, publishId)).data as never;
}
