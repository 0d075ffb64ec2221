/**
 * The window's start (renderer/src/first-paint.ts, issue 28 point 9), in Chromium: the Queue's
 * first screen is drawn once, with its drafts, rather than a loading screen first and the rows
 * after; and the calls no first screen needs (the built-in platform's status, the app's notices)
 * go out only once it is painted.
 */
import { resolve } from 'node:path';
import { webClient } from '../support/web-client.js';
import { callApp, draftRow, MEDIA, openQueue, signIn } from './fixtures/queue.js';
import { expect, test } from './fixtures/web-app.js';

/** Recorded in the page from its first script on: whether the Queue's loading line was ever in the document. */
declare global {
  interface Window {
    queueLoadingSeen?: boolean;
  }
}

test('the Queue opens drawn with its drafts, and the calls it does not need wait until it is painted', async ({ page, webApp }) => {
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  const fileId = await webClient(app).sendFile(resolve(MEDIA, 'tiny-1s-h264.mp4'));
  await callApp(app, 'drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId }, name: 'first screen.mp4', mimeType: 'video/mp4', durationMs: 1000 }], duplicates: 'allow' });

  await page.addInitScript(() => {
    window.queueLoadingSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('main .loading')) window.queueLoadingSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await openQueue(page, app);
  await expect(draftRow(page, 'first screen.mp4')).toBeVisible();
  expect(await page.evaluate(() => window.queueLoadingSeen)).toBe(false);

  const order = await page.evaluate(async () => {
    const painted = await new Promise<number>((done) => {
      const check = () => {
        const mark = performance.getEntriesByName('draftdeck:queue-rendered')[0];
        if (mark) done(mark.startTime);
        else setTimeout(check, 20);
      };
      check();
    });
    // The deferred calls go out a frame after the paint: wait for both to have been asked.
    const asked = (channel: string) => performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(`/${channel}`))?.startTime;
    for (let tries = 0; tries < 250 && (asked('builtinPlatform.status') === undefined || asked('appNotices.list') === undefined); tries++) await new Promise((done) => setTimeout(done, 20));
    return { painted, builtinPlatform: asked('builtinPlatform.status'), appNotices: asked('appNotices.list'), firstPage: asked('drafts.firstPage') };
  });
  expect(order.firstPage).toBeLessThan(order.painted);
  expect(order.builtinPlatform).toBeGreaterThan(order.painted);
  expect(order.appNotices).toBeGreaterThan(order.painted);
});
