/**
 * Plays the person's browser on the platform's consent page over plain HTTP: GET the page, POST
 * its form with a choice of account and decision, then follow the redirect to the app's loopback
 * listener. Used wherever a test signs in without Chromium.
 */
export async function approveConsent(authorizeUrl: string, openId: string, decision: 'allow' | 'deny' = 'allow'): Promise<{ callbackStatus: number; callbackHtml: string; location: string }> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html.slice(0, 200)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(match[0])?.[1];
    const value = /value="([^"]*)"/.exec(match[0])?.[1];
    if (name) fields[name] = decodeEntities(value ?? '');
  }
  const form = new URLSearchParams({ ...fields, open_id: openId, decision });
  const posted = await fetch(new URL(authorizeUrl).origin + new URL(authorizeUrl).pathname, { method: 'POST', body: form, redirect: 'manual' });
  const location = posted.headers.get('location');
  if (posted.status !== 302 || !location) throw new Error(`consent POST answered ${posted.status} without a redirect`);
  const callback = await fetch(location);
  return { callbackStatus: callback.status, callbackHtml: await callback.text(), location };
}

function decodeEntities(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
