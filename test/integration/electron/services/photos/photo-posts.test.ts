/**
 * Photo posts in the one queue, against the embedded sandbox: prepared and hosted photos reach the
 * inbox byte for byte, hosted files are removed afterwards, the platform's refusals are explained
 * in words, and the pending-share limit makes posts wait like videos.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import type { AppHarness } from '../../../../support/app-harness.js';
import { preparePhotos, sandboxCall, startPhotoApp, untilDrafts } from '../../../../support/photo-app.js';
import { fixturePath, fixturePhotos, problemPath } from '../../../../support/photos.js';
import { english } from '../../../../support/words.js';

let harness: AppHarness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function photoApp(limits?: Record<string, number>): Promise<AppHarness> {
  harness = (await startPhotoApp(limits)).h;
  return harness;
}

/** These drafts, in this order, once each is in the inbox or failed (the queue may hold an earlier test's too). */
async function settled(h: AppHarness, posted: DraftView[]): Promise<DraftView[]> {
  const mine = (drafts: DraftView[]) => posted.map((draft) => drafts.find((d) => d.id === draft.id));
  const drafts = await untilDrafts(h, (all) => mine(all).every((d) => d?.state === 'inbox' || d?.state === 'failed'));
  return mine(drafts) as DraftView[];
}

/**
 * The tests that change no setting, need no limits of their own and look only at their own drafts
 * share one app and sandbox (a start is seconds of CPU); the others start their own below.
 */
// Photos prepared, hosted and pulled by the platform: past the default 30 s under a loaded machine's CPU (it ran out once at load 30).
describe('photo posts, on one app', { timeout: 90_000 }, () => {
  let shared: AppHarness;
  beforeAll(async () => {
    shared = (await startPhotoApp()).h;
  }, 120_000);
  afterAll(() => shared?.close());

  it('prepares, hosts and posts photos that reach the inbox byte for byte, then removes the hosted files', async () => {
    const h = shared;
    const names = fixturePhotos.slice(0, 5).map((p) => p.name);
    const prepared = await preparePhotos(h, names);
    expect(prepared.every((p) => p.imageId)).toBe(true);
    await h.waitForEvent('photos.progress', (p) => p.done === 5 && p.total === 5);
    // The hosted bytes are the prepared files: remember their hashes before the queue takes them.
    const [draft] = await h.call('photos.post', {
      openIds: ['sbx-user-ava'],
      posts: [{ title: 'Five', description: 'From the test', coverIndex: 2, images: prepared.map((p) => ({ kind: 'prepared' as const, imageId: p.imageId! })) }],
    });
    expect(draft).toMatchObject({ kind: 'photo', state: expect.any(String), photo: { title: 'Five', coverIndex: 2 } });
    const [done] = await settled(h, [draft!]);
    expect(done!.state).toBe('inbox');
    const view = await sandboxCall<{ photo: { title: string; cover_index: number; images: { bytes: number; sha256: string; width: number; height: number }[] } }>(h, `/sandbox/publishes/${encodeURIComponent(done!.publishId!)}`);
    expect(view.photo.title).toBe('Five');
    expect(view.photo.cover_index).toBe(2);
    expect(view.photo.images.map((i) => i.bytes)).toEqual(prepared.map((p) => p.bytes));
    expect(view.photo.images.map((i) => [i.width, i.height])).toEqual(prepared.map((p) => [p.width, p.height]));
    // Hosted files are removed once the post has left processing (the default).
    const deadline = Date.now() + 10_000;
    let hosted = await sandboxCall<{ files: unknown[] }>(h, '/sandbox/media/hosted/');
    while (hosted.files.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      hosted = await sandboxCall<{ files: unknown[] }>(h, '/sandbox/media/hosted/');
    }
    expect(hosted.files).toEqual([]);
  });

  it('a JPEG sent unchanged arrives with the same SHA-256 as the file dropped', async () => {
    const h = shared;
    const plain = fixturePhotos.find((p) => p.format === 'jpeg' && p.orientation === 1 && !p.gps && Math.min(p.width, p.height) <= 1080)!;
    const [image] = await preparePhotos(h, [plain.name]);
    expect(image!.changes).toEqual([]);
    const posted = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [{ title: '', description: '', coverIndex: 0, images: [{ kind: 'prepared', imageId: image!.imageId! }] }] });
    const [done] = await settled(h, posted);
    const view = await sandboxCall<{ photo: { images: { sha256: string }[] } }>(h, `/sandbox/publishes/${encodeURIComponent(done!.publishId!)}`);
    expect(view.photo.images[0]!.sha256).toBe(sha256(readFileSync(fixturePath(plain.name))));
  });

  it('explains the platform’s refusals in words: an unverified URL, a photo it cannot download, one too large', async () => {
    const h = shared;
    const sandbox = await h.sandboxUrl();
    const post = (url: string) => ({ title: '', description: '', coverIndex: 0, images: [{ kind: 'url' as const, url }] });
    const posted = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [post('https://example.com/not-verified.jpg'), post(`${sandbox}/sandbox/media/hosted/nobody/missing.jpg`), post(`${sandbox}/sandbox/media/photo-too-large.jpg`)] });
    const drafts = await settled(h, posted);
    expect(drafts.map((d) => d.failCode)).toEqual(['url_ownership_unverified', 'photo_pull_failed', 'picture_size_check_failed']);
    expect(english(drafts[0]!.reason)).toMatch(/only takes links on websites verified for this app.*use a link on a verified website/);
    expect(english(drafts[1]!.reason)).toMatch(/could not download a photo.*retry/);
    expect(english(drafts[2]!.reason)).toMatch(/over 20 MB or over 1080 px/);
  });

  it('refuses what cannot be posted before anything is sent, with the reason', async () => {
    const h = shared;
    const { fileId } = await h.app.incoming.receive(createReadStream(fixturePath('problems/drawing.svg')));
    const [refused] = await h.call('photos.prepare', { files: [{ source: { kind: 'incoming', fileId }, name: 'drawing.svg' }] });
    // Said in words that are true: the formats this build takes, never HEIC (which it cannot read).
    expect(refused).toMatchObject({ imageId: null, refusal: { code: 'unsupported_format', words: { code: 'photo.refused.unsupported_format', params: { format: 'SVG' } } } });
    expect(refused!.refusal!.message).toBe('SVG files cannot be posted as photos: use JPEG, PNG, WebP, AVIF, GIF or TIFF');
    // HEIC: sharp's prebuilt libvips has no HEVC decoder, so it is refused with that reason, not as unreadable.
    const heic = await h.app.incoming.receive(createReadStream(problemPath('iphone.heic')));
    const [iphone] = await h.call('photos.prepare', { files: [{ source: { kind: 'incoming', fileId: heic.fileId }, name: 'iphone.heic' }] });
    expect(iphone).toMatchObject({ imageId: null, refusal: { code: 'heic_not_supported', message: expect.stringMatching(/HEIC photo.*cannot read.*export it as JPEG/) } });
    await expect(h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [{ title: 'x'.repeat(91), description: '', coverIndex: 0, images: [{ kind: 'url', url: 'https://example.com/a.jpg' }] }] })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(h.call('photos.post', { openIds: ['sbx-user-nobody'], posts: [{ title: '', description: '', coverIndex: 0, images: [{ kind: 'url', url: 'https://example.com/a.jpg' }] }] })).rejects.toMatchObject({ code: 'account_unusable' });
  });

});

// Each starts its app within the test: the time of a start under load comes on top of the test's own.
describe('photo posts, each on an app of its own', { timeout: 90_000 }, () => {
  it('keeps the hosted files when the person keeps them (photos.keepHosted)', async () => {
    const h = await photoApp();
    const settings = await h.call('settings.get');
    await h.call('settings.set', { photos: { ...settings.photos, keepHosted: true } });
    const prepared = await preparePhotos(h, fixturePhotos.slice(0, 2).map((p) => p.name));
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [{ title: 'Kept', description: '', coverIndex: 0, images: prepared.map((p) => ({ kind: 'prepared' as const, imageId: p.imageId! })) }] });
    const [done] = await untilDrafts(h, (drafts) => drafts.every((d) => d.state === 'inbox' || d.state === 'failed'));
    expect(done!.state).toBe('inbox');
    // Give a removal the time it would take, then the files must still be there, under the post's URLs.
    await new Promise((r) => setTimeout(r, 1000));
    const hosted = await sandboxCall<{ files: { url: string }[] }>(h, '/sandbox/media/hosted/');
    expect(hosted.files.map((f) => f.url).sort()).toEqual(done!.photo!.images.map((i) => i.url).sort());
    expect(draft!.photo!.images).toHaveLength(2);
  });

  it('waits behind the pending-share limit like a video, saying the inbox is full', async () => {
    const h = await photoApp({ init_per_minute: 100, status_per_minute: 1000, pending_shares_per_24h: 2 });
    const prepared = await preparePhotos(h, fixturePhotos.slice(0, 3).map((p) => p.name));
    await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: prepared.map((p) => ({ title: '', description: '', coverIndex: 0, images: [{ kind: 'prepared' as const, imageId: p.imageId! }] })) });
    const drafts = await untilDrafts(h, (all) => all.filter((d) => d.state === 'inbox').length === 2 && all.some((d) => d.state === 'waiting'));
    expect(english(drafts.find((d) => d.state === 'waiting')!.reason)).toMatch(/Inbox full/);
  });

});
