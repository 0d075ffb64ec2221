/**
 * Layout faults found by reading the screens at 800×600, 1280×800 and 1920×1080 (issue 28), each
 * checked in Chromium by the boxes it is painted in:
 * - a Settings card ends where its content does (the Platform, Photos and Appearance cards closed
 *   on a 40–60 px empty band: a quiet save status took the form's gap and a line of its own), and
 *   a save beginning or ending moves nothing below it (a status line that appeared pushed
 *   Settings › Photos' Test connection from under the pointer);
 * - every word of the Photos composer and of an account's card is on the type scale (tokens.css):
 *   the composer's titles were 16 px, its counters 12.8 and a tile's labels 11.2; "Details" 13.1;
 * - every select is the app's own (not the platform's native look) and shows its whole choice: the
 *   Research condition's fixed 130 px column cut Spanish "Palabra clave" and Portuguese
 *   "Palavra-chave"; right to left its arrow sits on the left;
 * - at 1920×1080 the photo composer uses the width it has (it stayed a 720 px column), and at the
 *   end of the page its Send bar rests on the window's edge (it floated 64 px above it); at
 *   800×600 Add links stays beside the links' box it reads (it wrapped under Choose photos);
 * - at 800×600, with an upload under way and drafts in several states (the batch's progress and a
 *   summary of two lines above the list), three rows still show: "Today's plan" on a row of its
 *   own had pushed the third out;
 * - a video fix's question and its choices are words apart ("…before sending?Put camera.mkv into
 *   MP4" read as one: an inline button's negative margin ate the gap), and each choice reads whole
 *   and takes a click at 800×600 too, in both themes and in Spanish, Portuguese and Arabic (with
 *   the file's name in them, the second ran past the row's end);
 * - in Arabic an English file name too long for its row is cut at its end, not its beginning
 *   ("…sed by the platform.mp4"), and a short one still sits at the row's start (the right); an
 *   account's handle reads "@ava.makes" (it read "ava.makes@");
 * - Research's chart legend read "Time: Videos: --" in every language (uPlot's English label and
 *   empty placeholder): it names the day in the window's language and shows no "--";
 * - the queue's rows give a file name the width the other columns do not need: at 1280×800 the
 *   list kept the pages' 720 px column and cut names at 195 px beside a status column of 240 px
 *   holding "Paused", and 250 px of empty margin either side.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningWebApp } from '../support/web-app.js';
import { webClient } from '../support/web-client.js';
import { fixturePath, fixturePhotos, problemPath } from '../support/photos.js';
import { AAC, H264, makeClip } from '../support/ffmpeg-fixtures.js';
import { writeMp4File } from '../support/media.js';
import { callApp, dropFiles, openQueue, rowsFullyShown, setChaos, signIn } from './fixtures/queue.js';
import { cardsWithEmptyFoot, cardsWithLateContent, fixChoicesRead, handleAt, selectsCut, textLargerThan, textOffScale } from './fixtures/screen-checks.js';
import { expect, test } from './fixtures/web-app.js';

/** Drafts for Ava under these names, added as a script adds them (each a small MP4 of its own bytes), in order. */
async function addDrafts(app: RunningWebApp, names: readonly string[], seed: number): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dd-e2e-screens-'));
  try {
    const paths: string[] = [];
    for (const [i, name] of names.entries()) {
      paths.push(join(dir, name));
      await writeMp4File(paths[i]!, seed + i, (seed % 97) + i);
    }
    return (await webClient(app).addVideos('sbx-user-ava', paths)).map((draft) => draft.id);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('Settings cards start and end at their content and speak in one size, at 800×600 and 1920×1080', async ({ page, webApp, consoleErrors }) => {
  const app = webApp.current;
  // An account, so Watch folders shows its form.
  await signIn(app, 'sbx-user-ava');
  for (const viewport of [{ width: 800, height: 600 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    await page.goto(`${app.url}#/settings`);
    await expect(page.getByRole('region', { name: 'Appearance' })).toBeVisible();
    expect(await cardsWithEmptyFoot(page), `${viewport.width}×${viewport.height}`).toEqual([]);
    // And start it where the others do (Updates had a rule and 32 px more above its first line).
    expect(await cardsWithLateContent(page), `${viewport.width}×${viewport.height}`).toEqual([]);
    // The cards' words in one size (a checkbox's name and Notifications' sentence were the 15 px body size).
    expect(await textLargerThan(page.locator('.settings-section__body'), 13)).toEqual([]);
    // The app's own selects there too (the language one was the platform's).
    expect(await selectsCut(page)).toEqual([]);
  }
  // Watch folders: "No folder is watched." and the form under it apart, and Watch folder level with the folder's box (it sat 4 px high).
  const watch = page.getByRole('region', { name: 'Watch folders' });
  const none = (await watch.getByText('No folder is watched.').boundingBox())!;
  const accountLabel = (await watch.getByText('Account', { exact: true }).boundingBox())!;
  expect(accountLabel.y - (none.y + none.height)).toBeGreaterThanOrEqual(12);
  const folderBox = (await watch.getByRole('textbox', { name: 'Folder' }).boundingBox())!;
  const watchButton = (await watch.getByRole('button', { name: 'Watch folder' }).boundingBox())!;
  expect(Math.abs(watchButton.y - folderBox.y)).toBeLessThanOrEqual(1);
  expect(consoleErrors).toEqual([]);
});

test("every word of an account's card is on the type scale, its Details open", async ({ page, webApp, consoleErrors }) => {
  await signIn(webApp.current, 'sbx-user-ava');
  await page.goto(`${webApp.current.url}#/accounts`);
  const details = page.locator('#main details');
  await expect(details.first()).toBeVisible();
  for (const disclosure of await details.all()) await disclosure.locator('summary').click();
  // "Details" was 0.875 of the card's 15 px: 13.1 px.
  expect(await textOffScale(page.locator('#main'))).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a save under way or done moves nothing below it: the card after Photos stays where it was', async ({ page, webApp, consoleErrors }) => {
  const app = webApp.current;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app.url}#/settings`);
  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos).toBeVisible();
  const next = photos.locator('xpath=following-sibling::*[1]');
  // From the Photos card's top: clicking scrolls the page.
  const topOfNext = async () => (await next.boundingBox())!.y - (await photos.boundingBox())!.y;
  const before = await topOfNext();
  const keepHosted = photos.getByRole('checkbox', { name: 'Keep hosted photos after posting' });
  const was = await keepHosted.isChecked();
  await keepHosted.click();
  // The card says so (a line that appeared under the form pushed Test connection from under the pointer).
  await expect(photos.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  expect(await topOfNext()).toBe(before);
  await keepHosted.click();
  await expect(keepHosted).toBeChecked({ checked: was });
  expect(await topOfNext()).toBe(before);
  expect(consoleErrors).toEqual([]);
});

test("Research's condition selects show their whole choice in Spanish and Portuguese, their arrow on the left in Arabic", async ({ page, webApp, consoleErrors }) => {
  const app = webApp.current;
  try {
    for (const locale of ['es', 'pt-BR']) {
      await callApp(app, 'settings.set', { language: { locale } });
      for (const viewport of [{ width: 800, height: 600 }, { width: 1280, height: 800 }]) {
        await page.setViewportSize(viewport);
        await page.goto(`${app.url}#/research`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const field = page.locator('.condition select').first();
        await expect(field).toHaveValue('keyword');
        expect(await selectsCut(page), `${locale} ${viewport.width}×${viewport.height}, keyword`).toEqual([]);
        await field.selectOption('username');
        expect(await selectsCut(page), `${locale} ${viewport.width}×${viewport.height}, username`).toEqual([]);
        // The value box keeps a usable width, on a line of its own if it must.
        const value = page.locator('.condition input').first();
        expect((await value.boundingBox())!.width).toBeGreaterThanOrEqual(150);
      }
    }
    await callApp(app, 'settings.set', { language: { locale: 'ar' } });
    await page.goto(`${app.url}#/research`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const arrow = await page.locator('.condition select').first().evaluate((select) => {
      const style = getComputedStyle(select);
      return { position: style.backgroundPositionX, start: style.paddingRight, end: style.paddingLeft };
    });
    // Computed as an offset from the left ("12px"); left to right it is "right 12px" or "calc(100% - 12px)".
    expect(arrow.position).not.toMatch(/right|100%/);
    expect(Number.parseFloat(arrow.end)).toBeGreaterThan(Number.parseFloat(arrow.start));
  } finally {
    await callApp(app, 'settings.set', { language: { locale: 'en' } });
  }
  expect(consoleErrors).toEqual([]);
});

test('the photo composer uses the width at 1920×1080 and its selects are the app’s own', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(120_000);
  const app = webApp.current;
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${app.url}#/photos`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos');
  const jpegs = fixturePhotos.filter((photo) => photo.format === 'jpeg').slice(0, 2);
  await page.getByTestId('choose-photos-input').setInputFiles([...jpegs.map((photo) => fixturePath(photo.name)), problemPath('drawing.svg')]);
  const post = page.getByTestId('photo-post');
  await expect(post.getByTestId('photo-tile')).toHaveCount(2);
  expect((await post.boundingBox())!.width).toBeGreaterThanOrEqual(1000);
  // Every word on the app's type scale: the posts' and refused photos' titles were 16 px, the counters 12.8, a tile's labels 11.2.
  expect(await textOffScale(page.locator('#main'))).toEqual([]);
  await post.getByTestId('photo-tile').first().locator('button').click();
  await expect(post.getByRole('combobox', { name: 'Move to' })).toBeVisible();
  expect(await selectsCut(page)).toEqual([]);
  // Still one column at 1280×800: nothing runs off the window sideways.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(async () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  // At 800×600, scrolled to the end, the Send bar's lower edge is the window's.
  await page.setViewportSize({ width: 800, height: 600 });
  // Add links sits beside the links' box it reads (it wrapped to a line of its own under Choose photos).
  const links = (await page.getByRole('textbox', { name: /^Or paste links to photos/ }).boundingBox())!;
  const addLinks = (await page.getByRole('button', { name: 'Add links' }).boundingBox())!;
  expect(addLinks.x).toBeGreaterThanOrEqual(links.x + links.width);
  expect(addLinks.y + addLinks.height).toBeGreaterThan(links.y);
  expect(addLinks.y).toBeLessThan(links.y + links.height);
  // The refused photo's line in the page's small text, its Remove beside it (16 px text had pushed it under the reason).
  const refused = page.getByTestId('refused-photos');
  await refused.getByText('Why').click();
  expect(await textLargerThan(refused.locator('ul'), 13)).toEqual([]);
  const refusedName = (await refused.getByText('drawing.svg', { exact: true }).boundingBox())!;
  const removeRefused = (await refused.getByRole('button', { name: /^Remove drawing\.svg/ }).boundingBox())!;
  expect(removeRefused.y).toBeLessThan(refusedName.y + refusedName.height);
  await page.locator('#main').evaluate((main) => main.scrollTo({ top: main.scrollHeight }));
  const bar = page.locator('.photos__send');
  await expect.poll(async () => page.evaluate(() => document.getElementById('main')!.scrollHeight > 600)).toBe(true);
  await expect.poll(async () => bar.evaluate((element) => Math.round(element.getBoundingClientRect().bottom))).toBe(600);
  expect(consoleErrors).toEqual([]);
});

test('three rows show at 800×600 with an upload under way and drafts in several states', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(180_000);
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  await callApp(app, 'settings.set', { uploads: { concurrency: 1 } });
  // The first upload's chunks take a minute each: it stays under way while the others wait.
  await setChaos(app, [{ route: 'PUT /upload/', probability: 1, latency_ms: 60_000 }]);
  const ids = await addDrafts(app, ['clip-1.mp4', 'clip-2.mp4', 'clip-3.mp4', 'clip-4.mp4', 'clip-5.mp4'], 200_001);
  await callApp(app, 'drafts.pause', { id: ids[3] });
  await callApp(app, 'drafts.cancel', { id: ids[4] });

  await page.setViewportSize({ width: 800, height: 600 });
  await openQueue(page, app);
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await expect(page.getByText(/1 paused/)).toBeVisible();
  await expect(page.getByText(/1 cancelled/)).toBeVisible();
  const rows = page.getByRole('list', { name: 'Drafts' }).getByRole('listitem');
  await expect(rows).toHaveCount(5);
  await expect.poll(() => rowsFullyShown(page, 600)).toBeGreaterThanOrEqual(3);
  // The filters keep to one row: "Today's plan" sits with the selection and clearing the finished.
  const filters = await page.getByRole('group', { name: 'Show' }).boundingBox();
  const account = await page.getByRole('combobox', { name: 'Account' }).boundingBox();
  expect(filters!.height).toBeLessThanOrEqual(account!.height + 4);
  await setChaos(app, []);
  expect(consoleErrors).toEqual([]);
});

test("a video fix's question and its choices are words apart, every choice whole and reachable from 800×600 up, in both themes and the longer languages", async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(180_000);
  const app = webApp.current;
  const dir = mkdtempSync(join(tmpdir(), 'dd-e2e-screens-fix-'));
  try {
    const mkv = await makeClip(dir, 'camera.mkv', { video: H264, audio: AAC, seconds: 1 });
    await signIn(app, 'sbx-user-ava');
    await callApp(app, 'settings.set', { videos: { fix: 'ask' } });
    await openQueue(page, app);
    await dropFiles(page, [{ name: 'camera.mkv', type: 'video/x-matroska', fixture: mkv }]);
    // By its class: the list's name follows the window's language.
    const fix = page.locator('ul.draft-list .draft-row__fix');
    await expect(fix.getByRole('button', { name: 'Send as it is: camera.mkv', exact: true })).toBeVisible({ timeout: 60_000 });
    // The choices' names still carry the file, for a screen reader's list of buttons.
    await expect(fix.getByRole('button')).toHaveText(['Fix', 'Send as it is']);
    await expect(fix.getByRole('button', { name: 'Fix camera.mkv', exact: true })).toBeVisible();
    const viewports = [{ width: 800, height: 600 }, { width: 1280, height: 800 }, { width: 1920, height: 1080 }];
    for (const theme of ['light', 'dark']) {
      await callApp(app, 'settings.set', { appearance: { theme } });
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        const read = await fixChoicesRead(fix);
        // The choices in sight: "Send camera.mkv as it is" ran past the row's end at 800 px (and past the line's ellipsis at 1280).
        expect(read.faults, `${theme} ${viewport.width}: ${read.text}`).toEqual([]);
        // More than a space's width (3–4 px in this text) between the question's last letter and the first choice's first (it was 1 px).
        expect(read.gap, read.text).toBeGreaterThanOrEqual(4);
      }
    }
    await callApp(app, 'settings.set', { appearance: { theme: 'light' } });
    for (const locale of ['es', 'pt-BR', 'ar']) {
      await callApp(app, 'settings.set', { language: { locale } });
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      for (const viewport of viewports.slice(0, 2)) {
        await page.setViewportSize(viewport);
        await expect(fix.getByRole('button')).toHaveCount(2);
        const read = await fixChoicesRead(fix);
        expect(read.faults, `${locale} ${viewport.width}: ${read.text}`).toEqual([]);
        // A choice is called by what it shows (WCAG 2.5.3, label in name): a person using speech says the words on the button.
        for (const button of await fix.getByRole('button').all()) expect(await button.getAttribute('aria-label'), locale).toContain((await button.innerText()).trim());
      }
    }
  } finally {
    await callApp(app, 'settings.set', { videos: { fix: 'auto' }, language: { locale: 'en' }, appearance: { theme: 'light' } });
    rmSync(dir, { recursive: true, force: true });
  }
  expect(consoleErrors).toEqual([]);
});

test('in Arabic a file name is cut at its end and sits at the row’s start', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(120_000);
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  const names = ['refused by the platform — a rather long file name from the editing suite v3 final.mp4', 'a.mp4'];
  for (const id of await addDrafts(app, names, 100_000)) await callApp(app, 'drafts.pause', { id }).catch(() => undefined);
  try {
    await callApp(app, 'settings.set', { language: { locale: 'ar' } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.url}#/queue`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const boxes = async (name: string) =>
      page.locator('.draft-row__name', { hasText: name.slice(-12) }).first().evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const text = range.getBoundingClientRect();
        const own = element.getBoundingClientRect();
        return { textLeft: text.left, textRight: text.right, left: own.left, right: own.right, width: own.width, textWidth: text.width };
      });
    await expect(page.locator('.draft-row__name', { hasText: 'a.mp4' })).toBeVisible();
    const long = await boxes(names[0]!);
    expect(long.textWidth).toBeGreaterThan(long.width);
    // Its beginning shows (at the left of its box, as English reads); what is cut is its end.
    expect(Math.round(long.textLeft)).toBeGreaterThanOrEqual(Math.round(long.left) - 1);
    const short = await boxes(names[1]!);
    expect(Math.round(short.textRight)).toBeGreaterThanOrEqual(Math.round(short.right) - 1);
    // An account's handle reads "@ava.makes" (it was "ava.makes@").
    await page.goto(`${app.url}#/accounts`);
    expect(await handleAt(page.locator('.account-card__handle'))).toBe('left');
  } finally {
    await callApp(app, 'settings.set', { language: { locale: 'en' } });
  }
  expect(consoleErrors).toEqual([]);
});

test("Research's chart legend is in the window's language, with no placeholder dashes", async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(120_000);
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app.url}#/research`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Research');
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  await page.getByRole('tab', { name: 'JSON' }).click();
  const request = { query: { not: [{ field_name: 'region_code', operation: 'EQ', field_values: ['ZZ'] }] }, start_date: day(31), end_date: day(1), fields: ['id', 'create_time', 'username', 'view_count', 'video_description'] };
  await page.getByRole('textbox', { name: /The query as sent to the platform/ }).fill(JSON.stringify(request, null, 2));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('research-loaded')).toHaveText(/^100 videos loaded/, { timeout: 60_000 });
  const legend = page.locator('.u-legend');
  await expect(legend).toContainText('Day');
  await expect(legend).toContainText('Videos');
  await expect(legend).not.toContainText('--');
  await expect(legend).not.toContainText('Time');
  try {
    await callApp(app, 'settings.set', { language: { locale: 'es' } });
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(legend).toContainText('Día');
    await expect(legend).not.toContainText('Time');
    // In Arabic the dates are longer ("2026/11/26، 2:16 م" was cut at 1280 px) and an English description runs left to right, cut at its end.
    await callApp(app, 'settings.set', { language: { locale: 'ar' } });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const firstRow = page.locator('.results__row').first();
    await expect(firstRow.locator('.results__cell--number').first()).toContainText('م');
    const datesCut = await page.locator('.results__row').evaluateAll((rows) => rows.map((row) => row.querySelector('.results__cell--number')!).filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent));
    expect(datesCut).toEqual([]);
    expect(await firstRow.locator('.results__cell').last().evaluate((cell) => cell.matches(':dir(ltr)'))).toBe(true);
  } finally {
    await callApp(app, 'settings.set', { language: { locale: 'en' } });
  }
  expect(consoleErrors).toEqual([]);
});

/** The rows' names cut short, and their status words cut short (one line, or two where a reason may wrap), with the columns' widths. */
function rowsRead(page: Page): Promise<{ cutNames: string[]; cutStatus: string[]; name: number; status: number }> {
  // By its class: its name follows the window's language.
  return page.locator('ul.draft-list').evaluate((list) => {
    const rows = [...list.querySelectorAll('.draft-row')];
    const cut = (element: Element | null) => !!element && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    return {
      cutNames: rows.flatMap((row) => (cut(row.querySelector('.draft-row__name')) ? [row.querySelector('.draft-row__name')!.textContent!] : [])),
      cutStatus: rows.flatMap((row) => [...row.querySelectorAll('.state-badge, .draft-row__detail')].filter(cut).map((element) => element.textContent!)),
      name: Math.round(rows[0]!.querySelector('.draft-row__main')!.getBoundingClientRect().width),
      status: Math.round(rows[0]!.querySelector('.draft-row__status')!.getBoundingClientRect().width),
    };
  });
}

test('queue rows: names and status read whole from 1280 px, in both themes and in Spanish, Portuguese and Arabic; the name gets the width at 800', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(180_000);
  const app = webApp.current;
  await signIn(app, 'sbx-user-ava');
  await callApp(app, 'settings.set', { uploads: { concurrency: 1 } });
  // The first upload's chunks take a minute each: it stays under way, the next waits for a slot.
  await setChaos(app, [{ route: 'PUT /upload/', probability: 1, latency_ms: 60_000 }]);
  const names = ['beach day — drone shots, final cut.mp4', 'interview part 2 (long version).mp4', 'paused clip.mp4', 'cancelled clip.mp4'];
  const ids = await addDrafts(app, names, 150_000);
  await callApp(app, 'drafts.pause', { id: ids[2] });
  await callApp(app, 'drafts.cancel', { id: ids[3] });
  try {
    await openQueue(page, app);
    const rows = page.getByRole('list', { name: 'Drafts' }).getByRole('listitem');
    await expect(rows).toHaveCount(4);
    await expect(page.getByRole('progressbar').first()).toBeVisible();
    for (const theme of ['light', 'dark']) {
      await callApp(app, 'settings.set', { appearance: { theme } });
      for (const viewport of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }, { width: 1920, height: 1080 }]) {
        await page.setViewportSize(viewport);
        const read = await rowsRead(page);
        expect(read, `${theme} ${viewport.width}×${viewport.height}`).toMatchObject({ cutNames: [], cutStatus: [] });
      }
    }
    for (const locale of ['es', 'pt-BR', 'ar']) {
      await callApp(app, 'settings.set', { language: { locale } });
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      for (const viewport of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }]) {
        await page.setViewportSize(viewport);
        expect(await rowsRead(page), `${locale} ${viewport.width}×${viewport.height}`).toMatchObject({ cutNames: [], cutStatus: [] });
      }
    }
    // At 800×600 both are cut short, but the name's column is the wider of the two.
    await page.setViewportSize({ width: 800, height: 600 });
    const narrow = await rowsRead(page);
    expect(narrow.name).toBeGreaterThan(narrow.status);
  } finally {
    await callApp(app, 'settings.set', { language: { locale: 'en' }, appearance: { theme: 'light' } });
    await setChaos(app, []);
  }
  expect(consoleErrors).toEqual([]);
});
