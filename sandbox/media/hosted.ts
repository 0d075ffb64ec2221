/**
 * A media host under the app's verified prefix, standing in for the partner's own file server: a
 * photo post (op 7) only takes URLs the platform has verified for the app, so an app that posts
 * local photos puts them somewhere under such a prefix first. The sandbox's default app has
 * `{sandbox_media_url}` verified, so files put here can be pulled by photo posts and video pulls.
 *
 *   PUT    /sandbox/media/hosted/{name}          the file's bytes (Content-Type image/jpeg, image/webp,
 *                                                video/mp4, video/quicktime or video/webm), with the
 *                                                app's user access token → {url, bytes, sha256}
 *   GET    /sandbox/media/hosted/{app}/{name}    the file, as the platform's download fetches it
 *   DELETE /sandbox/media/hosted/{name}          with the token: removed (`removed: false` when absent)
 *   GET    /sandbox/media/hosted/                every hosted file with its size and SHA-256, and every PUT
 *                                                that completed (inspection: a client resuming after a
 *                                                crash can be seen not to host a file twice)
 *
 * Files are kept per app (the token's client_key), so two apps never overwrite each other's. A PUT
 * of an existing name replaces it (a client re-hosting after a crash). Bodies stream to disk
 * through a hash; a body cut off leaves nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { authenticateUser } from '../auth/bearer.js';
import type { SandboxContext } from '../context.js';
import { errorB, okB } from '../../server-kit/http/errors.js';
import { HANDLED, type HandlerResult } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';

/** Larger than a photo may be (20 MB), so the platform's own check is what refuses an oversize one. */
export const MAX_HOSTED_BYTES = 64 * 1024 * 1024;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** Photos for photo posts and videos for video pulls: everything else is refused with 415. */
export const HOSTED_MEDIA_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/webp', 'video/mp4', 'video/quicktime', 'video/webm']);

class TooLarge extends Error {}

/** Every PUT that completed, per app, one JSON line each (hidden from the listing of files by its dot). */
const PUTS_FILE = '.puts.ndjson';

interface HostedPut {
  app: string;
  name: string;
  bytes: number;
  sha256: string;
  /** ISO time on the sandbox clock. */
  at: string;
}

export function hostedMediaRoutes(ctx: SandboxContext): Route[] {
  const root = join(ctx.filesDir, 'hosted');
  const pathOf = (app: string, name: string) => join(root, app, name);
  const urlOf = (app: string, name: string) => `${ctx.urls.mediaBaseUrl}hosted/${encodeURIComponent(app)}/${encodeURIComponent(name)}`;

  const put = async (rc: RequestContext): Promise<HandlerResult> => {
    const auth = authenticateUser(ctx, rc.req, rc.logId, null);
    if (!auth.ok) return auth.reply;
    const name = rc.params.name!;
    if (!NAME.test(name)) return errorB(rc.logId, 'invalid_params', 'the name must be 1-128 of A-Z a-z 0-9 . _ - and start with a letter or digit');
    const type = (rc.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!HOSTED_MEDIA_TYPES.has(type)) return errorB(rc.logId, 'invalid_params', `Content-Type must be one of ${[...HOSTED_MEDIA_TYPES].join(', ')}`, { status: 415 });
    const declared = Number(rc.req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_HOSTED_BYTES) return errorB(rc.logId, 'file_too_large', `at most ${MAX_HOSTED_BYTES} bytes`, { status: 413 });
    const app = auth.token.client_key;
    // Owner only, as the rest of the files dir: embedded, this is inside the app's data dir.
    await mkdir(join(root, app), { recursive: true, mode: 0o700 });
    const partial = pathOf(app, `.${name}.${randomBytes(6).toString('hex')}.part`);
    const hash = createHash('sha256');
    let bytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > MAX_HOSTED_BYTES) return done(new TooLarge());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(rc.req, meter, createWriteStream(partial, { mode: 0o600 }));
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof TooLarge) return errorB(rc.logId, 'file_too_large', `at most ${MAX_HOSTED_BYTES} bytes`, { status: 413 });
      return errorB(rc.logId, 'invalid_file_upload', 'the body ended before Content-Length bytes arrived', { status: 400 });
    }
    if (Number.isFinite(declared) && declared !== bytes) {
      await rm(partial, { force: true });
      return errorB(rc.logId, 'invalid_file_upload', `Content-Length said ${declared} bytes, the body had ${bytes}`, { status: 400 });
    }
    await rename(partial, pathOf(app, name));
    const sha256 = hash.digest('hex');
    // Recorded before the answer: a client that got it can be held to not hosting the file again.
    const put: HostedPut = { app, name, bytes, sha256, at: new Date(ctx.clock.now()).toISOString() };
    await appendFile(join(root, app, PUTS_FILE), `${JSON.stringify(put)}\n`, { mode: 0o600 });
    rc.log.info({ app, name, bytes }, 'media hosted');
    return okB(rc.logId, { url: urlOf(app, name), bytes, sha256 });
  };

  const get = async (rc: RequestContext): Promise<HandlerResult> => {
    const { app, name } = rc.params as { app: string; name: string };
    if (!NAME.test(name) || !NAME.test(app)) return errorB(rc.logId, 'not_found', 'no such hosted file', { status: 404 });
    const path = pathOf(app, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return errorB(rc.logId, 'not_found', 'no such hosted file', { status: 404 });
    rc.res.writeHead(200, { 'Content-Type': contentTypeOf(name), 'Content-Length': String(info.size), 'Cache-Control': 'no-store' });
    await pipeline(createReadStream(path), rc.res).catch(() => undefined);
    return HANDLED;
  };

  const remove = async (rc: RequestContext): Promise<HandlerResult> => {
    const auth = authenticateUser(ctx, rc.req, rc.logId, null);
    if (!auth.ok) return auth.reply;
    const name = rc.params.name!;
    if (!NAME.test(name)) return errorB(rc.logId, 'invalid_params', 'invalid name');
    const path = pathOf(auth.token.client_key, name);
    const existed = (await stat(path).catch(() => null))?.isFile() ?? false;
    await rm(path, { force: true });
    return okB(rc.logId, { removed: existed });
  };

  const list = async (rc: RequestContext): Promise<HandlerResult> => {
    const files: { app: string; name: string; url: string; bytes: number; sha256: string }[] = [];
    const puts: HostedPut[] = [];
    for (const app of await readdir(root).catch(() => [] as string[])) {
      const log = await readFile(join(root, app, PUTS_FILE), 'utf8').catch(() => '');
      puts.push(...log.split('\n').flatMap(parsePut));
      for (const name of await readdir(join(root, app)).catch(() => [] as string[])) {
        if (name.startsWith('.')) continue;
        const path = pathOf(app, name);
        // A file removed while the list is read (an app cleaning up after a post) is not listed.
        const hashed = await hashFile(path);
        if (hashed) files.push({ app, name, url: urlOf(app, name), ...hashed });
      }
    }
    return okB(rc.logId, { files, puts });
  };

  return [
    { method: 'PUT', path: '/sandbox/media/hosted/:name', handler: put },
    { method: 'DELETE', path: '/sandbox/media/hosted/:name', handler: remove },
    { method: 'GET', path: '/sandbox/media/hosted/:app/:name', handler: get },
    { method: 'GET', path: '/sandbox/media/hosted/', handler: list },
  ];
}

/** One line of the PUT record; a line a crash cut short is skipped. */
function parsePut(line: string): HostedPut[] {
  try {
    return line ? [JSON.parse(line) as HostedPut] : [];
  } catch {
    return [];
  }
}

/** A file's size and SHA-256; null when it is gone (removed meanwhile). */
async function hashFile(path: string): Promise<{ bytes: number; sha256: string } | null> {
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        hash.update(chunk);
        done();
      },
    });
    await pipeline(createReadStream(path), sink);
    return { bytes, sha256: hash.digest('hex') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function contentTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return ({ jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' } as Record<string, string>)[ext] ?? 'application/octet-stream';
}
