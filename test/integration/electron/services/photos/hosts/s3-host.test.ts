/**
 * The S3-compatible photo host against a real S3 server (s3rver) the test starts: single PUT and
 * multipart, removal, a bucket that refuses, a key that is wrong, missing keys, retries against a
 * host that does not answer, and a real photo post that the sandbox pulls from the bucket.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../../../../platform-api/http.js';
import { MULTIPART_THRESHOLD, s3Host, type S3HostConfig } from '../../../../../../electron/services/photos/hosts/s3-host.js';
import { fixturePath, fixturePhotos } from '../../../../../support/photos.js';
import { memoryLogger } from '../../../../../support/silent-log.js';
import { S3RVER_KEYS, startS3, type RunningS3 } from '../../../../../support/s3rver.js';
import { pullPhotoPost, signIn, startTestSandbox } from '../../../../../support/sandbox-client.js';

let s3: RunningS3;
const dir = mkdtempSync(join(tmpdir(), 'dd-s3-host-'));
beforeAll(async () => (s3 = await startS3(['photos'])));
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const config = (over: Partial<S3HostConfig> = {}): S3HostConfig => ({ endpoint: s3.endpoint, bucket: 'photos', region: 'us-east-1', pathStyle: true, publicUrlPrefix: `${s3.endpoint}/photos/`, keyPrefix: 'draftdeck/', ...over });
const noSleep = async () => undefined;
const jpeg = fixturePhotos.find((p) => p.format === 'jpeg' && p.orientation === 1 && Math.min(p.width, p.height) <= 1080)!;

describe('S3-compatible photo host', () => {
  it('puts a photo in one request and it is readable at the public URL', async () => {
    const host = s3Host({ config: config(), keys: () => S3RVER_KEYS, send: createHttpClient() });
    const result = await host.put({ openId: 'u', name: 'post-a-0.jpg', path: fixturePath(jpeg.name), contentType: 'image/jpeg' });
    expect(result).toEqual({ ok: true, value: { url: `${s3.endpoint}/photos/draftdeck/post-a-0.jpg`, bytes: readFileSync(fixturePath(jpeg.name)).length } });
    const got = new Uint8Array(await (await fetch(result.ok ? result.value.url : '')).arrayBuffer());
    expect(sha256(got)).toBe(sha256(readFileSync(fixturePath(jpeg.name))));
  });

  it('sends a large file as a multipart upload that reassembles byte for byte', async () => {
    const big = join(dir, 'big.jpg');
    const bytes = new Uint8Array(MULTIPART_THRESHOLD + 3 * 1024 * 1024 + 123);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) & 0xff;
    writeFileSync(big, bytes);
    const { log, lines } = memoryLogger();
    const host = s3Host({ config: config(), keys: () => S3RVER_KEYS, send: createHttpClient({ log }), log });
    const result = await host.put({ openId: 'u', name: 'big.jpg', path: big, contentType: 'image/jpeg' });
    expect(result.ok).toBe(true);
    const got = new Uint8Array(await (await fetch(`${s3.endpoint}/photos/draftdeck/big.jpg`)).arrayBuffer());
    expect(sha256(got)).toBe(sha256(bytes));
    // Three parts (5 + 5 + the rest MiB) went as separate requests, between a start and a completion.
    const calls = lines.map((l) => JSON.parse(l) as { call?: string }).map((l) => l.call).filter(Boolean);
    expect(calls).toEqual(['s3 multipart start', 's3 part 1', 's3 part 2', 's3 part 3', 's3 multipart complete']);
  });

  it('removes a hosted file; removing it again is no error', async () => {
    const host = s3Host({ config: config(), keys: () => S3RVER_KEYS, send: createHttpClient() });
    await host.put({ openId: 'u', name: 'gone.jpg', path: fixturePath(jpeg.name), contentType: 'image/jpeg' });
    expect(await host.remove('u', 'gone.jpg')).toEqual({ ok: true, value: undefined });
    expect((await fetch(`${s3.endpoint}/photos/draftdeck/gone.jpg`)).status).toBe(404);
    expect((await host.remove('u', 'gone.jpg')).ok).toBe(true);
  });

  it('says so when the bucket refuses (it does not exist), in one attempt', async () => {
    const client = createHttpClient();
    let sent = 0;
    const host = s3Host({ config: config({ bucket: 'no-such-bucket' }), keys: () => S3RVER_KEYS, send: (request) => (sent++, client(request)) });
    const result = await host.put({ openId: 'u', name: 'x.jpg', path: fixturePath(jpeg.name), contentType: 'image/jpeg' });
    expect(result).toMatchObject({ ok: false, error: { code: 'bucket_refused', message: expect.stringContaining(`Your photo bucket ${new URL(s3.endpoint).host} refused`), detail: expect.stringContaining('NoSuchBucket') } });
    expect(sent).toBe(1);
  });

  it('says the keys are wrong when the host does not know the access key, and never logs the keys', async () => {
    const { log, lines } = memoryLogger();
    const wrong = { accessKeyId: 'AKIAWRONGWRONGWRONG1', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYWRONGKEY' };
    const host = s3Host({ config: config(), keys: () => wrong, send: createHttpClient({ log }), log });
    const result = await host.put({ openId: 'u', name: 'x.jpg', path: fixturePath(jpeg.name), contentType: 'image/jpeg' });
    expect(result).toMatchObject({ ok: false, error: { code: 'wrong_key', message: expect.stringContaining('refused the access keys'), detail: expect.stringContaining('InvalidAccessKeyId') } });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(wrong.secretAccessKey);
    expect(lines.join('\n')).not.toContain(wrong.accessKeyId);
  });

  it('asks for the keys when the vault has none', async () => {
    const host = s3Host({ config: config(), keys: () => undefined, send: createHttpClient() });
    const result = await host.put({ openId: 'u', name: 'x.jpg', path: fixturePath(jpeg.name), contentType: 'image/jpeg' });
    expect(result).toMatchObject({ ok: false, error: { code: 'keys_missing' } });
  });

  it('retries a host that does not answer, then says it is unreachable', async () => {
    const port = await freePort();
    const waits: number[] = [];
    const host = s3Host({ config: config({ endpoint: `http://127.0.0.1:${port}` }), keys: () => S3RVER_KEYS, send: createHttpClient(), sleep: async (ms) => void waits.push(ms) });
    const result = await host.put({ openId: 'u', name: 'x.jpg', path: fixturePath(jpeg.name), contentType: 'image/jpeg' });
    expect(result).toMatchObject({ ok: false, error: { code: 'host_unreachable', message: `Can't reach your photo bucket 127.0.0.1:${port} — check Settings › Photos` } });
    expect(waits).toHaveLength(3); // four attempts, three waits, each longer ceiling than the last
  });

  it('hosts photos a real photo post pulls from the bucket (its public prefix verified for the app)', async () => {
    const sandbox = await startTestSandbox({
      apps: [{ client_key: 'sbx_draftdeck_desktop', client_secret: 'sbx_secret_local_only_not_confidential', name: 'Draftdeck (sandbox)', redirect_uris: ['http://127.0.0.1:*/callback/'], scopes: ['user.info.basic', 'video.upload'], verified_url_prefixes: [`${s3.endpoint}/photos/draftdeck/`] }],
    });
    try {
      const tokens = await signIn(sandbox);
      const host = s3Host({ config: config(), keys: () => S3RVER_KEYS, send: createHttpClient(), sleep: noSleep });
      const photos = fixturePhotos.filter((p) => p.format === 'jpeg' && p.orientation === 1 && !p.gps && Math.min(p.width, p.height) <= 1080).slice(0, 3);
      const urls: string[] = [];
      for (const p of photos) {
        const hosted = await host.put({ openId: 'u', name: `pull-${p.name}`, path: fixturePath(p.name), contentType: 'image/jpeg' });
        if (!hosted.ok) throw new Error(hosted.error.message);
        urls.push(hosted.value.url);
      }
      const view = await pullPhotoPost(sandbox, tokens.access_token, urls);
      expect(view.status).toBe('SEND_TO_USER_INBOX');
      expect(view.photo.images.map((i) => i.sha256)).toEqual(photos.map((p) => sha256(readFileSync(fixturePath(p.name)))));
    } finally {
      await sandbox.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
