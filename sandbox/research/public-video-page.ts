/**
 * A video's public page, `/@{username}/video/{id}` (docs/PLATFORM.md "Research": the spec names no
 * public page, so the app and the sandbox share this convention): the sandbox plays no videos, so
 * the page shows what the research dataset knows of it, in the browser's language, or 404.
 */
import { publicVideoPath } from '../../common/research-rules.js';
import { escapeHtml, htmlReply, type Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { languageReply, pageDirection, pickPageLanguage, type PageLanguage } from '../pages/page-language.js';
import { say } from '../pages/page-words.js';
import { videoRecord } from './records.js';
import type { ResearchEngine } from './engine.js';
import { rowOfVideoId } from './video-index.js';

/** `:handle` is `@username` (a path parameter is a whole segment). */
export const PUBLIC_VIDEO_ROUTE = '/:handle/video/:id';

function page(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}" dir="${pageDirection(language)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #111; } .note { color: #555; font-size: .875rem; }</style>
</head>
<body>
  <main>
    ${body}
  </main>
</body>
</html>`;
}

export function publicVideoRoute(engine: () => ResearchEngine): Route {
  return {
    method: 'GET',
    path: PUBLIC_VIDEO_ROUTE,
    handler: (rc: RequestContext): Reply => {
      const language = pickPageLanguage(rc.req.headers['accept-language']);
      const { handle = '', id = '' } = rc.params;
      const ds = engine().dataset;
      const row = handle.startsWith('@') ? rowOfVideoId(ds, id) : undefined;
      const video = row === undefined ? undefined : videoRecord(ds, row, ['username', 'video_description', 'view_count', 'like_count', 'comment_count']);
      // A video is found under its own account's path only, as the platform's pages are.
      if (!video || `@${video.username}` !== handle) {
        const missing = say(language, 'videoMissing', { id });
        return languageReply(htmlReply(404, page(language, missing, `<h1>${missing}</h1>`)), language);
      }
      const number = new Intl.NumberFormat(language);
      const title = say(language, 'videoTitle', { username: video.username! });
      const counts = say(language, 'videoCounts', { views: number.format(video.view_count!), likes: number.format(video.like_count!), comments: number.format(video.comment_count!) });
      const body = `<h1>${title}</h1>
    <p class="note">${say(language, 'videoNote')}</p>
    <p>${escapeHtml(video.video_description ?? '')}</p>
    <p>${counts}</p>
    <p><a href="${escapeHtml(publicVideoPath(video.username!, video.id))}" dir="ltr">${escapeHtml(video.id)}</a></p>`;
      return languageReply(htmlReply(200, page(language, title, body)), language);
    },
  };
}
