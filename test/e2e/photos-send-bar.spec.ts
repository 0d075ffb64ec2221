/**
 * The photo composer's Send bar and Send-to picker (issue 28, point 4), in Chromium: the sticky
 * Send bar has a background of its own in both themes (its styles once named tokens that did not
 * exist, so it was transparent) and names the post a problem is in; it shows only once there is a
 * post, so at 800×600 the empty state no longer sits partly under it; and the Send-to picker is
 * the choice cards of Settings, in the dark theme too (it was a bare row of checkboxes).
 */
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures/web-app.js';
import { callApp, signIn } from './fixtures/queue.js';

async function openPhotos(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Photos' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos');
}

/** Photos pasted as links: posts without preparing anything. */
async function pasteLinks(page: Page, count: number) {
  await page.getByLabel(/Or paste links to photos/).fill(Array.from({ length: count }, (_, i) => `https://media.example.com/p${i}.jpg`).join('\n'));
  await page.getByRole('button', { name: 'Add links' }).click();
}

for (const theme of ['light', 'dark'] as const) {
  test(`the Send bar is opaque in the ${theme} theme`, async ({ page, webApp, consoleErrors }) => {
    await callApp(webApp.current, 'settings.set', { appearance: { theme } });
    await openApp(page, webApp.current);
    await openPhotos(page);
    await pasteLinks(page, 1);
    const bar = page.locator('.photos__send');
    await expect(bar).toBeVisible();
    const background = await bar.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    expect(background).not.toBe('transparent');
    expect(consoleErrors).toEqual([]);
  });
}

test('the Send bar names the post a problem is in', async ({ page, webApp, consoleErrors }) => {
  await signIn(webApp.current, 'sbx-user-ava');
  await openApp(page, webApp.current);
  await openPhotos(page);
  await pasteLinks(page, 2);
  const posts = page.getByTestId('photo-post');
  // The second photo to a post of its own.
  await posts.nth(0).getByRole('button', { name: /^p1\.jpg,/ }).click();
  await posts.nth(0).getByTestId('photo-details').getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'A new post' });
  await expect(posts).toHaveCount(2);
  const hint = page.locator('.photos__send').getByRole('status');
  await expect(hint).toHaveText('Choose at least one account');
  await page.getByRole('checkbox', { name: 'Ava Makes' }).check();
  await expect(hint).toHaveText('Ready to send');
  await posts.nth(1).getByLabel('Title').fill('x'.repeat(91));
  await expect(hint).toHaveText('Post 2: the title is over 90 characters');
  await expect(page.getByRole('button', { name: /^Send 2 posts/ })).toHaveAttribute('aria-disabled', 'true');
  await posts.nth(1).getByLabel('Description').fill('y'.repeat(4001));
  await posts.nth(1).getByLabel('Title').fill('Fine');
  await expect(hint).toHaveText('Post 2: the description is over 4000 characters');
  expect(consoleErrors).toEqual([]);
});

test('at 800×600 the empty state is not under the Send bar', async ({ page, webApp, consoleErrors }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await openApp(page, webApp.current);
  await openPhotos(page);
  const empty = page.getByRole('region', { name: 'No photo posts yet' });
  await expect(empty).toBeVisible();
  await expect(page.locator('.photos__send')).toHaveCount(0);
  // Scrolled just into view, its last line is what is seen there, not something drawn over it.
  const note = empty.locator('.empty-state__note');
  await note.scrollIntoViewIfNeeded();
  const seen = await note.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.bottom - 3);
    return top !== null && element.closest('.empty-state')!.contains(top);
  });
  expect(seen).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('the Send-to picker is the choice cards of Settings, in the dark theme too', async ({ page, webApp, consoleErrors }) => {
  await callApp(webApp.current, 'settings.set', { appearance: { theme: 'dark' } });
  await signIn(webApp.current, 'sbx-user-ava');
  await openApp(page, webApp.current);
  const look = (selector: string) => page.locator(selector).first().evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, border: style.borderTopColor, radius: style.borderTopLeftRadius };
  });
  await page.goto(`${webApp.current.url}#/settings`);
  const settingsCard = await look('.settings-section .choices--cards .choice:not(:has(:checked))');
  const settingsChosen = await look('.settings-section .choices--cards .choice:has(:checked)');
  await openPhotos(page);
  const account = page.locator('.photos__accounts .choice').filter({ hasText: 'Ava Makes' });
  await expect(account).toBeVisible();
  await expect.poll(() => look('.photos__accounts .choice')).toEqual(settingsCard);
  await page.getByRole('checkbox', { name: 'Ava Makes' }).check();
  // (polled: the cards ease into their chosen colours)
  await expect.poll(() => look('.photos__accounts .choice')).toEqual(settingsChosen);
  expect(settingsCard.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(consoleErrors).toEqual([]);
});
