/**
 * Photo posts as one action and what they leave behind, against the embedded sandbox: one
 * photos.post is one batch (one notice); a post whose photos are being hosted is under way, with
 * its hosting progress; every hosted photo goes when the platform refuses to start the post or
 * the post is cancelled (s3-photo-posts.test.ts: the photo whose answer a cancel cut off too);
 * prepared photos a restart made unusable are removed from the data dir at start.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { postOf, preparePhotos, sandboxCall, startPhotoApp, untilDrafts } from '../../../../support/photo-app.js';
import { fixturePhotos } from '../../../../support/photos.js';
import { waitFor } from '../../../../support/wait-for.js';
import { PHOTO_INIT } from '../../../../support/sandbox-client.js';

const harnesses: AppHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

const NAMES = fixturePhotos.slice(0, 6).map((p) => p.name);
interface HostedRecord {
  files: { name: string }[];
  puts: { name: string }[];
}

const chaos = (h: AppHarness, rules: unknown[]) => sandboxCall(h, '/sandbox/chaos', 'PUT', rules);
const hostedFiles = async (h: AppHarness) => (await sandboxCall<HostedRecord>(h, '/sandbox/media/hosted/')).files.map((file) => file.name);
const draftOf = async (h: AppHarness, id: string): Promise<DraftView> => (await h.call('drafts.list')).find((d) => d.id === id)!;

async function photoApp() {
  const started = await startPhotoApp();
  harnesses.push(started.h);
  return started.h;
}

describe('photo posts: batches, hosting and what is left behind', () => {
  it('one photos.post of 2 posts to 2 accounts is one batch: one notice once all four are in the inboxes', async () => {
    const h = await photoApp();
    await h.signIn('sbx-user-ben');
    const prepared = await preparePhotos(h, NAMES.slice(0, 4));
    const added = await h.call('photos.post', { openIds: ['sbx-user-ava', 'sbx-user-ben'], posts: [postOf(prepared.slice(0, 2), 'First'), postOf(prepared.slice(2), 'Second')] });
    expect(added).toHaveLength(4);
    await untilDrafts(h, (drafts) => drafts.length === 4 && drafts.every((d) => d.state === 'inbox'));
    const notice = await h.waitForEvent('notices.batch', () => true);
    expect(notice.title).toEqual({ code: 'batch.arrived_many', params: { count: 4 } });
    // Any further notice would have been told with the last draft's change: none came.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.events.filter((event) => event.name === 'notices.batch')).toHaveLength(1);
  });

  it('is under way while its photos are hosted, with how many and how many bytes are on the host', async () => {
    const h = await photoApp();
    const prepared = await preparePhotos(h, NAMES);
    await chaos(h, [{ route: 'PUT /sandbox/media/hosted/', probability: 1, latency_ms: 300 }]);
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared, 'Hosting')] });
    const midway = await waitFor('some photos hosted', async () => {
      const current = await draftOf(h, draft!.id);
      return current.photo!.hosted.photos >= 2 && current.photo!.hosted.photos < NAMES.length ? current : undefined;
    });
    expect(midway.state).toBe('uploading');
    expect(midway.publishId).toBeNull();
    const hostedBytes = midway.photo!.images.filter((image) => image.url).reduce((sum, image) => sum + image.bytes, 0);
    expect(midway.photo!.hosted).toEqual({ photos: midway.photo!.images.filter((image) => image.url).length, ofPhotos: NAMES.length, bytes: hostedBytes, ofBytes: prepared.reduce((sum, p) => sum + p.bytes!, 0) });
    await chaos(h, []);
    const [done] = await untilDrafts(h, (drafts) => drafts[0]!.state === 'inbox' || drafts[0]!.state === 'failed');
    expect(done!.state).toBe('inbox');
  });

  it('removes every hosted photo when the platform refuses to start the post', async () => {
    const h = await photoApp();
    const prepared = await preparePhotos(h, NAMES.slice(0, 3));
    await chaos(h, [{ route: `POST ${PHOTO_INIT}`, probability: 1, status: 400 }]);
    await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared)] });
    const [failed] = await untilDrafts(h, (drafts) => drafts[0]!.state === 'failed');
    expect(failed!.publishId).toBeNull();
    // All three were hosted before the platform was asked.
    expect((await sandboxCall<HostedRecord>(h, '/sandbox/media/hosted/')).puts).toHaveLength(3);
    await waitFor('the hosted photos removed', async () => ((await hostedFiles(h)).length === 0 ? true : undefined));
    await untilDrafts(h, (drafts) => drafts[0]!.photo!.hosted.photos === 0);
  });

  it('cancelled: its hosted photos go at once; a retry hosts them again and posts', async () => {
    const h = await photoApp();
    const prepared = await preparePhotos(h, NAMES);
    await chaos(h, [{ route: 'PUT /sandbox/media/hosted/', probability: 1, latency_ms: 300 }]);
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared, 'Cancelled')] });
    await untilDrafts(h, (drafts) => drafts[0]!.photo!.hosted.photos >= 2);
    expect((await h.call('drafts.cancel', { id: draft!.id })).state).toBe('cancelled');
    await waitFor('the hosted photos removed', async () => ((await hostedFiles(h)).length === 0 ? true : undefined));
    await untilDrafts(h, (drafts) => drafts[0]!.photo!.hosted.photos === 0);

    await chaos(h, []);
    await h.call('drafts.retry', { id: draft!.id });
    const [done] = await untilDrafts(h, (drafts) => drafts[0]!.state === 'inbox' || drafts[0]!.state === 'failed');
    expect(done!.state).toBe('inbox');
  });

  it('removes at start the prepared photos a restart made unusable, and keeps those a draft holds', async () => {
    const h = await photoApp();
    const prepared = await preparePhotos(h, NAMES.slice(0, 3));
    await chaos(h, [{ route: 'PUT /sandbox/media/hosted/', probability: 1, latency_ms: 5000 }]);
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared.slice(0, 1))] });
    await h.call('drafts.pause', { id: draft!.id });
    const folder = join(h.dataDir, 'photos');
    const held = draft!.photo!.images.map((image) => image.name);
    // The draft's copy, and the two photos prepared but not posted.
    expect(readdirSync(folder).sort()).toEqual([...held, prepared[1]!.imageId!, prepared[2]!.imageId!].sort());
    await h.close({ keepData: true });
    harnesses.splice(harnesses.indexOf(h), 1);

    const again = await startAppHarness({ dataDir: h.dataDir });
    harnesses.push(again);
    expect(readdirSync(folder)).toEqual(held);
    expect((await again.call('drafts.list')).map((d) => [d.id, d.state])).toEqual([[draft!.id, 'paused']]);
  });
});
