/**
 * Plays the person's browser on the platform's consent page over plain HTTP: GET the page, POST
 * its form with a choice of account and decision, then follow the redirect to the app's loopback
 * listener. The one way every test and benchmark signs in without Chromium.
 */
export interface ConsentChoice {
  /** Sign in as this user (default: the first the page offers). */
  openId?: string;
  decision?: 'allow' | 'deny';
}

/** Loads the page, picks a user, presses Allow or Deny; answers where the platform redirects the browser (not yet followed). */
export async function consent(authorizeUrl: string, choice: ConsentChoice = {}): Promise<string> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html.slice(0, 200)}`);
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error('the consent page has no form');
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.append(name!, decodeEntities(value!));
  const users = [...html.matchAll(/name="open_id" value="([^"]+)"/g)].map((m) => decodeEntities(m[1]!));
  const openId = choice.openId ?? users[0]!;
  if (!users.includes(openId)) throw new Error(`the consent page does not offer ${openId} (it offers ${users.join(', ')})`);
  form.append('open_id', openId);
  form.append('decision', choice.decision ?? 'allow');
  const answer = await fetch(new URL(decodeEntities(action), authorizeUrl), { method: 'POST', body: form, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`consent POST answered ${answer.status} without a redirect: ${await answer.text()}`);
  return location;
}

/** The browser following the platform's redirect to the app's loopback listener. */
export async function deliver(location: string): Promise<{ status: number; body: string }> {
  const answer = await fetch(location);
  return { status: answer.status, body: await answer.text() };
}

/** Both steps: what a person does after clicking "Add account". */
export async function approveConsent(authorizeUrl: string, openId: string, decision: 'allow' | 'deny' = 'allow'): Promise<{ callbackStatus: number; callbackHtml: string; location: string }> {
  const location = await consent(authorizeUrl, { openId, decision });
  const callback = await deliver(location);
  return { callbackStatus: callback.status, callbackHtml: callback.body, location };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
