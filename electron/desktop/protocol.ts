/**
 * Serves the built renderer (dist/renderer) on app://draftdeck. Every response, errors
 * included, carries the renderer's security headers, so the CSP arrives as a header before any
 * byte of the page (a <meta> CSP applies only after it is parsed, and cannot set frame-ancestors).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CustomScheme } from 'electron';
import { RENDERER_SECURITY_HEADERS } from '../../common/csp.js';
import { contentTypeOf, findStaticFile } from '../transports/static-files.js';
import { APP_HOST, APP_SCHEME } from '../transports/app-origin.js';

/**
 * `standard` gives app:// real origins and relative URL resolution; `secure` makes it a secure
 * context (as https is); `supportFetchAPI` lets the page fetch its own assets; `codeCache` lets
 * V8 cache compiled scripts. Nothing else: no CORS, no service workers, no CSP bypass.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

/** The part of Electron's `protocol` this module needs (the real one satisfies it). */
export interface AppProtocol {
  registerSchemesAsPrivileged(schemes: CustomScheme[]): void;
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
}

/** Must run before the app is ready: Electron reads scheme privileges once, at start-up. */
export function registerAppScheme(protocol: Pick<AppProtocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
}

export function serveRenderer(protocol: Pick<AppProtocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, createRendererHandler(rendererDir));
}

export function createRendererHandler(rendererDir: string): (request: Request) => Promise<Response> {
  const root = resolve(rendererDir);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return errorResponse(405, { Allow: 'GET, HEAD' });
    const url = new URL(request.url);
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return errorResponse(404);
    const found = await findStaticFile(root, url.pathname);
    if (found.kind === 'outside') return errorResponse(403);
    if (found.kind === 'missing') return errorResponse(404);
    const body = request.method === 'HEAD' ? null : await readFile(found.path);
    return new Response(body, {
      status: 200,
      headers: {
        ...RENDERER_SECURITY_HEADERS,
        'Content-Type': contentTypeOf(found.path),
        // Files change with every build and are read from local disk: always revalidate.
        'Cache-Control': 'no-cache',
      },
    });
  };
}

function errorResponse(status: number, extra: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { ...RENDERER_SECURITY_HEADERS, ...extra } });
}
