/** Serves the sample media (GET /sandbox/media/{name}[?bytes=N]), lists it (GET /sandbox/media/), and hosts files put there (hosted.ts). */
import type { SandboxContext, SandboxModule } from '../context.js';
import { errorB, okB } from '../../server-kit/http/errors.js';
import { HANDLED } from '../../server-kit/http/reply.js';
import type { RequestContext } from '../../server-kit/http/router.js';
import { hostedMediaRoutes } from './hosted.js';
import { MAX_SAMPLE_BYTES, SAMPLE_MEDIA } from './samples.js';

export function mediaModule(ctx: SandboxContext): SandboxModule {
  const serve = (rc: RequestContext) => {
    const sample = SAMPLE_MEDIA[rc.params.name!];
    if (!sample || !Object.hasOwn(SAMPLE_MEDIA, rc.params.name!)) return errorB(rc.logId, 'not_found', 'no such sample; GET /sandbox/media/ lists them', { status: 404 });
    let bytes = sample.defaultBytes;
    const asked = rc.url.searchParams.get('bytes');
    if (asked !== null) {
      const n = Number(asked);
      if (sample.defaultBytes === undefined || !Number.isSafeInteger(n) || n < 16 || n > MAX_SAMPLE_BYTES) {
        return errorB(rc.logId, 'invalid_params', `bytes must be an integer from 16 to ${MAX_SAMPLE_BYTES}, for videos only`);
      }
      bytes = n;
    }
    const body = sample.body(bytes);
    const length = Buffer.isBuffer(body) ? body.length : bytes!;
    rc.res.writeHead(200, { 'Content-Type': sample.contentType, 'Content-Length': String(length), 'Cache-Control': 'no-store' });
    if (Buffer.isBuffer(body)) rc.res.end(body);
    else body.pipe(rc.res);
    return HANDLED;
  };

  return {
    name: 'media',
    apiRoutes: () => [
      {
        method: 'GET',
        path: '/sandbox/media/',
        handler: (rc) =>
          okB(rc.logId, {
            media: Object.entries(SAMPLE_MEDIA).map(([name, sample]) => ({ name, url: `${ctx.urls.mediaBaseUrl}${name}`, content_type: sample.contentType, description: sample.description })),
          }),
      },
      { method: 'GET', path: '/sandbox/media/:name', handler: serve },
      ...hostedMediaRoutes(ctx),
    ],
  };
}
