/**
 * Which URLs the app will talk to or hand to a browser: https anywhere, plain http only on
 * loopback (the embedded sandbox and the sign-in callback live there, and no one else can read
 * loopback traffic in transit). Pure: shared by the renderer, the main process and the services.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** isHttpsOrLoopback's rule in words, for the messages that refuse a URL. */
export const HTTPS_OR_LOOPBACK_RULE = 'https, or plain http to this computer (127.0.0.1, localhost or [::1])';

export function isHttpsOrLoopback(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/** Only the scheme goes to the log: a URL can carry a code or a token in its query. */
export function schemeOf(value: string): string {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  return match?.[1]?.toLowerCase() ?? 'invalid';
}
