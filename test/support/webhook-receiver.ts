/**
 * A real webhook receiver for the payment tests (node:http on a random port) whose answer to each
 * request is scripted per trade_order_id: answer 200, a status, reset the connection, or hang.
 * It records every request it sees with its raw body, so tests verify signatures themselves.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { api, extras, type Sandbox } from './sandbox-client.js';

export type Behaviour = number | 'reset' | 'hang';

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  envelope: { client_key: string; event: string; create_time: number; user_openid: string; content: string };
  content: { trade_order_id: string; order_id: string; is_sandbox: boolean; refund_amount?: number };
  /** What the receiver did with it. */
  answered: Behaviour;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Behaviours for the next requests about this trade order, in order; after them, 200. */
  script(tradeOrderId: string, behaviours: Behaviour[]): void;
  /** Every request about this trade order. */
  about(tradeOrderId: string): Received[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const scripts = new Map<string, Behaviour[]>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(parts).toString('utf8');
      let envelope: Received['envelope'];
      let content: Received['content'];
      try {
        envelope = JSON.parse(raw) as Received['envelope'];
        content = JSON.parse(envelope.content) as Received['content'];
      } catch {
        res.writeHead(400).end('not a webhook envelope');
        return;
      }
      const behaviour = scripts.get(content.trade_order_id)?.shift() ?? 200;
      received.push({ headers: req.headers, raw, envelope, content, answered: behaviour });
      if (behaviour === 'reset') req.socket.destroy();
      else if (behaviour === 'hang') return;
      else res.writeHead(behaviour, { 'Content-Type': 'text/plain' }).end(behaviour === 200 ? 'ok' : `refused with ${behaviour}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/payments`,
    received,
    script: (id, behaviours) => scripts.set(id, [...behaviours]),
    about: (id) => received.filter((r) => r.content.trade_order_id === id),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The receiver's side of the scheme in docs/PLATFORM.md "Payment webhook": t=<unix s>,s=<hex HMAC-SHA256(secret, t + "../integration/sandbox-payments" + body)>. */
export function verifySignature(header: string | string[] | undefined, raw: string, secret: string): { valid: boolean; t: number } {
  const m = typeof header === 'string' ? /^t=(\d+),s=([0-9a-f]{64})$/.exec(header) : null;
  if (!m) return { valid: false, t: 0 };
  const expected = createHmac('sha256', secret).update(`${m[1]}.${raw}`).digest();
  return { valid: timingSafeEqual(expected, Buffer.from(m[2]!, 'hex')), t: Number(m[1]) };
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const CREATE_ORDER = '/v2/minis/trade_order/create/';

export function orderBody(orderId: string, overrides: { token_amount?: number; product_name?: string } = {}) {
  return {
    token_type: 'BEANS',
    token_amount: overrides.token_amount ?? 100,
    order_info: { order_id: orderId, product_name: overrides.product_name ?? '100 gems', quantity: 1, quantity_unit: 'pack' },
  };
}

export async function createOrder(sandbox: Sandbox, token: string, body: unknown): Promise<string> {
  const res = await api(sandbox, CREATE_ORDER, token, body);
  if (res.status !== 200) throw new Error(`create order answered ${res.status}: ${res.error.message}`);
  return (res.data as { trade_order_id: string }).trade_order_id;
}

export interface AttemptView {
  number: number;
  at: string;
  at_ms: number;
  url: string;
  status: number | null;
  error: string | null;
  duration_ms: number;
  retry_in_ms: number | null;
}

export interface DeliveryView {
  delivery_id: string;
  event: string;
  trade_order_id: string;
  order_id: string;
  state: 'pending' | 'delivered' | 'gave_up' | 'skipped';
  duplicate_of: string | null;
  next_attempt_at: string | null;
  attempts: AttemptView[];
  payload: Record<string, unknown>;
}

export async function deliveriesOf(sandbox: Sandbox, tradeOrderId: string): Promise<DeliveryView[]> {
  const res = await extras<{ deliveries: DeliveryView[] }>(sandbox, `/sandbox/webhooks?trade_order_id=${encodeURIComponent(tradeOrderId)}`);
  return res.data.deliveries;
}

/** Wait until the order's deliveries satisfy `ready`. */
export function waitForDeliveries(sandbox: Sandbox, tradeOrderId: string, what: string, ready: (list: DeliveryView[]) => boolean, timeoutMs?: number): Promise<DeliveryView[]> {
  return waitFor(what, async () => {
    const list = await deliveriesOf(sandbox, tradeOrderId);
    return ready(list) ? list : undefined;
  }, timeoutMs);
}

export const orderAction = (sandbox: Sandbox, tradeOrderId: string, action: 'pay' | 'fail' | 'cancel') =>
  extras<Record<string, unknown> & { status: string }>(sandbox, `/sandbox/orders/${encodeURIComponent(tradeOrderId)}/${action}`, 'POST');

export const refund = (sandbox: Sandbox, tradeOrderId: string, amount: unknown) =>
  extras<Record<string, unknown> & { refunded_amount: number }>(sandbox, `/sandbox/orders/${encodeURIComponent(tradeOrderId)}/refund`, 'POST', { refund_amount: amount });
