/**
 * Reading the small bodies of API requests (JSON, form). Limited in size before anything is
 * parsed, so a huge or endless body is refused with 400 instead of filling memory. Chunk bodies
 * on the upload host never come through here: they are streamed to disk.
 */
import type { IncomingMessage } from 'node:http';

/** Largest JSON or form body an API operation accepts (35 photo URLs and a 4000-character description fit easily). */
export const MAX_API_BODY_BYTES = 256 * 1024;

/** How much of an oversize body we drain so the 400 can still be read by the client, before hanging up. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'aborted' };

export function readSmallBody(req: IncomingMessage, limit = MAX_API_BODY_BYTES): Promise<BodyResult> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    const parts: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > limit;
    let settled = false;
    const settle = (result: BodyResult) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    if (tooLarge) settle({ ok: false, reason: 'too_large' });
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (tooLarge) {
        // Keep reading (and discarding) so the client gets our 400 instead of a reset.
        if (size > MAX_DRAIN_BYTES) req.destroy();
        return;
      }
      if (size > limit) {
        tooLarge = true;
        parts.length = 0;
        settle({ ok: false, reason: 'too_large' });
        return;
      }
      parts.push(chunk);
    });
    req.on('end', () => settle(tooLarge ? { ok: false, reason: 'too_large' } : { ok: true, body: Buffer.concat(parts) }));
    req.on('error', () => settle({ ok: false, reason: 'aborted' }));
    req.on('close', () => settle({ ok: false, reason: 'aborted' }));
  });
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** A JSON object body; arrays, scalars and malformed text are refused with a message saying which. */
export function parseJsonObject(body: Buffer): ParseResult<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, message: 'request body is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'request body must be a JSON object' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** Any JSON value (the /sandbox/chaos body is an array). */
export function parseJson(body: Buffer): ParseResult<unknown> {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    return { ok: false, message: 'request body is not valid JSON' };
  }
}

/**
 * A form-encoded body. A parameter sent twice is refused (OAuth forbids it, and accepting the
 * first or the last would let a proxy and the server disagree about the request).
 */
export function parseForm(body: Buffer | string): ParseResult<Record<string, string>> {
  const params = new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'));
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (Object.hasOwn(out, key)) return { ok: false, message: `parameter ${key} is repeated` };
    out[key] = value;
  }
  return { ok: true, value: out };
}

export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}
