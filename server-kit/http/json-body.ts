/**
 * Read and validate a JSON request body in one step; every way it can go wrong (too big, not
 * JSON, wrong shape or types) becomes a 400 invalid_params that names the problem, never a 500.
 */
import type { z } from 'zod';
import { describeZodError } from '../zod-errors.js';
import { parseJsonObject, parseJson, readSmallBody, mediaType, MAX_API_BODY_BYTES } from './body.js';
import { errorB } from './errors.js';
import type { Reply } from './reply.js';
import type { RequestContext } from './router.js';

export type BodyCheck<T> = { ok: true; value: T } | { ok: false; reply: Reply };

export interface JsonBodyOptions {
  /**
   * Refuse bodies not labelled application/json (the /sandbox/* API): a page on another origin
   * can only send such a request after a CORS preflight, which the sandbox never approves.
   */
  requireJsonType?: boolean;
  /** Accept any JSON value, not only an object. */
  anyValue?: boolean;
}

export async function readJsonBody<T>(rc: RequestContext, schema: z.ZodType<T>, options: JsonBodyOptions = {}): Promise<BodyCheck<T>> {
  const invalid = (message: string, status = 400): BodyCheck<T> => ({ ok: false, reply: errorB(rc.logId, 'invalid_params', message, { status }) });
  if (options.requireJsonType && mediaType(rc.req) !== 'application/json') return invalid('Content-Type must be application/json', 415);
  const body = await readSmallBody(rc.req);
  if (!body.ok) return invalid(body.reason === 'too_large' ? `request body is larger than ${MAX_API_BODY_BYTES} bytes` : 'request body was not received');
  const parsed = options.anyValue ? parseJson(body.body) : parseJsonObject(body.body);
  if (!parsed.ok) return invalid(parsed.message);
  const result = schema.safeParse(parsed.value);
  if (!result.success) return invalid(describeZodError(result.error));
  return { ok: true, value: result.data };
}
