/**
 * The renderer's files as both transports serve them: Electron's app:// protocol handler
 * (electron/desktop/protocol.ts) and web mode's HTTP server (web-host.ts). One place decides
 * which file a URL path names (never one outside the renderer folder), what a client-side route
 * gets (the app shell) and each file's Content-Type.
 *
 * Node only (fs, path): it lives here and not in common/, which the renderer and the preload load.
 */
import { stat } from 'node:fs/promises';
import { basename, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
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

/** The Content-Type a renderer file is served with; unknown kinds are plain bytes. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file a URL path names, or null when it would leave the renderer folder. Checked after
 * percent-decoding, since `..%2f` is a plain segment to the URL parser but `../` to the disk; a
 * NUL or a backslash (a separator on Windows) is refused outright, as is undecodable text.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = resolve(root);
  const relativePath = decoded.replace(/^\/+/, '');
  const filePath = resolve(base, relativePath === '' ? 'index.html' : relativePath);
  const fromRoot = relative(base, filePath);
  if (fromRoot === '' || fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot)) return null;
  return filePath;
}

export type StaticLookup =
  | { kind: 'file'; path: string; size: number }
  /** The path would leave the renderer folder. */
  | { kind: 'outside' }
  /** No such file; `shell` when it was a client-side route and the app shell itself is missing (not built). */
  | { kind: 'missing'; shell: boolean };

/**
 * What to serve for a URL path: its file; for a client-side route (no extension in the last
 * segment, a folder included) the app shell, index.html; a missing asset is missing.
 */
export async function findStaticFile(root: string, urlPath: string): Promise<StaticLookup> {
  const filePath = resolveInside(root, urlPath);
  if (filePath === null) return { kind: 'outside' };
  const size = await fileSize(filePath);
  if (size !== null) return { kind: 'file', path: filePath, size };
  if (basename(filePath).includes('.')) return { kind: 'missing', shell: false };
  const shell = join(resolve(root), 'index.html');
  const shellSize = await fileSize(shell);
  return shellSize === null ? { kind: 'missing', shell: true } : { kind: 'file', path: shell, size: shellSize };
}

async function fileSize(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}
