/**
 * The page the window shows when the renderer cannot be loaded or keeps crashing: plain HTML in a
 * data: URL (it must not depend on the app:// handler or the renderer build, either of which may
 * be what failed), no script, and one link back to the app, which the navigation guard allows.
 */
import { APP_START_URL } from '../transports/app-origin.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function loadErrorPageUrl(reason: string): string {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Draftdeck</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:15vh auto;max-width:36em;padding:0 1.5em;color:#222;background:#fafafa}
a{display:inline-block;margin-top:1em;padding:.5em 1.2em;border-radius:6px;background:#2b59c3;color:#fff;text-decoration:none}
code{font-size:13px;color:#555}@media (prefers-color-scheme:dark){body{color:#eee;background:#1b1b1b}code{color:#aaa}}</style></head>
<body><h1>Draftdeck could not show its window</h1>
<p>The app's page did not load or stopped working. Your queue and accounts are safe; uploads keep their place.</p>
<p><code>${escapeHtml(reason)}</code></p>
<a href="${APP_START_URL}">Reload</a>
<p><small>If this keeps happening, Settings → About shows where the logs are.</small></p></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
