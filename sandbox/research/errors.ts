/**
 * Errors are values. The HTTP layer turns a ResearchError into a shape B body
 * `{ data: {}, error: { code, message, log_id } }` with `httpStatus`.
 */

export type ResearchErrorCode = 'invalid_params' | 'rate_limit_exceeded';

export interface ResearchError {
  readonly code: ResearchErrorCode;
  readonly httpStatus: 400 | 429;
  /** Says what is wrong in words a developer can act on. */
  readonly message: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ResearchError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const invalidParams = (message: string): { ok: false; error: ResearchError } =>
  ({ ok: false, error: { code: 'invalid_params', httpStatus: 400, message } });

export const rateLimited = (message: string): { ok: false; error: ResearchError } =>
  ({ ok: false, error: { code: 'rate_limit_exceeded', httpStatus: 429, message } });
