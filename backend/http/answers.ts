/**
 * The backend's own answers: a JSON value on success, `{"error":{"code","message"}}` on failure,
 * where `code` is stable for programs and `message` says in words what to do. (The broker's
 * routes answer in the platform's shape A instead, because the app parses them as the platform's.)
 */
import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { describeZodError } from '../../server-kit/zod-errors.js';
import { mediaType, parseJsonObject, readSmallBody } from '../../server-kit/http/body.js';
import { jsonReply, type Reply } from '../../server-kit/http/reply.js';

export function apiOk(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, value, { 'Cache-Control': 'no-store', ...headers });
}

export function apiError(status: number, code: string, message: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { error: { code, message } }, { 'Cache-Control': 'no-store', ...headers });
}

/** A small JSON object body checked by `schema`; every failure is a 400/415 naming the problem. */
export async function readJsonInput<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; reply: Reply }> {
  if (mediaType(req) !== 'application/json') return { ok: false, reply: apiError(415, 'invalid_request', 'Content-Type must be application/json') };
  const body = await readSmallBody(req, 16 * 1024);
  if (!body.ok) return { ok: false, reply: apiError(400, 'invalid_request', body.reason === 'too_large' ? 'the body is larger than 16 KB' : 'the body was not received') };
  const parsed = parseJsonObject(body.body);
  if (!parsed.ok) return { ok: false, reply: apiError(400, 'invalid_request', parsed.message) };
  const result = schema.safeParse(parsed.value);
  if (!result.success) return { ok: false, reply: apiError(400, 'invalid_request', describeZodError(result.error)) };
  return { ok: true, value: result.data };
}

/** The bearer token of a request, or null when there is none. */
export function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match ? match[1]! : null;
}
