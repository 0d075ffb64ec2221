/**
 * A form submitted from one of the sandbox's own pages (consent, payment). The sandbox has no
 * login to protect these actions, so a page on another origin must not be able to submit them
 * through a visitor's browser; the body is then read as a small urlencoded form.
 */
import type { IncomingMessage } from 'node:http';
import { mediaType, parseForm, readSmallBody } from '../../server-kit/http/body.js';
import { errorPage } from '../../server-kit/http/errors.js';
import type { Reply } from '../../server-kit/http/reply.js';

/** The sandbox's own pages send this Origin; any other means a page elsewhere is submitting. */
export function isOwnOrigin(origin: string, baseUrl: string): boolean {
  const port = new URL(baseUrl).port;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

/** `what` names the form in error pages ("authorization", "payment"). */
export async function readOwnForm(req: IncomingMessage, logId: string, baseUrl: string, what: string): Promise<{ ok: true; form: Record<string, string> } | { ok: false; reply: Reply }> {
  const title = `Invalid ${what} request`;
  const origin = req.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, baseUrl)) {
    return { ok: false, reply: errorPage(logId, 403, 'Cross-site request refused', `The ${what} form can only be submitted from the sandbox’s own page.`) };
  }
  if (mediaType(req) !== 'application/x-www-form-urlencoded') return { ok: false, reply: errorPage(logId, 400, title, `The ${what} must be a form submission.`) };
  const body = await readSmallBody(req);
  if (!body.ok) return { ok: false, reply: errorPage(logId, 400, title, 'The form could not be read.') };
  const parsed = parseForm(body.body);
  if (!parsed.ok) return { ok: false, reply: errorPage(logId, 400, title, parsed.message) };
  return { ok: true, form: parsed.value };
}
