/**
 * Matching a requested redirect_uri against an app's registered ones. A registered URI may use
 * `*` as its port (`http://127.0.0.1:*\/callback/`), because a desktop app listens on whatever
 * loopback port is free; everything else must match character for character. Pure.
 */

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
