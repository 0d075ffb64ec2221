/**
 * What a route handler answers: a value, not writes on a response object, so handlers stay
 * testable and the server applies logging, headers and chaos in one place. Streaming handlers
 * (the upload host, sample media) write the response themselves and answer `HANDLED`.
 */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export const HANDLED = Symbol('handled');
export type HandlerResult = Reply | typeof HANDLED;

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(value) };
}

/** Pages the sandbox renders itself: no scripts unless a nonce is given, never framed. */
export function htmlReply(status: number, markup: string, scriptNonce?: string): Reply {
  const script = scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'";
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; ${script}; style-src 'unsafe-inline'; img-src 'self'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'`,
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      // same-origin, not no-referrer: under no-referrer a browser submits the page's own forms
      // with `Origin: null`, which the consent and payment pages' cross-site check must refuse.
      'Referrer-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    },
    body: markup,
  };
}

export function redirectReply(location: string): Reply {
  return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } };
}

export function emptyReply(status: number): Reply {
  return { status, headers: { 'Cache-Control': 'no-store' } };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}
