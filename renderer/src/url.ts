/**
 * Web mode opens the app at `/?token=…`; the host has already turned the token into an HttpOnly
 * cookie by then. Keeping it in the address bar would put it in history, bookmarks and
 * screenshots, so it is taken out before anything renders.
 */
export function withoutToken(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has('token')) return null;
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}${url.hash}`;
}

export function stripTokenFromAddressBar(): void {
  const cleaned = withoutToken(window.location.href);
  if (cleaned !== null) window.history.replaceState(window.history.state, '', cleaned);
}
