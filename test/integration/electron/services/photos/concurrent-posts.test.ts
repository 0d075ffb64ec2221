/**
 * Two `photos.post` calls at once with the same prepared images (the automation API allows it),
 * against the embedded sandbox: one posts them, the other is refused in words as no longer
 * prepared, and nothing of the refused call stays in the photos folder.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppHarness } from '../../../../support/app-harness.js';
import { postOf, preparePhotos, startPhotoApp } from '../../../../support/photo-app.js';
import { fixturePhotos } from '../../../../support/photos.js';
import { english } from '../../../../support/words.js';

let harness: AppHarness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

describe('photo posts at once', () => {
  it('posts the same prepared images once: the second call is refused as not prepared and leaves no links', async () => {
    const h = (harness = (await startPhotoApp()).h);
    const prepared = await preparePhotos(h, fixturePhotos.slice(0, 3).map((p) => p.name));
    const input = { openIds: ['sbx-user-ava'], posts: [postOf(prepared, 'Once')] };
    // Both dispatched in the same tick: both are past their checks before either has its cover.
    const results = await Promise.all([h.app.dispatch('photos.post', input), h.app.dispatch('photos.post', input)]);

    const posted = results.filter((r) => r.ok);
    const refused = results.flatMap((r) => (r.ok ? [] : [r.error]));
    expect(posted).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ code: 'photo_not_prepared', words: { code: 'photo.not_prepared' } });
    expect(refused[0]!.message).toBe(english(refused[0]!.words!));

    const drafts = await h.call('drafts.list');
    expect(drafts).toHaveLength(1);
    // Every file left is a link of the one draft (hosting may already have freed some): none of the refused call's, no prepared original.
    const names = new Set(drafts[0]!.photo!.images.map((image) => image.name));
    const files = await readdir(join(h.dataDir, 'photos'));
    expect(files.filter((file) => !names.has(file))).toEqual([]);
  });
});
