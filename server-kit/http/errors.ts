/**
 * The platform's two body shapes (docs/PLATFORM.md "Errors"). Shape A answers the token operations; shape B
 * answers everything else, on success too. Every answer carries the request's log_id so a
 * failure seen by a client can be found in the sandbox log.
 */
import { escapeHtml, htmlReply, jsonReply, type Reply } from './reply.js';

/** Shape B error codes with their HTTP statuses (docs/PLATFORM.md "Errors"). */
export const SHAPE_B_STATUS = {
  invalid_params: 400,
  invalid_file_upload: 400,
  access_token_invalid: 401,
  scope_not_authorized: 401,
  url_ownership_unverified: 403,
  spam_risk_too_many_pending_share: 403,
  invalid_publish_id: 404,
  rate_limit_exceeded: 429,
  internal_error: 500,
} as const;

export type ShapeBCode = keyof typeof SHAPE_B_STATUS;

export function okB(logId: string, data: Record<string, unknown>, status = 200): Reply {
  return jsonReply(status, { data, error: { code: 'ok', message: '', log_id: logId } });
}

/** A shape B failure; `status` overrides the code's usual HTTP status (chaos, the upload host). */
export function errorB(logId: string, code: string, message: string, options: { status?: number; data?: Record<string, unknown>; headers?: Record<string, string> } = {}): Reply {
  const status = options.status ?? (SHAPE_B_STATUS as Record<string, number>)[code] ?? 500;
  return jsonReply(status, { data: options.data ?? {}, error: { code, message, log_id: logId } }, options.headers);
}

export type ShapeACode = 'invalid_request' | 'invalid_grant' | 'invalid_client' | 'unsupported_grant_type' | 'internal_error' | 'rate_limit_exceeded';

const SHAPE_A_STATUS: Record<ShapeACode, number> = {
  invalid_request: 400,
  invalid_grant: 400,
  invalid_client: 401,
  unsupported_grant_type: 400,
  internal_error: 500,
  rate_limit_exceeded: 429,
};

export function errorA(logId: string, error: ShapeACode, description: string, status?: number): Reply {
  return jsonReply(status ?? SHAPE_A_STATUS[error], { error, error_description: description, log_id: logId }, { 'Cache-Control': 'no-store' });
}

/** The error page of browser-facing routes (consent): never a redirect to a URI we did not verify. */
export function errorPage(logId: string, status: number, title: string, message: string): Reply {
  return htmlReply(
    status,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>` +
      `<p><small>log_id: ${escapeHtml(logId)}</small></p></main></body></html>`,
  );
}

/** Which body shape a route answers failures in (chaos and unexpected errors need to know). */
export type ErrorShape = 'A' | 'B' | 'html';

/** The generic failure (chaos-injected status, an unexpected exception) in a route's own shape. */
export function failureInShape(shape: ErrorShape, logId: string, status: number, message: string): Reply {
  const code = status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'internal_error' : status === 401 ? 'access_token_invalid' : status === 404 ? 'not_found' : 'invalid_params';
  if (shape === 'A') return errorA(logId, status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'internal_error' : 'invalid_request', message, status);
  if (shape === 'html') return errorPage(logId, status, 'Something went wrong', message);
  return errorB(logId, code, message, { status });
}
