/**
 * Web mode's session token: the per-launch secret every /api request carries as
 * `Authorization: Bearer <token>`. The host prints it in the URL it opens (`/?token=…`); main.tsx
 * hands it here before the address bar is cleaned, and from then on it lives in page memory, and
 * in the tab's sessionStorage so a reload of the cleaned URL still works. It is never a cookie:
 * cookies are not port-scoped, so one would also go to every other loopback server the browser
 * visits (the embedded sandbox, the sign-in listener).
 */
const STORAGE_KEY = 'draftdeck.sessionToken';

let token: string | null = null;

/** Keeps the token the page was opened with (a fresh one replaces a stored one). */
export function rememberSessionToken(fromUrl: string | null): void {
  if (fromUrl) {
    token = fromUrl;
    try {
      window.sessionStorage.setItem(STORAGE_KEY, fromUrl);
    } catch {
      // Storage disabled: the token stays in memory, and a reload needs the URL with the token.
    }
    return;
  }
  token ??= storedToken();
}

/** The token for this tab, or null (then the host answers 403, and calls fail as such). */
export function sessionToken(): string | null {
  token ??= storedToken();
  return token;
}

/** Headers for an /api request: the bearer token, when there is one. */
export function authorization(): Record<string, string> {
  const current = sessionToken();
  return current ? { Authorization: `Bearer ${current}` } : {};
}

function storedToken(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
