/** A person's actions on the platform sandbox, over HTTP (its payment page and its extras API), and a lossy network. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_CLIENT_KEY } from '../../electron/services/builtin-platform/builtin-platform.js';

/** Presses a button of the sandbox's payment page (a form POST, as the browser sends it); answers the page's outcome text. */
export async function payOnPage(paymentUrl: string, action: 'pay' | 'fail' | 'cancel'): Promise<string> {
  const answer = await fetch(paymentUrl, { method: 'POST', headers: { origin: new URL(paymentUrl).origin }, body: new URLSearchParams({ action }) });
  const html = await answer.text();
  if (answer.status !== 200) throw new Error(`the payment page answered ${answer.status}: ${html.slice(0, 300)}`);
  return /role="status">([^<]*)</.exec(html)?.[1] ?? '';
}

interface Delivery {
  state: string;
  attempts: Array<{ status: number | null }>;
}

export function sandboxExtras(baseUrl: string) {
  const json = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${baseUrl}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const parsed = (await answer.json()) as { data: T; error: { code: string; message: string } };
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${parsed.error.code} ${parsed.error.message}`);
    return parsed.data;
  };
  return {
    orders: async (openId: string) => (await json<{ orders: Array<{ trade_order_id: string }> }>('GET', `/sandbox/orders?open_id=${openId}`)).orders,
    order: (tradeOrderId: string) => json<Record<string, unknown>>('GET', `/sandbox/orders/${tradeOrderId}`),
    refund: (tradeOrderId: string, amount: number) => json('POST', `/sandbox/orders/${tradeOrderId}/refund`, { refund_amount: amount }),
    deliveries: async (tradeOrderId: string) => (await json<{ deliveries: Delivery[] }>('GET', `/sandbox/webhooks?trade_order_id=${tradeOrderId}`)).deliveries,
    webhookUrl: async () => (await json<{ url: string | null }>('GET', `/sandbox/apps/${SANDBOX_CLIENT_KEY}/webhook`)).url!,
    setWebhookUrl: (url: string | null) => json('PUT', `/sandbox/apps/${SANDBOX_CLIENT_KEY}/webhook`, { url }),
    advanceClock: (seconds: number) => json('POST', '/sandbox/clock/advance', { seconds }),
  };
}

/** Asks until `done` holds (a webhook is delivered asynchronously), for at most 20 s. */
export async function eventually<T>(ask: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const value = await ask();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`still not there after 20 s: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What a lossy proxy does with a request's answer: relay it (false), cut the connection (true), or send this instead. */
export type LostAnswer = boolean | { status: number; contentType: string; body: string };

/**
 * A reverse proxy to `target` that forwards every request and relays every answer, except that
 * when `loseAnswer(request)` says so it forwards the request and then cuts the connection, or
 * answers something else (a gateway's 504), instead: the server did the work, the client never
 * hears of it.
 */
export async function startLossyProxy(target: string, loseAnswer: (req: IncomingMessage) => LostAnswer): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const lost = loseAnswer(req);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body });
      const text = await answer.text();
      if (lost === true) return req.socket.destroy();
      if (lost !== false) return res.writeHead(lost.status, { 'content-type': lost.contentType }).end(lost.body);
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
