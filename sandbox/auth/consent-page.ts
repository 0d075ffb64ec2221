/**
 * The consent page: which app asks for what, a radio button per sandbox user, Allow and Deny.
 * In the browser's language (Accept-Language, pages/page-language.ts). Plain HTML without
 * scripts, labelled for screen readers and for Playwright's role queries; the form posts the
 * original parameters back as hidden fields.
 */
import type { SandboxApp, SandboxUser } from '../config.js';
import { escapeHtml } from '../../server-kit/http/reply.js';
import { AUTHORIZE_PARAMS } from './authorize-request.js';
import { pageDirection, type PageLanguage } from '../pages/page-language.js';
import { hasPageWord, say } from '../pages/page-words.js';

export function renderConsentPage(input: {
  app: SandboxApp;
  users: readonly SandboxUser[];
  scopes: readonly string[];
  params: Readonly<Record<string, string | undefined>>;
  language: PageLanguage;
}): string {
  const { app, users, scopes, params, language } = input;
  const appName = { app: app.name };
  const hidden = AUTHORIZE_PARAMS.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name] ?? '')}">`).join('\n      ');
  const userChoices = users
    .map(
      (user, i) =>
        `<div class="user"><input type="radio" id="user-${i}" name="open_id" value="${escapeHtml(user.open_id)}"${i === 0 ? ' checked' : ''} required>` +
        ` <label for="user-${i}">${escapeHtml(user.display_name)} <span class="handle">@${escapeHtml(user.username)}</span></label></div>`,
    )
    .join('\n        ');
  const describe = (scope: string) => {
    const key = `scope.${scope}`;
    return hasPageWord(key) ? say(language, key) : say(language, 'scopeOther');
  };
  const scopeItems = scopes.map((scope) => `<li><code dir="ltr">${escapeHtml(scope)}</code>: ${describe(scope)}</li>`).join('\n        ');
  return `<!doctype html>
<html lang="${language}" dir="${pageDirection(language)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${say(language, 'consentTitle', appName)}</title>
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
    <h1>${say(language, 'consentHeading', appName)}</h1>
    <p class="note">${say(language, 'consentNote')}</p>
    <form method="post" action="/v2/auth/authorize/">
      ${hidden}
      <fieldset>
        <legend>${say(language, 'signInAs')}</legend>
        ${userChoices}
      </fieldset>
      <section aria-labelledby="scopes-heading">
        <h2 id="scopes-heading">${say(language, 'willBeAbleTo', appName)}</h2>
        <ul>
        ${scopeItems}
        </ul>
      </section>
      <div class="actions">
        <button type="submit" name="decision" value="allow">${say(language, 'allow')}</button>
        <button type="submit" name="decision" value="deny">${say(language, 'deny')}</button>
      </div>
    </form>
  </main>
</body>
</html>`;
}
