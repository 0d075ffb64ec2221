/**
 * What a person does with a photo post in the queue, against the embedded sandbox: pause and
 * resume while its photos are hosted, cancel before the platform has it (and retry), a cancel
 * refused once the platform has it, retry after the platform could not download a photo, and the
 * platform's pending-share refusal, which makes the post wait with words saying what to do.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import type { AppHarness } from '../../../../support/app-harness.js';
import { postOf, preparePhotos, sandboxCall, startPhotoApp, untilDrafts } from '../../../../support/photo-app.js';
import { fixturePhotos } from '../../../../support/photos.js';
import { api, PHOTO_INIT, signIn } from '../../../../support/sandbox-client.js';
import { english } from '../../../../support/words.js';

let harness: AppHarness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

// One app for the tests on generous limits. Each finds its own draft by id, counts only the
// publishes it added and the hosted files of its own draft, and leaves no chaos rule behind.
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
interface PublishView {
  publish_id: string;
  status: string;
}

const chaos = (h: AppHarness, rules: unknown[]) => sandboxCall(h, '/sandbox/chaos', 'PUT', rules);
const draftOf = async (h: AppHarness, id: string): Promise<DraftView> => (await h.call('drafts.list')).find((d) => d.id === id)!;
const publishesOfAva = async (h: AppHarness) => (await sandboxCall<{ publishes: PublishView[] }>(h, '/sandbox/publishes?open_id=sbx-user-ava')).publishes;
/** Ava's publishes started since `before` (an earlier answer of publishesOfAva). */
const publishesSince = async (h: AppHarness, before: PublishView[]) => (await publishesOfAva(h)).filter((p) => !before.some((old) => old.publish_id === p.publish_id));
/** The media host's record, kept to the files of these names (one draft's photos). */
async function hostedOf(h: AppHarness, names: string[]): Promise<HostedRecord> {
  const record = await sandboxCall<HostedRecord>(h, '/sandbox/media/hosted/');
  return { files: record.files.filter((f) => names.includes(f.name)), puts: record.puts.filter((p) => names.includes(p.name)) };
}
/** The queue once this draft is in a state `done` accepts; answers the draft. */
async function untilDraft(h: AppHarness, id: string, done: (draft: DraftView) => boolean): Promise<DraftView> {
  const drafts = await untilDrafts(h, (all) => {
    const draft = all.find((d) => d.id === id);
    return draft !== undefined && done(draft);
  });
  return drafts.find((d) => d.id === id)!;
}
const settled = (draft: DraftView) => draft.state === 'inbox' || draft.state === 'failed';

async function photoApp(limits?: Record<string, number>) {
  const started = await startPhotoApp(limits);
  harness = started.h;
  return started;
}

/** Ava's post of NAMES, its hosting slowed so a test can act while it is under way. */
async function slowPost(h: AppHarness): Promise<DraftView> {
  const prepared = await preparePhotos(h, NAMES);
  await chaos(h, [{ route: 'PUT /sandbox/media/hosted/', probability: 1, latency_ms: 300 }]);
  const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared, 'Acted on')] });
  await untilDrafts(h, (drafts) => (drafts.find((d) => d.id === draft!.id)?.photo?.images.filter((i) => i.url).length ?? 0) >= 2);
  return draft!;
}

describe('photo posts in the queue', () => {
  it('pauses while its photos are hosted and resumes where it stopped: no photo hosted twice but the one cut off, one publish', async () => {
    const h = shared;
    const before = await publishesOfAva(h);
    const draft = await slowPost(h);
    const paused = await h.call('drafts.pause', { id: draft.id });
    expect(paused.state).toBe('paused');
    const hostedWhenPaused = (await draftOf(h, draft.id)).photo!.images.filter((i) => i.url).map((i) => i.url!);
    await new Promise((r) => setTimeout(r, 800));
    // Nothing more is hosted while it is paused, and nothing was started on the platform.
    expect((await draftOf(h, draft.id)).photo!.images.filter((i) => i.url).length).toBe(hostedWhenPaused.length);
    expect(await publishesSince(h, before)).toEqual([]);

    await chaos(h, []);
    await h.call('drafts.resume', { id: draft.id });
    const done = await untilDraft(h, draft.id, settled);
    expect(done.state).toBe('inbox');
    expect((await publishesSince(h, before)).map((p) => p.publish_id)).toEqual([done.publishId]);
    const { puts } = await hostedOf(h, draft.photo!.images.map((i) => i.name));
    expect(puts.length).toBeGreaterThanOrEqual(NAMES.length);
    expect(puts.length - NAMES.length).toBeLessThanOrEqual(1);
    for (const url of hostedWhenPaused) expect(puts.filter((put) => url.endsWith(`/${put.name}`))).toHaveLength(1);
  });

  it('cancels while its photos are hosted: nothing reaches the platform; a retry posts it once', async () => {
    const h = shared;
    const before = await publishesOfAva(h);
    const draft = await slowPost(h);
    expect((await h.call('drafts.cancel', { id: draft.id })).state).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 800));
    expect((await draftOf(h, draft.id)).state).toBe('cancelled');
    expect(await publishesSince(h, before)).toEqual([]);

    await chaos(h, []);
    expect((await h.call('drafts.retry', { id: draft.id })).state).toBe('queued');
    const done = await untilDraft(h, draft.id, settled);
    expect(done.state).toBe('inbox');
    expect((await publishesSince(h, before)).map((p) => p.publish_id)).toEqual([done.publishId]);
  });

  it('refuses a cancel once the platform has the post, saying so about the post', async () => {
    const h = shared;
    const prepared = await preparePhotos(h, NAMES);
    // The platform's download is slowed, so the post stays in processing a while.
    await chaos(h, [{ route: 'GET /sandbox/media/hosted/', probability: 1, latency_ms: 400 }]);
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared)] });
    await untilDraft(h, draft!.id, (d) => d.state === 'processing');
    await expect(h.call('drafts.cancel', { id: draft!.id })).rejects.toMatchObject({ code: 'already_delivered', message: expect.stringContaining('already has this whole post') });
    await chaos(h, []);
    const done = await untilDraft(h, draft!.id, settled);
    expect(done.state).toBe('inbox');
  });

  it('fails with what to do when the platform cannot download a photo; the hosted files go, and a retry hosts them again and posts', async () => {
    const h = shared;
    const prepared = await preparePhotos(h, NAMES.slice(0, 3));
    // The platform's downloads of the hosted files (not the listing) answer 503.
    await chaos(h, [{ route: 'GET /sandbox/media/hosted/sbx_draftdeck_desktop/', probability: 1, status: 503 }]);
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared)] });
    const names = draft!.photo!.images.map((i) => i.name);
    const failed = await untilDraft(h, draft!.id, (d) => d.state === 'failed');
    expect(failed).toMatchObject({ failCode: 'photo_pull_failed' });
    expect(english(failed.reason)).toMatch(/could not download a photo.*host serves it publicly, then retry/);
    await untilDraft(h, draft!.id, (d) => d.photo!.images.every((i) => i.url === null));
    expect((await hostedOf(h, names)).files).toEqual([]);

    await chaos(h, []);
    await h.call('drafts.retry', { id: draft!.id });
    const done = await untilDraft(h, draft!.id, (d) => d.state === 'inbox' || (d.state === 'failed' && d.publishId !== failed.publishId));
    expect(done.state).toBe('inbox');
    expect(done.publishId).not.toBe(failed.publishId);
    // Each photo hosted twice: once per publish.
    const { puts } = await hostedOf(h, names);
    expect(puts).toHaveLength(2 * prepared.length);
  });

  it('waits, never fails, when the platform refuses it for too many pending shares, and says what to do', async () => {
    const { h, sandbox } = await photoApp({ init_per_minute: 100, status_per_minute: 1000, pending_shares_per_24h: 2 });
    // Two drafts waiting in Ava's inbox that this app does not know about (sent from elsewhere).
    const elsewhere = await signIn(sandbox(), { openId: 'sbx-user-ava' });
    const sample = `${await h.sandboxUrl()}/sandbox/media/photo-portrait.jpg`;
    for (let i = 0; i < 2; i++) {
      const init = await api(sandbox(), PHOTO_INIT, elsewhere.access_token, { post_mode: 'MEDIA_UPLOAD', media_type: 'PHOTO', source_info: { source: 'PULL_FROM_URL', photo_images: [sample] } });
      expect(init.status).toBe(200);
    }
    const prepared = await preparePhotos(h, NAMES.slice(0, 1));
    await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared)] });
    const [waiting] = await untilDrafts(h, (drafts) => drafts[0]!.state === 'waiting' && /Inbox full/.test(english(drafts[0]!.reason) ?? ''));
    expect(english(waiting!.reason)).toMatch(/refused more drafts waiting in this inbox; post or delete one there/);
    // A wait, not a failure: the code only marks it as waiting for inbox space (its expected time is forecast).
    expect(waiting!.failCode).toBe('waiting_for_inbox_space');
    expect(waiting!.retryable).toBe(false);
  });
});
