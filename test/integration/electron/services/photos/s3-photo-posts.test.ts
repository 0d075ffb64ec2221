/**
 * A photo post through the S3-compatible photo host, end to end in the app's services: the host
 * chosen in the settings, its keys stored write-only in the vault, the photos put in a real
 * S3-compatible server (s3rver) whose public prefix the sandbox app has verified, pulled from
 * there by the platform, and removed from the bucket once the post reached the inbox, or once it
 * failed or was cancelled (also the photo whose answer a cancel cut off). The keys never appear
 * in the settings, a channel's answer or a log line.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_CONFIG } from '../../../../../sandbox/index.js';
import { startAnswerProxy } from '../../../../support/answer-proxy.js';
import type { AppHarness } from '../../../../support/app-harness.js';
import { GENEROUS_LIMITS, postOf, preparePhotos, sandboxCall, startPhotoApp, untilDrafts } from '../../../../support/photo-app.js';
import { fixturePhotos } from '../../../../support/photos.js';
import { startS3, type RunningS3 } from '../../../../support/s3rver.js';
import { english } from '../../../../support/words.js';

let s3: RunningS3;
let harness: AppHarness | null = null;
beforeAll(async () => (s3 = await startS3(['photos'])));
afterEach(async () => {
  await harness?.close();
  harness = null;
});
afterAll(() => s3.close());

// s3rver knows one account; a secret of our own would be refused, so the secret is its own.
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

async function appWithBucketVerified(verified = true): Promise<AppHarness> {
  const app = DEFAULT_SANDBOX_CONFIG.apps[0]!;
  const { h } = await startPhotoApp(GENEROUS_LIMITS, verified ? { apps: [{ ...app, verified_url_prefixes: [...app.verified_url_prefixes, `${s3.endpoint}/photos/draftdeck/`] }] } : {});
  harness = h;
  return h;
}

const s3Settings = (endpoint = s3.endpoint) => ({ kind: 's3' as const, endpoint, bucket: 'photos', region: 'us-east-1', pathStyle: true, publicUrlPrefix: `${s3.endpoint}/photos/`, keyPrefix: 'draftdeck/' });
const objectStatus = async (name: string) => (await fetch(`${s3.endpoint}/photos/draftdeck/${name}`)).status;

describe('photo posts through an S3-compatible bucket', () => {
  it('hosts the photos in the bucket, the platform pulls them from its verified prefix, and they are removed after', async () => {
    const h = await appWithBucketVerified();
    const settings = await h.call('settings.get');
    await h.call('settings.set', { photos: { ...settings.photos, host: s3Settings() } });
    expect(await h.call('photos.s3KeysStatus')).toEqual({ stored: false });
    expect(await h.call('photos.setS3Keys', KEYS)).toEqual({ stored: true });
    expect(await h.call('photos.s3KeysStatus')).toEqual({ stored: true });

    const prepared = await preparePhotos(h, fixturePhotos.slice(0, 3).map((p) => p.name));
    await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared, 'From the bucket')] });
    const [done] = await untilDrafts(h, (drafts) => drafts.every((d) => d.state === 'inbox' || d.state === 'failed'));
    expect(done).toMatchObject({ state: 'inbox', reason: null });
    const urls = done!.photo!.images.map((image) => image.url!);
    for (const url of urls) expect(url.startsWith(`${s3.endpoint}/photos/draftdeck/`)).toBe(true);

    const view = await sandboxCall<{ status: string; photo: { images: { url: string; bytes: number; sha256: string }[] } }>(h, `/sandbox/publishes/${encodeURIComponent(done!.publishId!)}`);
    expect(view.status).toBe('SEND_TO_USER_INBOX');
    expect(view.photo.images.map((i) => i.url)).toEqual(urls);
    expect(view.photo.images.map((i) => i.bytes)).toEqual(prepared.map((p) => p.bytes));
    // Nothing went through the sandbox's own media host.
    expect((await sandboxCall<{ puts: unknown[] }>(h, '/sandbox/media/hosted/')).puts).toEqual([]);

    // Removed from the bucket once the post has left processing (the default).
    const deadline = Date.now() + 15_000;
    let statuses = await Promise.all(urls.map(async (url) => (await fetch(url)).status));
    while (statuses.some((s) => s !== 404) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      statuses = await Promise.all(urls.map(async (url) => (await fetch(url)).status));
    }
    expect(statuses).toEqual(urls.map(() => 404));

    // The keys are nowhere but the vault.
    expect(JSON.stringify(await h.call('settings.get'))).not.toContain(KEYS.secretAccessKey);
    expect(h.logLines.filter((line) => line.includes(KEYS.secretAccessKey))).toEqual([]);
    expect(readFileSync(`${h.dataDir}/draftdeck.json`, 'utf8')).not.toContain(KEYS.secretAccessKey);
  });

  it('fails the post with what to do when the keys are wrong, naming the keys, before anything reaches the platform', async () => {
    const h = await appWithBucketVerified();
    const settings = await h.call('settings.get');
    await h.call('settings.set', { photos: { ...settings.photos, host: s3Settings() } });
    await h.call('photos.setS3Keys', { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'nope' });
    const prepared = await preparePhotos(h, fixturePhotos.slice(0, 1).map((p) => p.name));
    await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared)] });
    const [failed] = await untilDrafts(h, (drafts) => drafts[0]!.state === 'failed');
    expect(english(failed!.reason)).toMatch(/^The photo host refused this post: .*refused the access keys.*check the keys in Settings › Photos/);
    expect((await sandboxCall<{ publishes: unknown[] }>(h, '/sandbox/publishes?open_id=sbx-user-ava')).publishes).toEqual([]);
  });

  it('removes the photos from the bucket when the platform refuses the post (prefix not verified)', async () => {
    const h = await appWithBucketVerified(false);
    const settings = await h.call('settings.get');
    await h.call('settings.set', { photos: { ...settings.photos, host: s3Settings() } });
    await h.call('photos.setS3Keys', KEYS);
    const prepared = await preparePhotos(h, fixturePhotos.slice(0, 3).map((p) => p.name));
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared)] });
    const [failed] = await untilDrafts(h, (drafts) => drafts[0]!.state === 'failed');
    expect(failed!.failCode).toBe('url_ownership_unverified');
    const names = draft!.photo!.images.map((image) => image.name);
    await untilDrafts(h, (drafts) => drafts[0]!.photo!.hosted.photos === 0);
    expect(await Promise.all(names.map(objectStatus))).toEqual(names.map(() => 404));
  });

  it('cancelled then removed: the photo the bucket stored but whose answer the cancel cut off goes too', async () => {
    const h = await appWithBucketVerified();
    // Between the app and the bucket: the bucket stores the third photo, its answer never comes.
    const proxy = await startAnswerProxy(s3.endpoint, (req) => (req.method === 'PUT' && /-2\.jpg$/.test(req.url ?? '') ? 'hold' : 'relay'), { keepHost: true });
    try {
      const settings = await h.call('settings.get');
      await h.call('settings.set', { photos: { ...settings.photos, host: s3Settings(proxy.url) } });
      await h.call('photos.setS3Keys', KEYS);
      const prepared = await preparePhotos(h, fixturePhotos.slice(0, 4).map((p) => p.name));
      const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared, 'Cut off')] });
      const names = draft!.photo!.images.map((image) => image.name);
      // The third photo is in the bucket; the app waits for an answer that never comes.
      await untilDrafts(h, () => proxy.waiting === 1);
      await untilDrafts(h, (drafts) => drafts[0]!.photo!.hosted.photos === 2);
      expect(await objectStatus(names[2]!)).toBe(200);

      expect((await h.call('drafts.cancel', { id: draft!.id })).state).toBe('cancelled');
      await h.call('drafts.remove', { id: draft!.id });
      expect(await Promise.all(names.map(objectStatus))).toEqual(names.map(() => 404));
    } finally {
      await proxy.close();
    }
  });
});
