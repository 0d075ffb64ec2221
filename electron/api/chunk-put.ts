/**
 * Operation 5: PUT one chunk of a video to its upload_url, streamed from disk. Each chunk gets
 * its own read stream over exactly its byte range (never a Buffer of the chunk), so memory does
 * not grow with chunk or file size. Keep-alive agents reuse the connection across chunks.
 */
import { createReadStream } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { retryAfter } from './errors.js';

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 16 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 16 });

export interface ChunkPutRequest {
  uploadUrl: string;
  filePath: string;
  /** Inclusive byte range, as in Content-Range. */
  start: number;
  end: number;
  total: number;
  contentType: string;
  signal?: AbortSignal;
  /** Called with the number of body bytes handed to the socket so far. */
  onProgress?: (sentBytes: number) => void;
  /** No response within this long after the body is sent (or no progress while sending) fails the PUT. */
  idleTimeoutMs?: number;
}

export interface ChunkPutResponse {
  status: number;
  body: string;
  /** From Retry-After, when the upload host asked us to wait. */
  retryAfterMs: number | undefined;
}

/** Resolves with the upload host's answer whatever its status; rejects only on transport failure. */
export function putChunk(req: ChunkPutRequest): Promise<ChunkPutResponse> {
  const url = new URL(req.uploadUrl);
  const isHttps = url.protocol === 'https:';
  const length = req.end - req.start + 1;
  return new Promise((resolve, reject) => {
    const outgoing = (isHttps ? httpsRequest : httpRequest)(url, {
      method: 'PUT',
      agent: isHttps ? httpsAgent : httpAgent,
      headers: {
        'Content-Type': req.contentType,
        'Content-Length': String(length),
        'Content-Range': `bytes ${req.start}-${req.end}/${req.total}`,
      },
      signal: req.signal,
      timeout: req.idleTimeoutMs ?? 60_000,
    });
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('The upload host stopped answering'), { code: 'ETIMEDOUT' })));
    outgoing.on('response', (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        if (body.length < 64 * 1024) body += text;
      });
      const header = headerValue(res.headers['retry-after']);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, retryAfterMs: header === null ? undefined : retryAfter({ headers: new Headers({ 'retry-after': header }) }).retryAfterMs }));
      res.on('error', reject);
    });
    outgoing.on('error', reject);

    const source = createReadStream(req.filePath, { start: req.start, end: req.end, highWaterMark: 1024 * 1024 });
    let sent = 0;
    // Counted inside the pipeline, so backpressure from the socket still paces the reads.
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sent += chunk.length;
        req.onProgress?.(sent);
        done(null, chunk);
      },
    });
    pipeline(source, meter, outgoing).catch((error: unknown) => {
      // A server that answers early (403, 416) may close before we finish sending: its answer wins.
      outgoing.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}
