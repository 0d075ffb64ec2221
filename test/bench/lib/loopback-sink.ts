/**
 * A bare loopback sink for the upload benchmark: the least a platform can do while still letting
 * the engine run its real code path. It answers a publish init with an upload URL on itself,
 * counts and discards every chunk's bytes (no hashing, no disk), acknowledges each chunk as the
 * platform does (206, 201 for the last), and reports PROCESSING_UPLOAD to a status read. With
 * nothing to do per byte, what a client reaches here is its own ceiling, measured beside curl's.
 * Not a stand-in for the platform in tests: it checks nothing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackSink {
  baseUrl: string;
  /** Body bytes received so far, over every publish. */
  bytes(): number;
  close(): Promise<void>;
}

const ok = (data: unknown) => JSON.stringify({ data, error: { code: 'ok', message: '', log_id: 'sink' } });

export async function startLoopbackSink(): Promise<LoopbackSink> {
  let received = 0;
  let publishes = 0;
  let baseUrl = '';
  const newUploadUrl = () => `${baseUrl}/upload/sink-${++publishes}`;

  const server = createServer((req, res) => {
    if (req.method === 'PUT' && req.url?.startsWith('/upload/')) return receiveChunk(req, res);
    req.resume();
    req.on('end', () => {
      if (req.url === '/v2/post/publish/inbox/video/init/') return answer(res, 200, ok({ publish_id: `sink-${publishes + 1}`, upload_url: newUploadUrl() }));
      if (req.url === '/v2/post/publish/status/fetch/') return answer(res, 200, ok({ status: 'PROCESSING_UPLOAD', fail_reason: '', uploaded_bytes: 0, downloaded_bytes: 0 }));
      answer(res, 404, JSON.stringify({ data: {}, error: { code: 'not_found', message: 'not a sink route', log_id: 'sink' } }));
    });
  });

  function receiveChunk(req: IncomingMessage, res: ServerResponse): void {
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.headers['content-range'] ?? '');
    req.on('data', (chunk: Buffer) => (received += chunk.length));
    req.on('end', () => {
      if (!range) return answer(res, 416, JSON.stringify({ data: {}, error: { code: 'range_not_satisfiable', message: 'Content-Range required', log_id: 'sink' } }));
      const last = Number(range[2]);
      const total = Number(range[3]);
      answer(res, last === total - 1 ? 201 : 206, ok({ uploaded_bytes: last + 1, total_bytes: total }));
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    bytes: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function answer(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
