/** PULL_FROM_URL videos and photo posts: verified prefixes, asynchronous downloads, format and size checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegHeader, mp4Bytes, pngHeader, startFixtureServer, webpVp8, webpVp8l, webpVp8x, type FixtureServer } from '../../../support/media-fixtures.js';
import { advanceClock, api, inspect, PHOTO_INIT, sha256, signIn, startTestSandbox, statusOf, VIDEO_INIT, waitForReceived, type Sandbox, type TokenSet } from '../../../support/sandbox-client.js';

let sandbox: Sandbox;
let fixtures: FixtureServer;
let tokens: TokenSet;
const video = mp4Bytes(3 * 1024 * 1024 + 17, 9);

beforeAll(async () => {
  fixtures = await startFixtureServer({
    'clip.mp4': video,
    'text.mp4': Buffer.from('plain text, not a container'),
    'ok.jpg': jpegHeader(1080, 1920),
    'ok.webp': webpVp8x(1080, 1350),
    'lossy.webp': webpVp8(1920, 1200),
    'lossless.webp': webpVp8l(1000, 1000),
    'wide.jpg': jpegHeader(2560, 1440),
    'huge.jpg': Buffer.concat([jpegHeader(1080, 1080), Buffer.alloc(20 * 1024 * 1024)]),
    'image.png': pngHeader(),
  });
  sandbox = await startTestSandbox({
    apps: [
      {
        client_key: 'sbx_draftdeck_desktop',
        client_secret: 'sbx_secret_local_only_not_confidential',
        name: 'Draftdeck (sandbox)',
        redirect_uris: ['http://127.0.0.1:*/callback/'],
        scopes: ['user.info.basic', 'video.upload'],
        verified_url_prefixes: ['{sandbox_media_url}', `${fixtures.url}/verified/`],
      },
    ],
    limits: { init_per_minute: 1000, status_per_minute: 1000, pending_shares_per_24h: 1000 },
  });
  tokens = await signIn(sandbox);
});
afterAll(async () => {
  await sandbox.close();
  await fixtures.close();
});

const pullVideo = (url: string) => api(sandbox, VIDEO_INIT, tokens.access_token, { source_info: { source: 'PULL_FROM_URL', video_url: url } });
const postPhotos = (images: string[], extra: { cover?: number; title?: string; description?: string } = {}) =>
  api(sandbox, PHOTO_INIT, tokens.access_token, {
    post_mode: 'MEDIA_UPLOAD',
    media_type: 'PHOTO',
    post_info: { title: extra.title ?? 'A title', description: extra.description ?? 'A description' },
    source_info: { source: 'PULL_FROM_URL', photo_cover_index: extra.cover ?? 0, photo_images: images },
  });

describe('PULL_FROM_URL video', () => {
  it('downloads from a verified prefix (PROCESSING_DOWNLOAD, then SEND_TO_USER_INBOX) with the bytes and hash of the source', async () => {
    const init = await pullVideo(`${fixtures.url}/verified/clip.mp4`);
    expect(init.status).toBe(200);
    expect(init.data.publish_id).toMatch(/^v_inbox_url~v2\./);
    expect(init.data).not.toHaveProperty('upload_url');
    const id = init.data.publish_id as string;
    expect((await statusOf(sandbox, tokens.access_token, id)).data.status).toBe('PROCESSING_DOWNLOAD');
    const received = await waitForReceived(sandbox, id);
    expect(received.sha256).toBe(sha256(video));
    const status = await statusOf(sandbox, tokens.access_token, id);
    expect(status.data).toMatchObject({ downloaded_bytes: video.length, uploaded_bytes: 0 });
    await advanceClock(sandbox, 1);
    expect((await statusOf(sandbox, tokens.access_token, id)).data.status).toBe('SEND_TO_USER_INBOX');
  });

  it('downloads the sandbox’s own sample media (verified for the default app)', async () => {
    const init = await pullVideo(`${sandbox.baseUrl}/sandbox/media/sample.mp4?bytes=2000000`);
    expect(init.status).toBe(200);
    await waitForReceived(sandbox, init.data.publish_id as string);
    await advanceClock(sandbox, 1);
    expect((await statusOf(sandbox, tokens.access_token, init.data.publish_id as string)).data).toMatchObject({ status: 'SEND_TO_USER_INBOX', downloaded_bytes: 2_000_000 });
  });

  it.each([
    ['another host', 'https://example.com/clip.mp4'],
    ['an unverified path on a verified host', '/unverified/clip.mp4'],
    ['a look-alike host', 'http://127.0.0.1.example.com/verified/clip.mp4'],
    ['a path escaping the prefix', '/verified/../unverified/clip.mp4'],
  ])('refuses %s with 403 url_ownership_unverified', async (_name, url) => {
    const res = await pullVideo(url.startsWith('/') ? `${fixtures.url}${url}` : url);
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('url_ownership_unverified');
  });

  it('refuses a URL that is not http(s) with 400', async () => {
    const res = await pullVideo('file:///etc/passwd');
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('invalid_params');
  });

  it('fails with video_pull_failed when the verified URL does not answer 200', async () => {
    const init = await pullVideo(`${fixtures.url}/verified/missing.mp4`);
    expect(init.status).toBe(200);
    const view = await waitForReceived(sandbox, init.data.publish_id as string);
    expect(view.status).toBe('FAILED');
    expect((await statusOf(sandbox, tokens.access_token, init.data.publish_id as string)).data).toMatchObject({ status: 'FAILED', fail_reason: 'video_pull_failed' });
  });

  it('fails with file_format_check_failed when the downloaded bytes are not a video', async () => {
    const init = await pullVideo(`${fixtures.url}/verified/text.mp4`);
    await waitForReceived(sandbox, init.data.publish_id as string);
    await advanceClock(sandbox, 1);
    expect((await statusOf(sandbox, tokens.access_token, init.data.publish_id as string)).data).toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed' });
  });
});

describe('photo posts', () => {
  it('downloads JPEG and WebP images, reads their sizes, and lands in the inbox', async () => {
    const urls = ['ok.jpg', 'ok.webp', 'lossless.webp'].map((name) => `${fixtures.url}/verified/${name}`);
    const init = await postPhotos(urls, { cover: 2, title: 'Trip', description: 'Three photos' });
    expect(init.status).toBe(200);
    const id = init.data.publish_id as string;
    expect(id).toMatch(/^p_inbox_url~v2\./);
    expect((await statusOf(sandbox, tokens.access_token, id)).data.status).toBe('PROCESSING_DOWNLOAD');
    await waitForReceived(sandbox, id);
    await advanceClock(sandbox, 1);
    const status = await statusOf(sandbox, tokens.access_token, id);
    expect(status.data.status).toBe('SEND_TO_USER_INBOX');
    const view = await inspect(sandbox, id);
    const photo = view.data.photo as { cover_index: number; title: string; images: Array<{ format: string; width: number; height: number }> };
    expect(photo.cover_index).toBe(2);
    expect(photo.title).toBe('Trip');
    expect(photo.images.map((i) => [i.format, i.width, i.height])).toEqual([['jpeg', 1080, 1920], ['webp', 1080, 1350], ['webp', 1000, 1000]]);
  });

  it('takes the sandbox’s own sample photos', async () => {
    const init = await postPhotos([`${sandbox.baseUrl}/sandbox/media/photo-portrait.jpg`, `${sandbox.baseUrl}/sandbox/media/photo-landscape.webp`]);
    await waitForReceived(sandbox, init.data.publish_id as string);
    await advanceClock(sandbox, 1);
    expect((await statusOf(sandbox, tokens.access_token, init.data.publish_id as string)).data.status).toBe('SEND_TO_USER_INBOX');
  });

  it.each([
    ['a short side over 1080 px', 'wide.jpg', 'picture_size_check_failed'],
    ['a lossy WebP over 1080 px', 'lossy.webp', 'picture_size_check_failed'],
    ['more than 20 MB', 'huge.jpg', 'picture_size_check_failed'],
    ['a PNG', 'image.png', 'file_format_check_failed'],
    ['bytes that are no image', 'text.mp4', 'file_format_check_failed'],
    ['a missing image', 'missing.jpg', 'photo_pull_failed'],
  ])('fails a photo with %s: %s', async (_name, file, reason) => {
    const init = await postPhotos([`${fixtures.url}/verified/ok.jpg`, `${fixtures.url}/verified/${file}`]);
    expect(init.status).toBe(200);
    await waitForReceived(sandbox, init.data.publish_id as string);
    await advanceClock(sandbox, 1);
    const status = await statusOf(sandbox, tokens.access_token, init.data.publish_id as string);
    expect(status.status).toBe(200);
    expect(status.data).toMatchObject({ status: 'FAILED', fail_reason: reason });
  });

  it.each([
    ['no images', [], {}],
    ['36 images', Array.from({ length: 36 }, () => 'ok.jpg'), {}],
    ['a cover index past the end', ['ok.jpg', 'ok.jpg'], { cover: 2 }],
    ['a negative cover index', ['ok.jpg'], { cover: -1 }],
    ['a 91-character title', ['ok.jpg'], { title: 'x'.repeat(91) }],
    ['a 4001-character description', ['ok.jpg'], { description: 'd'.repeat(4001) }],
  ])('refuses %s with 400 invalid_params', async (_name, names, extra) => {
    const res = await postPhotos((names as string[]).map((n) => `${fixtures.url}/verified/${n}`), extra);
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('invalid_params');
  });

  it('counts characters, not bytes: a 90-emoji title is accepted', async () => {
    const res = await postPhotos([`${fixtures.url}/verified/ok.jpg`], { title: '🎬'.repeat(90) });
    expect(res.status).toBe(200);
  });

  it('refuses an unverified photo URL with 403 url_ownership_unverified', async () => {
    const res = await postPhotos([`${fixtures.url}/verified/ok.jpg`, `${fixtures.url}/unverified/ok.jpg`]);
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('url_ownership_unverified');
  });

  it('refuses other post modes, media types and sources', async () => {
    const base = { post_mode: 'MEDIA_UPLOAD', media_type: 'PHOTO', source_info: { source: 'PULL_FROM_URL', photo_images: [`${fixtures.url}/verified/ok.jpg`] } };
    for (const body of [{ ...base, post_mode: 'DIRECT_POST' }, { ...base, media_type: 'VIDEO' }, { ...base, source_info: { ...base.source_info, source: 'FILE_UPLOAD' } }, { ...base, source_info: { photo_images: 'ok.jpg' } }]) {
      const res = await api(sandbox, PHOTO_INIT, tokens.access_token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.error.code).toBe('invalid_params');
    }
  });
});
