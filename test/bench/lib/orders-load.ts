/**
 * The orders half of the webhooks benchmark: `POST /v1/orders` through the partner backend (its
 * own process, on PostgreSQL), each with its own Idempotency-Key, against a platform sandbox in
 * its own process, beside op 8 sent straight to that sandbox with the same user token (what the
 * backend's rate is bounded by). The user signs in through the backend's broker, as the app does.
 */
import { randomBytes, createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import { consent } from '../../support/consent-browser.js';
import { percentile } from './report.js';

export interface LoadResult {
  perSecond: number;
  p95Ms: number;
}

const REDIRECT_URI = 'http://127.0.0.1:53682/callback/';

/** A user access token the backend brokered: consent on the sandbox, code exchange through the backend. */
export async function signInThroughBroker(sandboxUrl: string, backendUrl: string, clientKey: string): Promise<string> {
  const verifier = randomBytes(48).toString('base64url');
  const params = {
    client_key: clientKey,
    response_type: 'code',
    scope: 'user.info.basic',
    redirect_uri: REDIRECT_URI,
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('hex'),
    code_challenge_method: 'S256',
  };
  const location = await consent(`${sandboxUrl}/v2/auth/authorize/?${new URLSearchParams(params)}`, { openId: 'sbx-user-ava' });
  const code = new URL(location).searchParams.get('code')!;
  const res = await fetch(`${backendUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_key: clientKey, grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString(),
  });
  if (res.status !== 200) throw new Error(`broker sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** `count` JSON POSTs, `concurrency` at a time on keep-alive connections; each must answer `expected`. */
export async function postMany(count: number, concurrency: number, expected: number, make: (i: number) => { url: string; headers: Record<string, string>; body: string }): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const item = make(next++);
          const sent = performance.now();
          const status = await post(item.url, item.headers, item.body, agent);
          latencies.push(performance.now() - sent);
          if (status !== expected) throw new Error(`${item.url} answered ${status}`);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return { perSecond: count / ((performance.now() - started) / 1000), p95Ms: percentile(latencies, 95) };
}

function post(url: string, headers: Record<string, string>, body: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Orders through the backend: one product, a fresh Idempotency-Key each. */
export function backendOrders(backendUrl: string, token: string, count: number, concurrency: number): Promise<LoadResult> {
  const run = randomBytes(4).toString('hex');
  return postMany(count, concurrency, 201, (i) => ({
    url: `${backendUrl}/v1/orders`,
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `bench-${run}-${i}` },
    body: JSON.stringify({ product_id: 'gems_100' }),
  }));
}

/** Op 8 straight to the sandbox, as the backend sends it. */
export function sandboxOp8(sandboxUrl: string, token: string, count: number, concurrency: number): Promise<LoadResult> {
  const run = randomBytes(4).toString('hex');
  return postMany(count, concurrency, 200, (i) => ({
    url: `${sandboxUrl}/v2/minis/trade_order/create/`,
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify({ token_type: 'BEANS', token_amount: 100, order_info: { order_id: `ord_direct_${run}_${i}`, product_name: '100 gems', quantity: 1 } }),
  }));
}
