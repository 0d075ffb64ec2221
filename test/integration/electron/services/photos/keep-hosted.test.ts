/**
 * "Keep hosted photos after posting" keeps the photos of posts that reached the inbox, and only
 * those (photo-kind.ts keepsHosted): a post removed before it got there, while its photos were
 * still being hosted, leaves nothing on the host, the setting on or not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AppHarness } from '../../../../support/app-harness.js';
import { postOf, preparePhotos, sandboxCall, startPhotoApp, untilDrafts } from '../../../../support/photo-app.js';
import { fixturePhotos } from '../../../../support/photos.js';
import { waitFor } from '../../../../support/wait-for.js';

let harness: AppHarness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

const hostedFiles = async (h: AppHarness) => (await sandboxCall<{ files: { name: string }[] }>(h, '/sandbox/media/hosted/')).files.map((file) => file.name);

describe('keeping hosted photos', () => {
  it('a post removed while its photos are being hosted leaves none on the host, even with keepHosted on', { timeout: 120_000 }, async () => {
    const { h } = await startPhotoApp();
    harness = h;
    const settings = await h.call('settings.get');
    await h.call('settings.set', { photos: { ...settings.photos, keepHosted: true } });
    const prepared = await preparePhotos(h, fixturePhotos.slice(0, 6).map((p) => p.name));
    // Hosting slowed, so the post is removed while it is under way.
    await sandboxCall(h, '/sandbox/chaos', 'PUT', [{ route: 'PUT /sandbox/media/hosted/', probability: 1, latency_ms: 300 }]);
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared, 'Removed early')] });
    await untilDrafts(h, (drafts) => (drafts[0]?.photo?.hosted.photos ?? 0) >= 2);
    expect((await hostedFiles(h)).length).toBeGreaterThanOrEqual(2);

    await h.call('drafts.remove', { id: draft!.id });
    await sandboxCall(h, '/sandbox/chaos', 'PUT', []);
    expect(await h.call('drafts.list')).toEqual([]);
    await waitFor('the hosted photos removed', async () => ((await hostedFiles(h)).length === 0 ? true : undefined), 30_000);
  });
});
