/**
 * Photos, end to end in Chromium: the 40 committed test photos of mixed formats and sizes
 * (test/fixtures/photos, made by assets/photos/generate-test-photos.mjs) are dropped on the
 * composer, prepared by the host (fixed where the platform would refuse them), grouped into posts
 * of 35 and 5 in drop order, and sent to two accounts at once. Both inboxes get both posts, and the
 * sandbox's inspection reports each image's size and SHA-256 as the app's preparation makes them.
 * A post whose photos are being hosted shows in the queue as under way, with how many photos and
 * bytes are on the host.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareImage } from '../../electron/services/photos/image-prep.js';
import { fixturePath, fixturePhotos } from '../support/photos.js';
import { webClient } from '../support/web-client.js';
import { callApp, draftRow, openQueue, setChaos, signIn } from './fixtures/queue.js';
import { expect, openApp, test } from './fixtures/web-app.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What the app's preparation makes of each fixture (deterministic for one sharp build), computed here the same way. */
async function expectedImages(): Promise<{ bytes: number; sha256: string }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dd-e2e-photos-'));
  try {
    const out: { bytes: number; sha256: string }[] = [];
    for (const photo of fixturePhotos) {
      const target = join(dir, photo.name);
      const result = await prepareImage(fixturePath(photo.name), target, { stripLocation: true });
      if (!result.ok) throw new Error(`${photo.name}: ${result.detail ?? ''}`);
      out.push({ bytes: result.photo.bytes, sha256: sha256(readFileSync(target)) });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Each test uploads to the same accounts, whose rate windows the app keeps in memory: an app of
// its own for each test (fixtures/app-reset.ts).
test.use({ ownApp: true });

test('40 real photos dropped for two accounts reach both inboxes, byte for byte as prepared', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(180_000);
  void consoleErrors;
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  await signIn(app, 'sbx-user-ben');
  const expected = await expectedImages();

  await openApp(page, app);
  await page.getByRole('link', { name: 'Photos' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos');

  const payload = fixturePhotos.map((photo) => ({ name: photo.name, type: { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' }[photo.format], bytes: [...readFileSync(fixturePath(photo.name))] }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    return transfer;
  }, payload);
  const zone = page.getByTestId('photos-drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });

  // Grouped at once, in drop order: 35 and 5.
  const posts = page.getByTestId('photo-post');
  await expect(posts).toHaveCount(2);
  await expect(posts.nth(0).getByTestId('photo-tile')).toHaveCount(35);
  await expect(posts.nth(1).getByTestId('photo-tile')).toHaveCount(5);

  await page.getByRole('checkbox', { name: 'Ava Makes' }).check();
  await page.getByRole('checkbox', { name: 'Ben Builds' }).check();
  await posts.nth(0).getByLabel('Title').fill('The first 35');
  await posts.nth(1).getByLabel('Title').fill('And five more');
  await expect(posts.nth(0).getByText('12/90')).toBeVisible();
  // Every photo prepared: each says what changed, or that it goes as it is.
  await expect(page.getByText('Ready to send')).toBeVisible({ timeout: 120_000 });
  // What was fixed is read out with each photo, and shown in full once the photo is chosen.
  await expect(posts.nth(0).locator('[aria-description*="Resized from"]').first()).toBeVisible();
  await expect(posts.nth(0).locator('[aria-description*="Location removed"]').first()).toBeVisible();

  await page.getByRole('button', { name: /^Send 2 posts \(40 photos\) to 2 accounts$/ }).click();
  await expect(page.getByText('4 photo posts added to the queue')).toBeVisible();

  // Both posts reach both inboxes.
  await expect
    .poll(async () => (await callApp<{ kind: string; state: string }[]>(app, 'drafts.list')).filter((d) => d.kind === 'photo').map((d) => d.state), { timeout: 120_000 })
    .toEqual(['inbox', 'inbox', 'inbox', 'inbox']);
  const info = await callApp<{ sandbox: { baseUrl: string } }>(app, 'app.info');
  for (const openId of ['sbx-user-ava', 'sbx-user-ben']) {
    const listed = (await (await fetch(`${info.sandbox.baseUrl}/sandbox/publishes?open_id=${openId}`)).json()) as { data: { publishes: { status: string; photo: { title: string; images: { bytes: number; sha256: string }[] } }[] } };
    const byTitle = new Map(listed.data.publishes.map((p) => [p.photo.title, p]));
    expect(byTitle.get('The first 35')?.status).toBe('SEND_TO_USER_INBOX');
    expect(byTitle.get('The first 35')?.photo.images.map((i) => ({ bytes: i.bytes, sha256: i.sha256 }))).toEqual(expected.slice(0, 35));
    expect(byTitle.get('And five more')?.photo.images.map((i) => ({ bytes: i.bytes, sha256: i.sha256 }))).toEqual(expected.slice(35));
  }
});

test('a post whose photos are being hosted shows in its row as under way, with photos and bytes hosted', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(120_000);
  void consoleErrors;
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  const client = webClient(app);
  const names = fixturePhotos.slice(0, 6).map((photo) => photo.name);
  const files = [];
  for (const name of names) files.push({ source: { kind: 'incoming', fileId: await client.sendFile(fixturePath(name)) }, name });
  const prepared = await callApp<{ imageId: string }[]>(app, 'photos.prepare', { files });
  // The media host answers each photo slowly, so the row is seen mid-way.
  await setChaos(app, [{ route: 'PUT /sandbox/media/hosted/', probability: 1, latency_ms: 1500 }]);
  await callApp(app, 'photos.post', { openIds: ['sbx-user-ava'], posts: [{ title: 'Slow to host', description: '', coverIndex: 0, images: prepared.map((p) => ({ kind: 'prepared', imageId: p.imageId })) }] });

  await openQueue(page, app);
  const row = draftRow(page, 'Slow to host');
  await expect(row).toHaveAttribute('data-state', 'uploading');
  await expect(row.getByText(/^Hosting photos \d+%$/)).toBeVisible();
  await expect(row.getByText(/^[1-5] of 6 photos hosted · [\d.]+ [kM]B of [\d.]+ [kM]B$/)).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('progressbar')).toBeVisible();

  await setChaos(app, []);
  await expect(row).toHaveAttribute('data-state', 'inbox', { timeout: 60_000 });
});
