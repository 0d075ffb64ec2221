/**
 * The Queue's first screen before the whole queue (issue 28, point 9), in Chromium: a queue of
 * 1,000 real drafts opens on its first page (drafts.firstPage) with the whole queue's count while
 * drafts.list is held back; changes to drafts the page does not hold, made while the rest is on its
 * way, show once it is here (neither lost nor doubled), and the last draft is reached by scrolling.
 * Its rows tell a screen reader the whole queue's size from the first paint.
 */
import { resolve } from 'node:path';
import type { Route } from '@playwright/test';
import type { RunningWebApp } from '../support/web-app.js';
import { webClient } from '../support/web-client.js';
import { callApp, draftRow, MEDIA, openQueue, signIn } from './fixtures/queue.js';
import { expect, test } from './fixtures/web-app.js';

const DRAFTS = 1_000;
const name = (index: number) => `clip ${String(index).padStart(4, '0')}.mp4`;

test.use({ ownApp: true });

/**
 * Resolves once the host's event stream has told of every draft in `ids` (as it tells every window
 * at once): read here from the automation API's own stream.
 */
async function toldOf(app: RunningWebApp, ids: string[]): Promise<() => Promise<void>> {
  const abort = new AbortController();
  const response = await fetch(`${app.origin}/api/events`, { headers: { Authorization: `Bearer ${app.token}` }, signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const waiting = new Set(ids);
  const done = (async () => {
    let text = '';
    while (waiting.size > 0) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error('the event stream ended');
      text += value;
      for (const id of [...waiting]) if (text.includes(id)) waiting.delete(id);
    }
  })().finally(() => abort.abort());
  return () => done;
}

test('a long queue opens on its first page with the whole count; changes made while the rest loads show, and the last draft is reached', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(240_000);
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  // One upload at a time, and Ava's inbox takes five: the rest wait, a still queue.
  await callApp(app, 'settings.set', { uploads: { concurrency: 1 } });
  const client = webClient(app);
  const clip = resolve(MEDIA, 'tiny-1s-h264.mp4');
  const fileIds: string[] = [];
  for (let sent = 0; sent < DRAFTS; sent += 10) fileIds.push(...(await Promise.all(Array.from({ length: 10 }, () => client.sendFile(clip)))));
  const drafts: { id: string; fileName: string }[] = [];
  for (let start = 0; start < DRAFTS; start += 500) {
    const files = fileIds.slice(start, start + 500).map((fileId, offset) => ({ source: { kind: 'incoming', fileId }, name: name(start + offset + 1), mimeType: 'video/mp4', durationMs: 1000 }));
    // One clip's bytes 1,000 times: queued on purpose, past the duplicate rule.
    drafts.push(...(await callApp<{ id: string; fileName: string }[]>(app, 'drafts.add', { openId: 'sbx-user-ava', files, duplicates: 'allow' })));
  }
  const idOf = (index: number) => drafts.find((draft) => draft.fileName === name(index))!.id;

  // The whole queue is held back once its answer is in hand: what the window shows meanwhile is the first page's.
  let heldList!: (held: { route: Route; response: Awaited<ReturnType<Route['fetch']>> }) => void;
  const listHeld = new Promise<{ route: Route; response: Awaited<ReturnType<Route['fetch']>> }>((resolvePromise) => (heldList = resolvePromise));
  await page.route('**/api/call/drafts.list', async (route) => heldList({ route, response: await route.fetch() }), { times: 1 });

  await openQueue(page, app);
  const held = await listHeld;
  const rows = page.getByRole('list', { name: 'Drafts' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().locator('.draft-row__name')).toHaveText(/^clip \d{4}\.mp4$/);
  await expect(page.locator('.queue-bar__summary')).toHaveAttribute('aria-label', /^Queue: 1,000 drafts,/);
  // A screen reader hears the whole queue's size from the first paint ("1 of 1,000"), not the page's 100.
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(DRAFTS));
  // "Select all" would select the first page only: it waits for the rest.
  const selectAll = page.getByRole('checkbox', { name: /^Select all/ });
  await expect(selectAll).toBeDisabled();

  // Drafts far down the list, not in the first page, change while the rest is held: one paused, one removed.
  const told = await toldOf(app, [idOf(DRAFTS), idOf(DRAFTS - 1)]);
  await callApp(app, 'drafts.pause', { id: idOf(DRAFTS) });
  await callApp(app, 'drafts.remove', { id: idOf(DRAFTS - 1) });
  await told();
  await held.route.fulfill({ response: held.response });

  await expect(page.locator('.queue-bar__summary')).toHaveAttribute('aria-label', /^Queue: 999 drafts,/);
  await expect(selectAll).toBeEnabled();
  // To the end of the list: the last unfinished draft, paused (only delivered ones, if any yet, come after it).
  await expect(async () => {
    await page.evaluate(() => {
      const main = document.getElementById('main')!;
      main.scrollTop = main.scrollHeight;
    });
    await expect(draftRow(page, name(DRAFTS))).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(draftRow(page, name(DRAFTS))).toHaveCount(1);
  await expect(draftRow(page, name(DRAFTS)).locator('.state-badge')).toHaveText('Paused');
  await expect(draftRow(page, name(DRAFTS - 1))).toHaveCount(0);
  await expect(draftRow(page, name(DRAFTS - 2))).toHaveCount(1);
  await expect(rows.last()).toHaveAttribute('aria-posinset', '999');
  await expect(rows.last()).toHaveAttribute('aria-setsize', '999');
  expect(consoleErrors).toEqual([]);
});
