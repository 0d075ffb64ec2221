/**
 * addPhotoPosts against the embedded sandbox: the live update that announces a new photo draft
 * already says it has its cover. That update can reach the window after the call's reply; had it
 * said "no picture", the row would show none until the draft next changed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import type { AppHarness } from '../../../../support/app-harness.js';
import { postOf, preparePhotos, startPhotoApp } from '../../../../support/photo-app.js';
import { fixturePhotos } from '../../../../support/photos.js';

let harness: AppHarness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

describe('photo posts: the cover in the live update', () => {
  it('every update of a new photo draft, the first included, carries its cover', async () => {
    const h = (harness = (await startPhotoApp()).h);
    // Each update as the queue emits it, before the hub's batching keeps only a draft's latest.
    const updates: DraftView[] = [];
    const emit = h.app.hub.emit.bind(h.app.hub);
    h.app.hub.emit = (name, payload, key) => {
      if (name === 'drafts.updated') updates.push(payload as DraftView);
      emit(name, payload, key);
    };
    const prepared = await preparePhotos(h, fixturePhotos.slice(0, 2).map((p) => p.name));
    const [draft] = await h.call('photos.post', { openIds: ['sbx-user-ava'], posts: [postOf(prepared, 'Covered')] });
    expect(draft!.hasThumbnail).toBe(true);
    const own = updates.filter((update) => update.id === draft!.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.map((update) => update.hasThumbnail)).toEqual(own.map(() => true));
    expect((await h.call('drafts.thumbnail', { id: draft!.id })).dataUrl).toMatch(/^data:image\/jpeg;base64,/);
  });
});
