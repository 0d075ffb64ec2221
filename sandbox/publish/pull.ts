/**
 * PULL_FROM_URL downloads (videos and photos), done in the background after init answers, as on
 * the platform. Bodies stream to disk through a size limit and a hash; only the first bytes are
 * kept in memory for the format checks. Redirects are not followed: a redirect could leave the
 * verified prefix.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export type DownloadResult =
  | { ok: true; bytes: number; sha256: string; head: Buffer }
  | { ok: false; problem: 'unreachable' | 'http_status' | 'too_large'; detail: string; bytes: number };

export interface DownloadOptions {
  maxBytes: number;
  /** How many leading bytes to keep for format checks. */
  headBytes: number;
  signal: AbortSignal;
  onProgress?: (bytes: number) => void;
  timeoutMs?: number;
}

class TooLarge extends Error {}

export async function downloadToFile(url: string, path: string, options: DownloadOptions): Promise<DownloadResult> {
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs ?? 10 * 60_000)]);
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', signal, headers: { 'User-Agent': 'draftdeck-platform-sandbox' } });
  } catch (err) {
    return { ok: false, problem: 'unreachable', detail: `could not fetch ${url}: ${(err as Error).message}`, bytes: 0 };
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, problem: 'http_status', detail: `${url} answered HTTP ${response.status}`, bytes: 0 };
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body.cancel().catch(() => undefined);
    return { ok: false, problem: 'too_large', detail: `${url} is ${declared} bytes; at most ${options.maxBytes} are accepted`, bytes: 0 };
  }
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let bytes = 0;
  let lastReport = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      bytes += chunk.length;
      if (bytes > options.maxBytes) return done(new TooLarge());
      hash.update(chunk);
      if (headLength < options.headBytes) {
        const part = chunk.subarray(0, options.headBytes - headLength);
        // Copy: the chunk's memory belongs to the stream.
        head.push(Buffer.from(part));
        headLength += part.length;
      }
      if (bytes - lastReport >= 256 * 1024) {
        lastReport = bytes;
        options.onProgress?.(bytes);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), meter, createWriteStream(path, { mode: 0o600 }), { signal });
  } catch (err) {
    if (err instanceof TooLarge) return { ok: false, problem: 'too_large', detail: `${url} is larger than ${options.maxBytes} bytes`, bytes };
    return { ok: false, problem: 'unreachable', detail: `download of ${url} failed: ${(err as Error).message}`, bytes };
  }
  options.onProgress?.(bytes);
  return { ok: true, bytes, sha256: hash.digest('hex'), head: Buffer.concat(head) };
}
