/**
 * Photo posts as one action and what they leave behind, against the embedded sandbox: one
 * photos.post is one batch (one notice); a post whose photos are being hosted is under way, with
 * its hosting progress; every hosted photo goes when the platform refuses to start the post or
 * the post is cancelled (s3-photo-posts.test.ts: the photo whose answer a cancel cut off too);
 * prepared photos a restart made unusable are removed from the data dir at start.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

// One app for the tests that do not restart it. Each finds its drafts by id, looks only at the
// hosted files named for its own draft and at the notices told after it posted, and leaves no
// chaos rule behind.
let shared: AppHarness;
beforeAll(async () => {
  shared = (await startPhotoApp()).h;
});
afterAll(() => shared.close());
afterEach(() => chaos(shared, []));

const NAMES = fixturePhotos.slice(0, 6).map((p) => p.name);
interface HostedRecord {
  files: { name: string }[];
  puts: { name: string }[];
}

const chaos = (h: AppHarness, rules: unknown[]) => sandboxCall(h, '/sandbox/chaos', 'PUT', rules);
/** The media host's record, kept to the files of these names (one draft's photos). */
async function hostedOf(h: AppHarness, names: string[]): Promise<HostedRecord> {
  const record = await sandboxCall<HostedRecord>(h, '/sandbox/media/hosted/');
  return { files: record.files.filter((f) => names.includes(f.name)), puts: record.puts.filter((p) => names.includes(p.name)) };
}
const draftOf = async (h: AppHarness, id: string): Promise<DraftView> => (await h.call('drafts.list')).find((d) => d.id === id)!;
/** The queue once this draft is in a state `done` accepts; answers the draft. */
async function untilDraft(h: AppHarness, id: string, done: (draft: DraftView) => boolean): Promise<DraftView> {
  const drafts = await untilDrafts(h, (all) => {
    const draft = all.find((d) => d.id === id);
    return draft !== undefined && done(draft);
  });
  return drafts.find((d) => d.id === id)!;
}

async function photoApp() {
  const started = await startPhotoApp();
  harnesses.push(started.h);
  return started.h;
}

describe('photo posts: batches, hosting and what is left behind', () => {
  it('one photos.post of 2 posts to 2 accounts is one batch: one notice once all four are in the inboxes', async () => {
    const h = shared;
    await h.signIn('sbx-user-ben');
    const prepared = await preparePhotos(h, NAMES.slice(0, 4));
    const before = h.events.length;
    const noticesSince = () => h.events.slice(before).filter((event) => event.name === 'notices.batch');
    const added = await h.call('photos.post', { openIds: ['sbx-user-ava', 'sbx-user-ben'], posts: [postOf(prepared.slice(0, 2), 'First'), postOf(prepared.slice(2), 'Second')] });
    expect(added).toHaveLength(4);
    const ids = added.map((d) => d.id);
    await untilDrafts(h, (drafts) => drafts.filter((d) => ids.includes(d.id) && d.state === 'inbox').length === 4);
    const [notice] = await waitFor('the batch notice', async () => (noticesSince().length > 0 ? noticesSince() : undefined));
    expect(notice).toMatchObject({ payload: { title: { code: 'batch.arrived_many', params: { count: 4 } } } });
    // Any further notice would have been told with the last draft's change: none came.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(noticesSince()).toHaveLength(1);
  });

  it('is under way while its photos are hosted, with how many and how many bytes are on the host', async () => {
    const h = shared;
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
    const done = await untilDraft(h, draft!.id, (d) => d.state === 'inbox' || d.state === 'failed');
    expect(done.state).toBe('inbox');
  });

  it('removes every hosted photo when the platform refuses to start the post', async () => {
    const h = shared;
    const prepared = await preparePhotos(h, NAMES.slice(0, 3));
    await chaos(h, [{ route: `POST ${PHOTO_INIT}`, probability: 1, status: 400 }]);
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared)] });
    const names = draft!.photo!.images.map((image) => image.name);
    const failed = await untilDraft(h, draft!.id, (d) => d.state === 'failed');
    expect(failed.publishId).toBeNull();
    // All three were hosted before the platform was asked.
    expect((await hostedOf(h, names)).puts).toHaveLength(3);
    await waitFor('the hosted photos removed', async () => ((await hostedOf(h, names)).files.length === 0 ? true : undefined));
    await untilDraft(h, draft!.id, (d) => d.photo!.hosted.photos === 0);
  });

  it('cancelled: its hosted photos go at once; a retry hosts them again and posts', async () => {
    const h = shared;
    const prepared = await preparePhotos(h, NAMES);
    await chaos(h, [{ route: 'PUT /sandbox/media/hosted/', probability: 1, latency_ms: 300 }]);
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared, 'Cancelled')] });
    const names = draft!.photo!.images.map((image) => image.name);
    await untilDraft(h, draft!.id, (d) => d.photo!.hosted.photos >= 2);
    expect((await hostedOf(h, names)).files.length).toBeGreaterThanOrEqual(2);
    expect((await h.call('drafts.cancel', { id: draft!.id })).state).toBe('cancelled');
    await waitFor('the hosted photos removed', async () => ((await hostedOf(h, names)).files.length === 0 ? true : undefined));
    await untilDraft(h, draft!.id, (d) => d.photo!.hosted.photos === 0);

    await chaos(h, []);
    await h.call('drafts.retry', { id: draft!.id });
    const done = await untilDraft(h, draft!.id, (d) => d.state === 'inbox' || d.state === 'failed');
    expect(done.state).toBe('inbox');
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
