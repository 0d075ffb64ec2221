/**
 * The consent page: which app asks for what, a radio button per sandbox user, Allow and Deny.
 * Plain HTML without scripts, labelled for screen readers and for Playwright's role queries; the
 * form posts the original parameters back as hidden fields.
 */
import type { SandboxApp, SandboxUser } from '../config.js';
import { escapeHtml } from '../../server-kit/http/reply.js';
import { AUTHORIZE_PARAMS } from './authorize-request.js';

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  'user.info.basic': 'Read your profile info (avatar, display name)',
  'video.upload': 'Upload videos and photos as drafts to your inbox',
  'video.list': 'Read your public videos',
  'video.publish': 'Post content directly to your profile',
};

export function renderConsentPage(input: { app: SandboxApp; users: readonly SandboxUser[]; scopes: readonly string[]; params: Readonly<Record<string, string | undefined>> }): string {
  const { app, users, scopes, params } = input;
  const hidden = AUTHORIZE_PARAMS.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name] ?? '')}">`).join('\n      ');
  const userChoices = users
    .map(
      (user, i) =>
        `<div class="user"><input type="radio" id="user-${i}" name="open_id" value="${escapeHtml(user.open_id)}"${i === 0 ? ' checked' : ''} required>` +
        ` <label for="user-${i}">${escapeHtml(user.display_name)} <span class="handle">@${escapeHtml(user.username)}</span></label></div>`,
    )
    .join('\n        ');
  const scopeItems = scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code>: ${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? 'Access granted by this scope')}</li>`).join('\n        ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Authorize ${escapeHtml(app.name)} · Platform sandbox</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
    fieldset { border: 1px solid #ccc; border-radius: 8px; margin: 1rem 0; }
    .user { margin: .4rem 0; } .handle { color: #555; }
    .actions { display: flex; gap: 1rem; }
    button { font: inherit; padding: .5rem 1.25rem; border-radius: 6px; border: 1px solid #333; cursor: pointer; }
    button[value=allow] { background: #fe2c55; color: #fff; border-color: #fe2c55; }
    .note { color: #555; font-size: .875rem; }
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(app.name)} wants to access your account</h1>
    <p class="note">Platform sandbox: choose which sandbox user to sign in as. No password is needed.</p>
    <form method="post" action="/v2/auth/authorize/">
      ${hidden}
      <fieldset>
        <legend>Sign in as</legend>
        ${userChoices}
      </fieldset>
      <section aria-labelledby="scopes-heading">
        <h2 id="scopes-heading">${escapeHtml(app.name)} will be able to</h2>
        <ul>
        ${scopeItems}
        </ul>
      </section>
      <div class="actions">
        <button type="submit" name="decision" value="allow">Allow</button>
        <button type="submit" name="decision" value="deny">Deny</button>
      </div>
    </form>
  </main>
</body>
</html>`;
}
