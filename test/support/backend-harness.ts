/**
 * A real sandbox and a real backend on random ports, wired as a partner would: the sandbox app's
 * webhook_url points at the backend's receiver, and users sign in through the backend's broker.
 * Also: the backend as a separate process (CLI), and signed webhook deliveries made from the
 * sandbox's own recorded payloads.
 */
import { unixSeconds } from '../../common/clock.js';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../backend/db/database.js';
import type { Database } from '../../backend/db/schema.js';
import { startBackend, SANDBOX_CATALOG, type BackendConfigInput, type BackendHandle } from '../../backend/index.js';
import { SIGNATURE_HEADER, signatureHeaderValue } from '../../sandbox/webhooks/signature.js';
import { createTestDatabase, type DatabaseTarget, type TestDatabase } from './backend-db.js';
import { memoryLogger } from './silent-log.js';
import { CLIENT_KEY, CLIENT_SECRET, obtainCode, startTestSandbox, type Sandbox } from './sandbox-client.js';

export { CLIENT_KEY, CLIENT_SECRET };
export { repoRoot, startBackendProcess, stopProcess } from './backend-process.js';

export function backendConfig(sandbox: Sandbox, overrides: Partial<BackendConfigInput> = {}): BackendConfigInput {
  return {
    platform: { base_url: sandbox.baseUrl, client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, sandbox: true },
    catalog: SANDBOX_CATALOG,
    redirect_uris: ['http://127.0.0.1:*/callback/'],
    ...overrides,
  };
}

export interface Stack {
  sandbox: Sandbox;
  backend: BackendHandle;
  database: TestDatabase;
  logLines: string[];
  /** Stops the backend and starts it again on the same database (same port is not kept). */
  restartBackend(): Promise<BackendHandle>;
  close(): Promise<void>;
}

export async function startStack(target: DatabaseTarget, overrides: Partial<BackendConfigInput> = {}, sandboxConfig: Record<string, unknown> = {}): Promise<Stack> {
  const sandbox = await startTestSandbox(sandboxConfig);
  const database = await createTestDatabase(target);
  const { log, lines } = memoryLogger();
  const start = () => startBackend({ config: backendConfig(sandbox, overrides), dataDir: database.dataDir, databaseUrl: database.databaseUrl, logger: log });
  let backend: BackendHandle;
  try {
    backend = await start();
    await setWebhookUrl(sandbox, backend.webhookUrl);
  } catch (err) {
    await sandbox.close();
    await database.drop();
    throw err;
  }
  const stack: Stack = {
    sandbox,
    backend,
    database,
    logLines: lines,
    async restartBackend() {
      await stack.backend.close();
      stack.backend = await start();
      await setWebhookUrl(sandbox, stack.backend.webhookUrl);
      return stack.backend;
    },
    async close() {
      await stack.backend.close();
      await sandbox.close();
      await database.drop();
    },
  };
  return stack;
}

/** Reads the backend's database directly. PGlite serves one process, so the backend is stopped meanwhile and started again after. */
export async function withDatabase<T>(stack: Stack, read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  await stack.backend.close();
  const { db, close } = await openDatabase({ dataDir: stack.database.dataDir, databaseUrl: stack.database.databaseUrl, log: memoryLogger().log });
  try {
    return await read(db);
  } finally {
    await close();
    await stack.restartBackend();
  }
}

export async function setWebhookUrl(sandbox: Sandbox, url: string | null): Promise<void> {
  const res = await fetch(`${sandbox.baseUrl}/sandbox/apps/${CLIENT_KEY}/webhook`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url }) });
  if (res.status !== 200) throw new Error(`setting the webhook URL answered ${res.status}`);
}

export interface BrokeredTokens {
  open_id: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** A user signs in as the app does with a broker: consent on the sandbox, code exchange through the backend. */
export async function signInThroughBroker(sandbox: Sandbox, brokerUrl: string, openId = 'sbx-user-ava'): Promise<BrokeredTokens> {
  const { code, verifier, params } = await obtainCode(sandbox, { openId });
  const res = await brokerPost(brokerUrl, '/v1/oauth/token', { client_key: CLIENT_KEY, grant_type: 'authorization_code', code, redirect_uri: params.redirect_uri, code_verifier: verifier });
  if (res.status !== 200) throw new Error(`broker code exchange answered ${res.status}: ${res.text}`);
  return JSON.parse(res.text) as BrokeredTokens;
}

export async function brokerPost(brokerUrl: string, path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(`${brokerUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(form).toString() });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

export async function api<T = Record<string, unknown>>(baseUrl: string, path: string, options: { token?: string; method?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, { method: options.method ?? 'GET', headers, body: options.json === undefined ? undefined : JSON.stringify(options.json) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

export interface OrderView {
  order_id: string;
  trade_order_id: string | null;
  product_id: string;
  amount: number;
  status: string;
  refunded_amount: number;
  payment_url: string | null;
}

export async function buy(baseUrl: string, token: string, productId: string, key = `key-${Math.random().toString(36).slice(2)}`): Promise<OrderView> {
  const res = await api<OrderView>(baseUrl, '/v1/orders', { method: 'POST', token, json: { product_id: productId }, headers: { 'Idempotency-Key': key } });
  if (res.status !== 201) throw new Error(`order answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function items(baseUrl: string, token: string): Promise<Record<string, number>> {
  const res = await api<{ items: Record<string, number> }>(baseUrl, '/v1/entitlements', { token });
  if (res.status !== 200) throw new Error(`entitlements answered ${res.status}`);
  return res.body.items;
}

/** A person's action on a sandbox trade order (pay, fail, cancel) or a refund in the store. */
export async function sandboxOrderAction(sandbox: Sandbox, tradeOrderId: string, action: 'pay' | 'fail' | 'cancel' | 'refund', refundAmount?: number): Promise<void> {
  const res = await fetch(`${sandbox.baseUrl}/sandbox/orders/${tradeOrderId}/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(refundAmount === undefined ? {} : { refund_amount: refundAmount }) });
  if (res.status !== 200) throw new Error(`sandbox ${action} answered ${res.status}: ${await res.text()}`);
}

export interface SandboxDelivery {
  delivery_id: string;
  event: string;
  trade_order_id: string;
  state: string;
  attempts: Array<{ status: number | null }>;
  payload: unknown;
}

export async function sandboxDeliveries(sandbox: Sandbox, query = ''): Promise<SandboxDelivery[]> {
  const res = await fetch(`${sandbox.baseUrl}/sandbox/webhooks${query}`);
  return ((await res.json()) as { data: { deliveries: SandboxDelivery[] } }).data.deliveries;
}

/** The exact body the sandbox sends for a delivery (it serializes the envelope with JSON.stringify). */
export function rawBody(delivery: SandboxDelivery): string {
  return JSON.stringify(delivery.payload);
}

export function signedHeaders(body: string, at: number, secret = CLIENT_SECRET): Record<string, string> {
  return { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signatureHeaderValue(secret, at, body) };
}

export async function deliver(webhookUrl: string, body: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(webhookUrl, { method: 'POST', headers, body });
  await res.arrayBuffer();
  return res.status;
}

export const nowSeconds = (sandbox: Sandbox) => unixSeconds(sandbox.clock);

/**
 * A PGlite stack with one account signed in through the broker, whose sandbox records payment
 * webhooks without delivering them: the test delivers the recorded payloads itself, each exactly
 * when it means to.
 */
export async function startStackWithHeldWebhooks(): Promise<{ stack: Stack; token: string }> {
  const stack = await startStack('pglite');
  const token = (await signInThroughBroker(stack.sandbox, stack.backend.baseUrl)).access_token;
  await setWebhookUrl(stack.sandbox, null);
  return { stack, token };
}

