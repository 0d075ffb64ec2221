/**
 * An S3 photo bucket the app cannot reach, or that refuses the keys, is named where it shows (issue
 * 28, point 1): the post's row names the host and where to fix it instead of "Offline" for ever,
 * the log's retry lines name the host, and Settings › Photos "Test connection" puts, reads back
 * and deletes a small object in the bucket as the form describes it (saved or not), naming the
 * step that failed; the host's own answer sits behind "Details".
 */
import { createServer } from 'node:net';
import { fixturePath, fixturePhotos } from '../support/photos.js';
import { S3RVER_KEYS, startS3, type RunningS3 } from '../support/s3rver.js';
import { webClient } from '../support/web-client.js';
import { callApp, draftRow, openQueue, signIn } from './fixtures/queue.js';
import { expect, test } from './fixtures/web-app.js';

test.use({ ownApp: true });

let s3: RunningS3;
test.beforeAll(async () => (s3 = await startS3(['photos'])));
test.afterAll(() => s3.close());

/** A loopback port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const bucket = (endpoint: string) => ({ kind: 's3', endpoint, bucket: 'photos', region: 'us-east-1', pathStyle: true, publicUrlPrefix: `${endpoint}/photos/`, keyPrefix: 'draftdeck/' });

test('an unreachable bucket is named in the row and the log, and Test connection says which step failed', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(180_000);
  void consoleErrors;
  const app = webApp.current;
  const dead = `127.0.0.1:${await closedPort()}`;
  await signIn(app, 'sbx-user-ava');
  const settings = await callApp<{ photos: object }>(app, 'settings.get');
  await callApp(app, 'settings.set', { photos: { ...settings.photos, host: bucket(`http://${dead}`) } });
  await callApp(app, 'photos.setS3Keys', S3RVER_KEYS);

  const client = webClient(app);
  const name = fixturePhotos[0]!.name;
  const prepared = await callApp<{ imageId: string }[]>(app, 'photos.prepare', { files: [{ source: { kind: 'incoming', fileId: await client.sendFile(fixturePath(name)) }, name }] });
  await callApp(app, 'photos.post', { openIds: ['sbx-user-ava'], posts: [{ title: 'Bucket away', description: '', coverIndex: 0, images: [{ kind: 'prepared', imageId: prepared[0]!.imageId }] }] });

  await openQueue(page, app);
  const row = draftRow(page, 'Bucket away');
  await expect(row.getByText(`Can't reach your photo bucket ${dead} — check Settings › Photos`, { exact: false })).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText(/Offline/)).toHaveCount(0);
  // The log's retry line names the host it could not reach.
  expect(app.stderr().split('\n').some((line) => line.includes('photo host retry') && line.includes(dead))).toBe(true);

  // Settings › Photos: the saved (dead) bucket fails at the first step, named.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
  const photos = page.getByRole('region', { name: 'Photos' });
  const result = photos.locator('.connection-test').getByRole('status');
  await photos.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText(`Storing a test file failed: Can't reach your photo bucket ${dead}`, { timeout: 60_000 });

  // The form's bucket, not saved yet, is what is tried: the real one works, and leaves nothing behind.
  const live = new URL(s3.endpoint).host;
  await photos.getByLabel('Endpoint', { exact: true }).fill(s3.endpoint);
  await photos.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText(`Connected: a test file was stored, read back and deleted in ${live}.`, { timeout: 30_000 });
  const listing = await (await fetch(`${s3.endpoint}/photos?list-type=2`)).text();
  expect(listing).not.toContain('draftdeck-connection-test');

  // Keys the bucket does not know: the put is refused, the keys named; the host's code behind Details.
  await callApp(app, 'photos.setS3Keys', { accessKeyId: 'AKIAWRONGWRONGWRONG1', secretAccessKey: 'not-the-secret' });
  await photos.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText(`Storing a test file failed: Your photo bucket ${live} refused the access keys — check the keys in Settings › Photos`, { timeout: 30_000 });
  await expect(result.getByText('InvalidAccessKeyId', { exact: false })).toBeHidden();
  await result.getByText('Details').click();
  await expect(result.getByText('InvalidAccessKeyId', { exact: false })).toBeVisible();
  // In the window's language: the step and the reason are the main process's words, worded here,
  // the outcome on screen too when the language changes (it once kept the words of the click's).
  await callApp(app, 'settings.set', { language: { locale: 'es' } });
  await expect(page.locator('.connection-test [role=status]')).toContainText(`No se pudo guardar un archivo de prueba: Tu bucket de fotos ${live} rechazó las claves de acceso`, { timeout: 30_000 });
  await callApp(app, 'settings.set', { language: { locale: 'en' } });

  // A half-typed bucket is not tried: the form says what to fix.
  await photos.getByLabel('Bucket', { exact: true }).fill('X');
  await photos.getByRole('button', { name: 'Test connection' }).click();
  await expect(photos.getByText(/A bucket name is 3 to 63 of a-z, 0-9/)).toBeVisible();
});
