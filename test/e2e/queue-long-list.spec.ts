/**
 * A long queue flown through (issue 28, point 9), in Chromium: while the list moves by more than a
 * screen a frame, each row shows a glimpse of itself (name and state; a full row costs a frame's
 * work when a screenful arrives at once), keeping their elements from frame to frame, and the full
 * rows, with their actions, are back as soon as it stops. 300 real drafts of one small clip, through
 * the app's front doors.
 */
import { resolve } from 'node:path';
import { webClient } from '../support/web-client.js';
import { callApp, MEDIA, openQueue, signIn } from './fixtures/queue.js';
import { expect, test } from './fixtures/web-app.js';

const DRAFTS = 300;

test.use({ ownApp: true });

test('a long list flown through shows each row’s name and state, and the full rows once it stops', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(180_000);
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  await callApp(app, 'settings.set', { uploads: { concurrency: 1 } });
  const client = webClient(app);
  const files = [];
  for (let index = 0; index < DRAFTS; index++) {
    files.push({ source: { kind: 'incoming', fileId: await client.sendFile(resolve(MEDIA, 'tiny-1s-h264.mp4')) }, name: `clip ${String(index + 1).padStart(3, '0')}.mp4`, mimeType: 'video/mp4', durationMs: 1000 });
  }
  // One clip's bytes 300 times: queued on purpose, past the duplicate rule.
  await callApp(app, 'drafts.add', { openId: 'sbx-user-ava', files, duplicates: 'allow' });

  await openQueue(page, app);
  const rows = page.getByRole('list', { name: 'Drafts' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  // Three screens a frame: every row on screen is new each frame.
  const flown = await page.evaluate(
    () =>
      new Promise<{ glimpses: number; named: number; followed: number; kept: number }>((done) => {
        const main = document.getElementById('main')!;
        let frames = 0;
        let glimpses = 0;
        let named = 0;
        // Glimpses shown right after glimpses, and how often some of the last ones' elements were kept.
        let followed = 0;
        let kept = 0;
        let previous: Element[] = [];
        const step = () => {
          main.scrollTop += main.clientHeight * 3;
          // Counted a frame later: the scroll's render may land after the first frame's callbacks.
          requestAnimationFrame(() => requestAnimationFrame(() => {
            const shown = [...document.querySelectorAll('.draft-row--glimpse')];
            glimpses += shown.length;
            named += shown.filter((row) => /^clip \d{3}\.mp4$/.test(row.querySelector('.draft-row__name')?.textContent ?? '') && row.querySelector('.state-badge')?.textContent).length;
            if (previous.length > 0 && shown.length > 0) {
              followed++;
              if (shown.some((row) => previous.includes(row))) kept++;
            }
            previous = shown;
            if (++frames < 6) step();
            else done({ glimpses, named, followed, kept });
          }));
        };
        step();
      }),
  );
  // How many frames catch the list mid-flight depends on when Chromium ends the scroll (scrollend
  // follows a programmatic jump at once, so an idle machine may show none): every glimpse shown
  // must name its draft and state, however many there are.
  expect(flown.named).toBe(flown.glimpses);
  // A screenful of glimpses reuses the last one's elements (only their words change): creating and
  // removing a screenful of rows a frame was half the renderer's work of a fast scroll. (A render
  // between two counts that found the list slowed down shows full rows, so not every time.)
  if (flown.followed > 0) expect(flown.kept, `of ${flown.followed} frames of glimpses after glimpses`).toBeGreaterThan(0);

  // Still again: full rows, each with its actions.
  await expect(page.locator('.draft-row--glimpse')).toHaveCount(0);
  // The drafts upload meanwhile and finished ones move down the list, so a row is read and
  // checked in one go, again if the list changed between the two.
  await expect(async () => {
    const row = rows.first();
    const name = await row.locator('.draft-row__name').textContent();
    await expect(row.getByRole('button', { name: `Move ${name} down` })).toBeVisible({ timeout: 1_000 });
    await expect(row.locator('.draft-row__actions').getByRole('button').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(consoleErrors).toEqual([]);
});
