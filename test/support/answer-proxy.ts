/**
 * A reverse proxy on loopback between the app and a server, for the moments between the two:
 * `answer(req)` decides what becomes of each request. By default it goes through as it came and
 * its answer is relayed at once; an answer can be relayed after a delay, or held (never relayed;
 * the connection stays open until the proxy closes): the server has done the work, the app has
 * not heard so. A request can also be sent on only once something has happened (`sendAfter`):
 * the server answers what it holds then.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AnswerFate = 'relay' | 'hold' | { delayMs: number } | { sendAfter: Promise<unknown> };

export interface AnswerProxy {
  url: string;
  /** Requests waiting to be sent on, and answers held or delayed, right now. */
  readonly waiting: number;
  close(): Promise<void>;
}

/**
 * `keepHost`: send the request's own Host header on (a signed S3 request names the host it was
 * signed for); otherwise the target's host (servers that check Host, like the sandbox).
 */
export async function startAnswerProxy(target: string, answer: (req: IncomingMessage) => AnswerFate, { keepHost = false } = {}): Promise<AnswerProxy> {
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const fate = answer(req);
    const headers = { ...req.headers, ...(keepHost ? {} : { host: new URL(target).host }) };
    const send = () => {
      const upstream = request(new URL(req.url!, target), { method: req.method, headers }, (reply) => {
        const relay = () => {
          held.delete(res);
          res.writeHead(reply.statusCode!, reply.headers);
          reply.pipe(res);
        };
        if (fate === 'relay' || (typeof fate === 'object' && 'sendAfter' in fate)) return relay();
        held.add(res);
        if (fate === 'hold') return void reply.resume();
        reply.pause();
        setTimeout(relay, fate.delayMs);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (typeof fate === 'object' && 'sendAfter' in fate) {
      held.add(res);
      // Paused until then: the body stays in the socket's buffer.
      req.pause();
      void fate.sendAfter.then(send);
    } else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get waiting() {
      return held.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
