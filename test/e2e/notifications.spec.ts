/**
 * Notifications in web mode (issue 17, point 8): the page asks the browser for permission only
 * when the person presses "Allow notifications" in Settings (never on load), and then shows one
 * notification per batch — the drafts added in one action — when it reaches the inbox; clicking it
 * brings the batch's drafts into view (the queue, unfiltered, with them selected).
 * `window.Notification` is wrapped in an init script, so the test sees every permission request
 * and every notification the page makes, in real Chromium.
 */
import { resolve } from 'node:path';
import { webClient } from '../support/web-client.js';
import { test, expect } from './fixtures/web-app.js';

const MEDIA = resolve(import.meta.dirname, '../fixtures/media');

interface Recorded {
  asked: number;
  shown: { title: string; body: string | undefined; tag: string | undefined }[];
}

test('notifications: asked for on a click, never on load; one per batch when it reaches the inbox', async ({ page, context, webApp, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    const Original = window.Notification;
    const recorded: Recorded = { asked: 0, shown: [] };
    const instances: Notification[] = [];
    class Recording extends Original {
      constructor(title: string, options?: NotificationOptions) {
        recorded.shown.push({ title, body: options?.body, tag: options?.tag });
        super(title, options);
        instances.push(this);
      }
      static override requestPermission(...args: Parameters<typeof Notification.requestPermission>): Promise<NotificationPermission> {
        recorded.asked++;
        return Original.requestPermission(...args);
      }
    }
    window.Notification = Recording;
    (window as unknown as { recorded: Recorded }).recorded = recorded;
    // The person clicking a notification (Playwright cannot reach the system's).
    (window as unknown as { clickNotice: (index: number) => void }).clickNotice = (index) => instances[index]!.onclick?.call(instances[index]!, new Event('click'));
  });
  const recorded = () => page.evaluate(() => (window as unknown as { recorded: Recorded }).recorded);
  const app = webApp.current;
  const client = webClient(app);
  await client.signIn('sbx-user-ava');

  await page.goto(`${app.url}#/settings`);
  const section = page.getByRole('region', { name: 'Notifications' });
  await expect(section.getByTestId('notice-permission')).toContainText('once you allow it');
  expect((await recorded()).asked, 'no permission request on load').toBe(0);

  // The person answers the browser's prompt with Allow (Playwright cannot click the prompt itself).
  await context.grantPermissions(['notifications'], { origin: app.origin });
  await section.getByRole('button', { name: 'Allow notifications' }).click();
  await expect(section.getByTestId('notice-permission')).toContainText('On: this browser shows a notification');
  expect((await recorded()).asked).toBe(1);

  // One action, two drafts: one batch, one notification when both are in the inbox.
  const batch = await client.addVideos('sbx-user-ava', [resolve(MEDIA, 'testsrc-2s-h264.mp4'), resolve(MEDIA, 'tiny-1s-h264.mp4')]);
  await expect.poll(async () => (await client.call('drafts.list')).filter((draft) => batch.some((added) => added.id === draft.id)).map((draft) => draft.state), { timeout: 60_000 }).toEqual(['inbox', 'inbox']);
  await expect.poll(async () => (await recorded()).shown.length).toBe(1);
  expect((await recorded()).shown[0]).toMatchObject({ title: '2 drafts reached the inbox', body: '2 in the inbox. Finish the post in the platform’s app.' });

  // A second action (another file: the same content again would ask first): its own notification,
  // after the first batch's (events arrive in order), so the first batch made exactly one.
  const [single] = await client.addVideos('sbx-user-ava', [resolve(MEDIA, 'testsrc2-2s-vp9.webm')]);
  await expect.poll(async () => (await client.call('drafts.list')).find((draft) => draft.id === single!.id)?.state, { timeout: 60_000 }).toBe('inbox');
  await expect.poll(async () => (await recorded()).shown.map((notice) => notice.title)).toEqual(['2 drafts reached the inbox', 'testsrc2-2s-vp9.webm reached the inbox']);
  expect(new Set((await recorded()).shown.map((notice) => notice.tag)).size, 'each batch is its own tag').toBe(2);

  // Clicking the first batch's notification: the queue, with that batch's two drafts selected.
  await page.evaluate(() => (window as unknown as { clickNotice: (index: number) => void }).clickNotice(0));
  await expect(page).toHaveURL(/#\/queue$/);
  for (const name of ['testsrc-2s-h264.mp4', 'tiny-1s-h264.mp4']) await expect(page.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Select testsrc2-2s-vp9.webm' })).not.toBeChecked();
  expect(consoleErrors).toEqual([]);
});
