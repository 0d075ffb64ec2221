/**
 * PULL_FROM_URL only fetches from an app's verified domains or URL prefixes. Compared on parsed
 * URLs (same scheme, host and port; path starting with the prefix's path), so
 * `https://cdn.example.com.evil.net/` does not pass for `https://cdn.example.com`, and `..`
 * segments are resolved before the comparison. Pure.
 */
export function parseHttpUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  return url;
}

export function isVerifiedUrl(value: string, prefixes: readonly string[]): boolean {
  const url = parseHttpUrl(value);
  if (!url) return false;
  return prefixes.some((prefix) => {
    const base = parseHttpUrl(prefix);
    return base !== undefined && base.origin === url.origin && url.pathname.startsWith(base.pathname);
  });
}
