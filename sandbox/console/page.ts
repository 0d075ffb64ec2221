/**
 * The console (GET /sandbox/console): one page showing the clock, users and their permitted apps,
 * tokens, publishes and chaos, with the actions a person takes on the platform. Each module adds
 * its own section. Forms marked `api` are sent as JSON by a small nonce'd script (the /sandbox
 * API takes JSON only) and the page reloads to show the new state.
 */
import { randomBytes } from 'node:crypto';
import type { SandboxContext, SandboxModule } from '../context.js';
import { escapeHtml, htmlReply } from '../../server-kit/http/reply.js';

const SCRIPT = `
for (const form of document.querySelectorAll('form.api')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    let body;
    if (form.dataset.raw) body = String(data.get(form.dataset.raw));
    else {
      const object = {};
      for (const [key, value] of data) object[key] = form.querySelector('[name="' + key + '"]').type === 'number' ? Number(value) : value;
      body = JSON.stringify(object);
    }
    const response = await fetch(form.dataset.url, { method: form.dataset.method, headers: { 'Content-Type': 'application/json' }, body });
    if (response.ok) location.reload();
    else {
      const answer = await response.json().catch(() => ({}));
      document.getElementById('console-status').textContent = 'Failed: ' + ((answer.error && answer.error.message) || response.status);
    }
  });
}`;

export function consoleModule(ctx: SandboxContext, modules: () => readonly SandboxModule[]): SandboxModule {
  return {
    name: 'console',
    apiRoutes: () => [
      {
        method: 'GET',
        path: '/sandbox/console',
        handler: () => {
          const nonce = randomBytes(16).toString('base64');
          const sections = modules()
            .map((module) => module.consoleSection?.() ?? '')
            .join('\n');
          const apps = ctx.config.apps.map((app) => `<li><strong>${escapeHtml(app.name)}</strong> <code>${escapeHtml(app.client_key)}</code>: ${escapeHtml(app.scopes.join(', '))}</li>`).join('');
          return htmlReply(
            200,
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Platform sandbox console</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:1.5rem;color:#111}table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}code{font-size:.85em}section{margin-bottom:1rem}</style></head>
<body><main><h1>Platform sandbox console</h1>
<p>API <code>${escapeHtml(ctx.urls.baseUrl)}</code> · upload host <code>${escapeHtml(ctx.urls.uploadBaseUrl)}</code> · sample media <a href="/sandbox/media/">/sandbox/media/</a></p>
<p id="console-status" role="status"></p>
<section aria-labelledby="apps-heading"><h2 id="apps-heading">Apps</h2><ul>${apps}</ul></section>
${sections}
</main><script nonce="${nonce}">${SCRIPT}</script></body></html>`,
            nonce,
          );
        },
        errorShape: 'html',
      },
    ],
  };
}
