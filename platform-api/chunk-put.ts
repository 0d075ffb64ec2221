/**
 * Operation 5: PUT one chunk of a video to its upload_url, streamed from disk through two buffers
 * of its own: one is read from the file while the other is written to the socket, and a buffer is
 * refilled only once the socket has taken it. Memory stays flat (never a Buffer of the chunk), and
 * nothing is allocated per read: a read stream (a fresh buffer per read, page faults and garbage
 * collection on every megabyte) piped through a Transform cost the engine twice the CPU per GB and
 * held it below curl (docs/BENCHMARKS.md "upload"). Keep-alive agents reuse the connection across chunks.
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { requestTo } from './agents.js';
import { retryAfter } from './errors.js';
/** Bytes per read and per socket write; BUFFERS of them are what one PUT holds. */
const BUFFER_BYTES = 1024 * 1024;
const BUFFERS = 2;

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
  const length = req.end - req.start + 1;
  return new Promise((resolve, reject) => {
    const outgoing = requestTo(url, {
      method: 'PUT',
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

    sendBody(outgoing, req, length).catch((error: unknown) => {
      // A server that answers early (403, 416) may close before we finish sending: its answer wins.
      outgoing.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

/** Writes the chunk's bytes to the request and ends it; rejects when the file or the request fails. */
async function sendBody(outgoing: ClientRequest, req: ChunkPutRequest, length: number): Promise<void> {
  // A request destroyed (abort, timeout, host gone) may never call back a write: stop on its close.
  let onGone!: () => void;
  const gone = new Promise<never>((_, reject) => (onGone = () => reject(new Error('The upload request closed before its body was sent'))));
  gone.catch(() => undefined);
  outgoing.once('close', onGone);
  const opening = open(req.filePath, 'r');
  const file = await Promise.race([opening, gone]).catch((error: unknown) => {
    void opening.then((late) => late.close(), () => undefined);
    throw error;
  });
  try {
    const buffers = Array.from({ length: Math.min(BUFFERS, Math.ceil(length / BUFFER_BYTES)) }, () => Buffer.allocUnsafeSlow(Math.min(BUFFER_BYTES, length)));
    let sent = 0;
    let read = readAt(file, buffers[0]!, req.start, length);
    // A read left behind when the request fails must not surface as an unhandled rejection.
    read.catch(() => undefined);
    for (let turn = 0; sent < length; turn++) {
      const bytes = await Promise.race([read, gone]);
      const next = sent + bytes.length;
      // The next buffer fills while this one goes out: the previous write has released it.
      if (next < length) {
        read = readAt(file, buffers[(turn + 1) % buffers.length]!, req.start + next, length - next);
        read.catch(() => undefined);
      }
      await Promise.race([write(outgoing, bytes), gone]);
      sent = next;
      req.onProgress?.(sent);
    }
    outgoing.end();
  } finally {
    outgoing.off('close', onGone);
    // Waits for a read still under way (when the request failed meanwhile) before closing.
    await file.close();
  }
}

/** Fills `buffer` (or less, when fewer bytes are left) from `position`; a file that ends early is an error. */
async function readAt(file: FileHandle, buffer: Buffer, position: number, left: number): Promise<Buffer> {
  const want = Math.min(buffer.length, left);
  let got = 0;
  while (got < want) {
    const { bytesRead } = await file.read(buffer, got, want - got, position + got);
    if (bytesRead === 0) throw new Error('The file ended before the chunk did');
    got += bytesRead;
  }
  return buffer.subarray(0, want);
}

/** Resolves once the request has handed `bytes` to the socket, so their buffer can be filled again. */
function write(outgoing: ClientRequest, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => outgoing.write(bytes, (error) => (error ? reject(error) : resolve())));
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}
