/** The sandbox's media host (PUT under the app's verified prefix), pulled by a real photo post. */
import { readFileSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, fixturePhotos } from '../../../support/photos.js';
import { pullPhotoPost, sha256, signIn, startTestSandbox, tempDir, type Sandbox, type TokenSet } from '../../../support/sandbox-client.js';

let sandbox: Sandbox;
let tokens: TokenSet;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  tokens = await signIn(sandbox);
});
afterAll(() => sandbox.close());

const host = (name: string, body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.baseUrl}/sandbox/media/hosted/${name}`, { method: 'PUT', headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'image/jpeg', ...headers }, body });

describe('sandbox media host', () => {
  const jpeg = fixturePhotos.find((p) => p.format === 'jpeg' && p.orientation === 1 && Math.min(p.width, p.height) <= 1080)!;
  const bytes = new Uint8Array(readFileSync(fixturePath(jpeg.name)));

  it('hosts a file under the verified prefix, and a photo post pulls it byte for byte', async () => {
    const res = await host('post-1-0.jpg', bytes);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { url: string; bytes: number; sha256: string } };
    expect(data).toEqual({ url: `${sandbox.baseUrl}/sandbox/media/hosted/${APP_KEY}/post-1-0.jpg`, bytes: bytes.length, sha256: sha256(bytes) });
    const get = await fetch(data.url);
    expect(sha256(new Uint8Array(await get.arrayBuffer()))).toBe(sha256(bytes));

    const view = await pullPhotoPost(sandbox, tokens.access_token, [data.url]);
    expect(view.status).toBe('SEND_TO_USER_INBOX');
    expect(view.photo.images[0]).toMatchObject({ sha256: sha256(bytes), bytes: bytes.length });
  });

  it('lists hosted files with their SHA-256 and every completed PUT, and removes one with the token', async () => {
    await host('to-remove.jpg', bytes);
    const list = (await (await fetch(`${sandbox.baseUrl}/sandbox/media/hosted/`)).json()) as { data: { files: { name: string; sha256: string }[]; puts: { name: string }[] } };
    expect(list.data.files).toContainEqual(expect.objectContaining({ name: 'to-remove.jpg', sha256: sha256(bytes) }));
    expect(list.data.puts.filter((put) => put.name === 'to-remove.jpg')).toEqual([{ app: APP_KEY, name: 'to-remove.jpg', bytes: bytes.length, sha256: sha256(bytes), at: expect.any(String) }]);
    const del = () => fetch(`${sandbox.baseUrl}/sandbox/media/hosted/to-remove.jpg`, { method: 'DELETE', headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(((await (await del()).json()) as { data: { removed: boolean } }).data.removed).toBe(true);
    expect(((await (await del()).json()) as { data: { removed: boolean } }).data.removed).toBe(false);
    expect((await fetch(`${sandbox.baseUrl}/sandbox/media/hosted/${APP_KEY}/to-remove.jpg`)).status).toBe(404);
    // The record of PUTs outlives the file.
    const after = (await (await fetch(`${sandbox.baseUrl}/sandbox/media/hosted/`)).json()) as { data: { files: { name: string }[]; puts: { name: string }[] } };
    expect(after.data.files.map((f) => f.name)).not.toContain('to-remove.jpg');
    expect(after.data.puts.map((p) => p.name)).toContain('to-remove.jpg');
  });

  it('lists what is hosted while files are being removed: a file gone meanwhile is left out, never a 500', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `churn-${i}.jpg`);
    for (const name of names) expect((await host(name, bytes)).status).toBe(200);
    const remove = (name: string) => fetch(`${sandbox.baseUrl}/sandbox/media/hosted/${name}`, { method: 'DELETE', headers: { Authorization: `Bearer ${tokens.access_token}` } });
    const lists: Promise<Response>[] = [];
    const removals: Promise<Response>[] = [];
    for (const name of names) {
      lists.push(fetch(`${sandbox.baseUrl}/sandbox/media/hosted/`));
      removals.push(remove(name));
    }
    await Promise.all(removals);
    for (const response of await Promise.all(lists)) {
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { files: { name: string; bytes: number; sha256: string }[] } };
      for (const file of data.files.filter((f) => f.name.startsWith('churn-'))) expect(file).toMatchObject({ bytes: bytes.length, sha256: sha256(bytes) });
    }
  });

  it('keeps hosted files owner-only (folders 0700, files 0600) whatever the process umask', { skip: process.platform === 'win32' }, async () => {
    // Embedded, the sandbox's data dir is inside the app's; the default umask 022 must not widen it.
    const dir = await tempDir('sbx-hosted-modes-');
    const previous = process.umask(0o022);
    const own = await startTestSandbox({}, { dataDir: dir.path });
    try {
      const owner = await signIn(own);
      const put = await fetch(`${own.baseUrl}/sandbox/media/hosted/kept.jpg`, { method: 'PUT', headers: { Authorization: `Bearer ${owner.access_token}`, 'Content-Type': 'image/jpeg' }, body: bytes });
      expect(put.status).toBe(200);
      const root = join(dir.path, 'media', 'hosted');
      const entries = [root, join(root, APP_KEY), ...(await readdir(join(root, APP_KEY))).map((name) => join(root, APP_KEY, name))];
      expect(entries.map((path) => path.slice(root.length))).toEqual(expect.arrayContaining([`/${APP_KEY}/kept.jpg`, `/${APP_KEY}/.puts.ndjson`]));
      for (const path of entries) {
        const info = await lstat(path);
        expect((info.mode & 0o777).toString(8), path).toBe(info.isDirectory() ? '700' : '600');
      }
    } finally {
      process.umask(previous);
      await own.close();
      await dir.remove();
    }
  });

  it('refuses a missing token, a bad name, a type that is not media, and a short body', async () => {
    expect((await fetch(`${sandbox.baseUrl}/sandbox/media/hosted/x.jpg`, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, body: bytes })).status).toBe(401);
    expect((await host('..hidden', bytes)).status).toBe(400);
    expect((await host('x.html', bytes, { 'Content-Type': 'text/html' })).status).toBe(415);
  });
});

const APP_KEY = 'sbx_draftdeck_desktop';
