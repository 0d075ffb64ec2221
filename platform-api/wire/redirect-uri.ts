/**
 * The platform's redirect URIs (docs/PLATFORM.md "Consent"): a registered URI may use `*` as its
 * port (`http://127.0.0.1:*\/callback/`), because a desktop app listens on whatever loopback port
 * is free; everything else must match character for character. Pure, zod only.
 *
 * The partner backend checks a redirect against its app's registered ones before it brokers a
 * code, as the platform will; the sandbox keeps its own implementation of the rule
 * (sandbox/auth/redirect-uri.ts), so that it stays an independent check of the clients.
 */
import { z } from 'zod';

/** A registered redirect URI: an http(s) URL without a fragment whose port alone may be `*`. */
export const RedirectUriPattern = z.string().refine(
  (value) => {
    if (value.includes('#')) return false;
    const concrete = value.replace(/^(https?:\/\/[^/:]+):\*(?=\/|$)/, '$1:1');
    if (concrete.includes('*')) return false;
    try {
      const url = new URL(concrete);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  },
  { message: 'must be an http(s) URL without a fragment; only the port may be * (e.g. http://127.0.0.1:*/callback/)' },
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function redirectUriMatches(registered: string, requested: string): boolean {
  if (requested.includes('#')) return false;
  const wild = /^(https?:\/\/[^/:]+):\*(\/.*)?$/.exec(registered);
  if (!wild) return registered === requested;
  const pattern = new RegExp(`^${escapeRegExp(wild[1]!)}:(\\d{1,5})${escapeRegExp(wild[2] ?? '')}$`);
  const m = pattern.exec(requested);
  if (!m) return false;
  const port = Number(m[1]);
  return port >= 1 && port <= 65535 && !m[1]!.startsWith('0');
}

export function isRegisteredRedirectUri(registered: readonly string[], requested: string): boolean {
  return registered.some((uri) => redirectUriMatches(uri, requested));
}
