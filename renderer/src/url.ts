/**
 * Web mode opens the app at `/?token=…`. main.tsx hands the token to api/session.ts first (page
 * memory and the tab's sessionStorage); keeping it in the address bar would put it in history,
 * bookmarks and screenshots, so it is then taken out, before anything renders.
 */
export function tokenFromUrl(href: string): string | null {
  return new URL(href).searchParams.get('token') || null;
}

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
