/**
 * Serves the built renderer (dist/renderer) on app://draftdeck. Every response, errors
 * included, carries the renderer's security headers, so the CSP arrives as a header before any
 * byte of the page (a <meta> CSP applies only after it is parsed, and cannot set frame-ancestors).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { CustomScheme } from 'electron';
import { RENDERER_SECURITY_HEADERS } from '../../common/csp.js';
import { APP_HOST, APP_SCHEME } from './app-origin.js';

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

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function createRendererHandler(rendererDir: string): (request: Request) => Promise<Response> {
  const root = resolve(rendererDir);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return errorResponse(405, { Allow: 'GET, HEAD' });
    const url = new URL(request.url);
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return errorResponse(404);
    const filePath = resolveInside(root, url.pathname);
    if (filePath === null) return errorResponse(403);

    const found = (await isFile(filePath)) ? filePath : spaFallback(root, url.pathname);
    if (found === null || !(await isFile(found))) return errorResponse(404);
    const body = request.method === 'HEAD' ? null : await readFile(found);
    return new Response(body, {
      status: 200,
      headers: {
        ...RENDERER_SECURITY_HEADERS,
        'Content-Type': CONTENT_TYPES[extname(found).toLowerCase()] ?? 'application/octet-stream',
        // Files change with every build and are read from local disk: always revalidate.
        'Cache-Control': 'no-cache',
      },
    });
  };
}

/**
 * The file a URL path names, or null when it would leave the renderer folder. Checked after
 * percent-decoding, since `..%2f` is a plain segment to the URL parser but `../` to the disk.
 */
export function resolveInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relativePath = decoded.replace(/^\/+/, '');
  const filePath = resolve(root, relativePath === '' ? 'index.html' : relativePath);
  const fromRoot = relative(root, filePath);
  if (fromRoot === '' || fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot)) return null;
  return filePath;
}

/** Client-side routes (no file extension) get the app shell; a missing asset stays a 404. */
function spaFallback(root: string, pathname: string): string | null {
  const lastSegment = pathname.split('/').pop() ?? '';
  return lastSegment.includes('.') ? null : join(root, 'index.html');
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function errorResponse(status: number, extra: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { ...RENDERER_SECURITY_HEADERS, ...extra } });
}
