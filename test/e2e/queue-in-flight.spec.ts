/**
 * The queue shows what is happening now (issue 28, point 3), end to end in Chromium against the
 * embedded sandbox: drafts under way come before delivered ones; one bar adds up everything in
 * flight, with the time left for all of it; videos dropped anywhere on the window go to the queue
 * (photos dropped on Photos stay the composer's); a photo post's row shows its cover and its count.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath, fixturePhotos } from '../support/photos.js';
import { webClient } from '../support/web-client.js';
import { callApp, draftRow, dropFiles, MEDIA, MP4, openQueue, rowNames, setChaos, signIn, WEBM } from './fixtures/queue.js';
import { expect, openApp, test } from './fixtures/web-app.js';

const MiB = 1024 * 1024;

/** An MP4 grown to `size` bytes by a top-level `free` box after its own boxes (a real video the probe accepts). */
function paddedMp4(size: number): Buffer {
  const video = readFileSync(join(MEDIA, MP4.fixture!));
  const free = Buffer.alloc(size - video.length);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([video, free]);
}

// Each test uploads to the same account, whose rate window the app keeps in memory: an app of its own for each.
test.use({ ownApp: true });

test.describe('queue: what is happening now', () => {
  test('a draft added after others were delivered shows above them, not under a day of finished ones', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(120_000);
    await signIn(webApp.current, 'sbx-user-ava');
    await openQueue(page, webApp.current);
    await dropFiles(page, [MP4]);
    await expect(draftRow(page, MP4.name).getByText('In inbox', { exact: true })).toBeVisible({ timeout: 30_000 });

    // The next one is held on its way: it is under way while the first is delivered.
    await setChaos(webApp.current, [{ route: 'PUT /upload/', probability: 1, latency_ms: 4000 }]);
    await dropFiles(page, [WEBM]);
    await expect(draftRow(page, WEBM.name)).toHaveAttribute('data-state', /queued|uploading/);
    expect(await rowNames(page)).toEqual([WEBM.name, MP4.name]);
    // In the queue's own order it is still second (what a reorder or the day plan works on).
    expect((await callApp<{ fileName: string }[]>(webApp.current, 'drafts.list')).map((draft) => draft.fileName)).toEqual([MP4.name, WEBM.name]);

    await setChaos(webApp.current, []);
    await expect(draftRow(page, WEBM.name)).toHaveAttribute('data-state', 'inbox', { timeout: 30_000 });
    expect(await rowNames(page)).toEqual([MP4.name, WEBM.name]);
    expect(consoleErrors).toEqual([]);
  });

  test('one bar adds up everything in flight, with the time left for all of it, and goes once all is sent', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(180_000);
    const dir = mkdtempSync(join(tmpdir(), 'queue-batch-'));
    try {
      // Two sizes: the same content twice would ask first (the duplicate rule).
      const paths = ['first take.mp4', 'second take.mp4'].map((name) => join(dir, name));
      paths.forEach((path, index) => writeFileSync(path, paddedMp4((70 + index * 2) * MiB)));
      await signIn(webApp.current, 'sbx-user-ava');
      // One at a time: the second is still on its way once the first is sent.
      await callApp(webApp.current, 'settings.set', { uploads: { concurrency: 1 } });
      // Each chunk is held a moment before the host reads it: the batch is seen under way.
      await setChaos(webApp.current, [{ route: 'PUT /upload/', probability: 1, latency_ms: 3000 }]);
      await openQueue(page, webApp.current);
      await page.getByTestId('choose-videos-input').setInputFiles(paths);

      const batch = page.getByRole('region', { name: 'All uploads in progress' });
      await expect(batch.getByText(/^0 of 2 drafts uploaded$/)).toBeVisible({ timeout: 30_000 });
      await expect(batch.getByText(/of 142 MB sent \(\d+%\)/)).toBeVisible();
      await expect(batch.getByText(/about \d+ (seconds|minutes?|hours?)( \d+ minutes?)? left/)).toBeVisible({ timeout: 60_000 });
      // The bar's value is the bytes of both, never going back as the first finishes.
      const seen: number[] = [];
      await expect
        .poll(
          async () => {
            const value = await batch.getByRole('progressbar').getAttribute('aria-valuenow').catch(() => null);
            if (value !== null) seen.push(Number(value));
            return batch.getByText(/^1 of 2 drafts uploaded$/).count();
          },
          { timeout: 90_000 },
        )
        .toBe(1);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));

      await setChaos(webApp.current, []);
      for (const path of paths) await expect(draftRow(page, path.split('/').pop()!)).toHaveAttribute('data-state', 'inbox', { timeout: 60_000 });
      await expect(batch).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('videos dropped anywhere on the window go to the queue; photos dropped on Photos stay the composer’s', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(120_000);
    await signIn(webApp.current, 'sbx-user-ava');
    await openApp(page, webApp.current);
    await page.getByRole('link', { name: 'Accounts' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accounts');

    // Over the Accounts page (and its sidebar): the overlay says where they go; the drop opens the Queue with them.
    await dropFiles(page, [MP4], 'Drop to send to Ava Makes', page.getByRole('heading', { level: 1 }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
    await expect(draftRow(page, MP4.name)).toBeVisible({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Photos' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos');
    const photo = fixturePhotos.find((candidate) => candidate.format === 'jpeg')!;
    await dropFiles(page, [{ name: photo.name, type: 'image/jpeg', fixture: fixturePath(photo.name) }], 'Drop to send to the photo posts', page.getByTestId('photos-drop-zone'));
    await expect(page.getByText('Drop to send to Ava Makes')).toHaveCount(0);
    await expect(page.getByTestId('photo-tile')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos');
    expect((await callApp<{ fileName: string }[]>(webApp.current, 'drafts.list')).map((draft) => draft.fileName)).toEqual([MP4.name]);
    expect(consoleErrors).toEqual([]);
  });

  test('a photo post’s row shows its cover and how many photos it has, also after a reload', async ({ page, webApp, consoleErrors }) => {
    test.setTimeout(120_000);
    const app = webApp.current;
    await signIn(app, 'sbx-user-ava');
    const client = webClient(app);
    const names = fixturePhotos.slice(0, 3).map((photo) => photo.name);
    const files = [];
    for (const name of names) files.push({ source: { kind: 'incoming', fileId: await client.sendFile(fixturePath(name)) }, name });
    const prepared = await callApp<{ imageId: string }[]>(app, 'photos.prepare', { files });
    await callApp(app, 'photos.post', { openIds: ['sbx-user-ava'], posts: [{ title: 'Three at the beach', description: '', coverIndex: 1, images: prepared.map((p) => ({ kind: 'prepared', imageId: p.imageId })) }] });

    await openQueue(page, app);
    const row = draftRow(page, 'Three at the beach');
    for (let pass = 0; pass < 2; pass++) {
      await expect(row.getByText('3 photos', { exact: true })).toBeVisible();
      const cover = row.locator('img.draft-thumb__image');
      await expect(cover).toHaveAttribute('src', /^data:image\/jpeg;base64,/, { timeout: 30_000 });
      await expect.poll(() => cover.evaluate((image: HTMLImageElement) => `${image.naturalWidth}x${image.naturalHeight}`)).toBe('160x90');
      if (pass === 0) {
        await expect(row).toHaveAttribute('data-state', 'inbox', { timeout: 60_000 });
        await page.reload();
      }
    }
    expect(consoleErrors).toEqual([]);
  });
});
