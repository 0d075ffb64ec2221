/**
 * Every view, and the dialogs and cards it opens, usable from Electron's smallest window (800×600)
 * to 2560×1440 in both themes: an axe-core scan finds no serious or critical violation, nothing
 * overlaps or runs off the window sideways, text cut short ends in an ellipsis with its whole text
 * reachable, and every action is reachable with the keyboard (test/e2e/fixtures/layout-checks.ts).
 * The layout is checked at every size; axe-core once per view, theme and locale (AXE_VIEWPORT: what
 * it checks, names, roles, labels and contrast, follows the theme and the words, not the size, and
 * its scan is most of this spec's time).
 *
 * The views hold what a person's would: three accounts signed in, drafts with long file names in
 * every state the queue settles into, photos in the composer, a research search with its results
 * and an account card, a store order waiting for payment. One web-mode app serves every case.
 * The second test checks the views again in the pseudo-locale and in Arabic (issue 30).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { fixturePath, fixturePhotos } from '../support/photos.js';
import { removeDir, startWebApp, type RunningWebApp } from '../support/web-app.js';
import { webClient } from '../support/web-client.js';
import { keyboardProblems, layoutProblems } from './fixtures/layout-checks.js';

const VIEWPORTS = [
  { width: 800, height: 600 },
  { width: 1280, height: 800 },
  { width: 2560, height: 1440 },
] as const;
const THEMES = ['light', 'dark'] as const;
/** Where axe-core scans in each theme (the layout checks run at every size). */
const AXE_VIEWPORT = VIEWPORTS[1];
/** Where it scans in each locale: the smallest window, where longer words run out of room first. */
const AXE_LOCALE_VIEWPORT = VIEWPORTS[0];
const CLIP = readFileSync(resolve(import.meta.dirname, '../fixtures/media/tiny-1s-h264.mp4'));

/** File names as people's cameras and editors make them: long, with no spaces to break at. */
const LONG_NAMES = [
  'VID_20260714_183355_HDR_stabilized_final_FINAL_v7_export_for_inbox_upload_1080p60.mp4',
  'Summer holiday at the lake house with the whole family — sunset drone panorama (director’s cut, colour graded).mp4',
  'a.mp4',
  'interview-with-the-baker-of-the-year-part-2-of-5-uncut-raw-camera-b-angle-wide.mp4',
  'IMG_0001.MOV.mp4',
  'Ünïcödé naïve café résumé — 日本語のファイル名 — 한국어 파일 이름.mp4',
  'product_unboxing_review_and_first_impressions_with_giveaway_announcement_at_the_end.mp4',
];

interface View {
  name: string;
  hash: string;
  heading: string;
  /** Opens what the case is about (a dialog, a card) once the view is showing. */
  open?: (page: Page) => Promise<void>;
  close?: (page: Page) => Promise<void>;
}

const VIEWS: View[] = [
  { name: 'Queue', hash: '#/queue', heading: 'Queue' },
  {
    name: 'Queue with the URL form open',
    hash: '#/queue',
    heading: 'Queue',
    async open(page) {
      await page.getByRole('button', { name: 'Add by URL' }).click();
      await expect(page.getByLabel('Video URL')).toBeFocused();
    },
    async close(page) {
      await page.getByRole('form', { name: 'Add a video by URL' }).getByRole('button', { name: 'Close' }).click();
      await expect(page.getByLabel('Video URL')).toHaveCount(0);
    },
  },
  { name: 'Photos', hash: '#/photos', heading: 'Photos' },
  {
    name: 'Research with results and an account card',
    hash: '#/research',
    heading: 'Research',
    async open(page) {
      const table = page.getByRole('table', { name: 'Loaded videos' });
      const user = table.getByRole('row').nth(1).getByRole('button', { name: /^@/ });
      const username = (await user.textContent())!.replace('@', '');
      await user.click();
      await expect(page.getByRole('region', { name: `Account @${username}` }).getByRole('term').filter({ hasText: 'Followers' })).toBeVisible();
    },
  },
  { name: 'Store', hash: '#/store', heading: 'Store' },
  { name: 'Accounts', hash: '#/accounts', heading: 'Accounts' },
  {
    name: 'Accounts with the remove dialog open',
    hash: '#/accounts',
    heading: 'Accounts',
    async open(page) {
      await page.getByRole('button', { name: 'Remove Ava Makes' }).click();
      await expect(page.getByRole('dialog', { name: 'Remove Ava Makes?' })).toBeVisible();
    },
    async close(page) {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
  },
  { name: 'Settings', hash: '#/settings', heading: 'Settings' },
];

let app: RunningWebApp;
let page: Page;
const pageErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  app = await startWebApp();
  const client = webClient(app);
  for (const openId of ['sbx-user-ava', 'sbx-user-ben', 'sbx-user-chen']) await client.signIn(openId);
  await client.call('settings.set', { uploads: { concurrency: 1 } });
  await fillQueue(client);
  page = await openPage(browser, app);
  await populatePhotos(page);
  await populateResearch(page);
  await populateStore(page);
});

test.afterAll(async () => {
  await page?.context().close();
  await app?.stop();
  if (app) removeDir(app.dataDir);
});

// One test, a step per view, so one app serves them all and every view is checked even when one fails.
test('every view is usable from 800×600 to 2560×1440 in both themes', async () => {
  test.setTimeout(900_000);
  for (const view of VIEWS) {
    await test.step(view.name, async () => {
      await showView(page, view);
      const problems: string[] = [];
      for (const theme of THEMES) {
        await setTheme(page, theme);
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await settle(page);
          const where = `${theme} ${viewport.width}×${viewport.height}`;
          if (viewport === AXE_VIEWPORT) for (const violation of await axeViolations(page)) problems.push(`${where}: axe ${violation}`);
          for (const problem of await layoutProblems(page)) problems.push(`${where}: ${problem}`);
          if (theme === 'light') {
            for (const problem of await keyboardProblems(page)) problems.push(`${where}: ${problem}`);
            await settle(page);
          }
        }
      }
      await view.close?.(page);
      expect.soft(problems, view.name).toEqual([]);
    });
  }
  expect(pageErrors).toEqual([]);
});

/**
 * The same views in the pseudo-locale (every word accented and 40% longer, so text English fits
 * by luck shows as clipped or overlapping) and in Arabic (right to left): at the two smallest
 * sizes, where text runs out of room first. Dialogs are opened by their English names above, so
 * here each view is checked as it first shows.
 */
/**
 * Views whose words are not in the message catalogs yet (issue 30: eslint.config.js's I18N_PENDING
 * lists their files): their heading is still the English one, so only their layout is checked
 * here. A view leaves this list when it is converted.
 */
const NOT_YET_IN_MESSAGES = new Set<string>();

test('every view in the pseudo-locale and in Arabic, right to left, at 800×600 and 1280×800', async () => {
  test.setTimeout(600_000);
  await setTheme(page, 'light');
  try {
    for (const locale of ['en-XA', 'ar'] as const) {
      await webClient(app).call('settings.set', { language: { locale } });
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      for (const view of VIEWS.filter((candidate) => !candidate.open)) {
        await test.step(`${view.name} in ${locale}`, async () => {
          await page.setViewportSize(VIEWPORTS[1]);
          await page.evaluate((hash) => (window.location.hash = hash), view.hash);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          // The view speaks the locale: its heading is not the English one (soft: the other checks still run).
          if (!NOT_YET_IN_MESSAGES.has(view.name)) await expect.soft(page.getByRole('heading', { level: 1 }), `${view.name}'s heading in ${locale}`).not.toHaveText(view.heading);
          const problems: string[] = [];
          for (const viewport of VIEWPORTS.slice(0, 2)) {
            await page.setViewportSize(viewport);
            await settle(page);
            const where = `${locale} ${viewport.width}×${viewport.height}`;
            if (viewport === AXE_LOCALE_VIEWPORT) for (const violation of await axeViolations(page)) problems.push(`${where}: axe ${violation}`);
            for (const problem of await layoutProblems(page)) problems.push(`${where}: ${problem}`);
          }
          expect.soft(problems, `${view.name} in ${locale}`).toEqual([]);
        });
      }
    }
  } finally {
    await webClient(app).call('settings.set', { language: { locale: 'en' } });
  }
  expect(pageErrors).toEqual([]);
});

async function openPage(browser: Browser, running: RunningWebApp): Promise<Page> {
  // A context of its own: axe-core needs one to scan the page's frames.
  const opened = await (await browser.newContext({ viewport: VIEWPORTS[1] })).newPage();
  opened.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') pageErrors.push(`${message.type()}: ${message.text()}`);
  });
  opened.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
  await opened.goto(running.url);
  await expect(opened.getByRole('heading', { level: 1 })).toHaveText('Queue');
  return opened;
}

async function showView(on: Page, view: View): Promise<void> {
  await on.setViewportSize(VIEWPORTS[1]);
  await on.evaluate((hash) => (window.location.hash = hash), view.hash);
  await expect(on.getByRole('heading', { level: 1 })).toHaveText(view.heading);
  await view.open?.(on);
}

async function setTheme(on: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await webClient(app).call('settings.set', { appearance: { theme } });
  await expect(on.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * The page as it first shows at this size: every scroller at its top; then two frames, so layout,
 * virtualized lists and observers have caught up.
 */
async function settle(on: Page): Promise<void> {
  await on.evaluate(() => {
    for (const element of document.querySelectorAll('*')) if (element.scrollTop > 0 || element.scrollLeft > 0) element.scrollTo(0, 0);
  });
  await on.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

async function axeViolations(on: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page: on }).analyze();
  expect(results.passes.length, 'axe-core checked the page').toBeGreaterThan(10);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

/** Drafts with long names for two accounts; concurrency 1, so five reach Ava's inbox and the rest wait (a pending-share limit), as a busy queue does. */
async function fillQueue(client: ReturnType<typeof webClient>): Promise<void> {
  for (const [openId, names] of [
    ['sbx-user-ava', [...LONG_NAMES, 'extra-take-1.mp4', 'extra-take-2.mp4']],
    ['sbx-user-ben', LONG_NAMES.slice(0, 2)],
  ] as const) {
    const files = [];
    for (const name of names) {
      const response = await fetch(`${app.origin}/api/files`, { method: 'POST', headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/octet-stream' }, body: CLIP });
      const { value } = (await response.json()) as { value: { fileId: string } };
      files.push({ source: { kind: 'incoming' as const, fileId: value.fileId }, name, mimeType: 'video/mp4' as const, durationMs: 1000 });
    }
    // One clip's bytes under every name: queued on purpose, past the duplicate rule.
    await client.call('drafts.add', { openId, files, duplicates: 'allow' });
  }
  await expect
    .poll(async () => (await client.call('drafts.list')).filter((draft) => ['queued', 'uploading', 'processing'].includes(draft.state)).length, { timeout: 120_000 })
    .toBe(0);
}

/** Twelve photos in the composer, two of them with long names, prepared and ready to send. */
async function populatePhotos(on: Page): Promise<void> {
  await on.evaluate(() => (window.location.hash = '#/photos'));
  const chosen = fixturePhotos.slice(0, 12);
  const payload = chosen.map((photo, index) => ({
    name: index === 0 ? 'IMG_20260714_183355_PANORAMA_stitched_from_fourteen_frames_at_the_harbour_final.jpg' : index === 1 ? 'Family reunion at the lake house, everybody in one picture, taken by the neighbour.png' : photo.name,
    type: { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' }[photo.format],
    bytes: [...readFileSync(fixturePath(photo.name))],
  }));
  const dataTransfer = await on.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    return transfer;
  }, payload);
  const zone = on.getByTestId('photos-drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await on.getByRole('checkbox', { name: 'Ava Makes' }).check();
  await on.getByTestId('photo-post').first().getByLabel('Title').fill('Harbour and the lake house: a summer of photos');
  await expect(on.getByText('Ready to send')).toBeVisible({ timeout: 120_000 });
}

/** A search through the builder's JSON tab, 100 results loaded. */
async function populateResearch(on: Page): Promise<void> {
  await on.evaluate(() => (window.location.hash = '#/research'));
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  await on.getByRole('tab', { name: 'JSON' }).click();
  const request = {
    query: { not: [{ field_name: 'region_code', operation: 'EQ', field_values: ['ZZ'] }] },
    start_date: day(31),
    end_date: day(1),
    fields: ['id', 'create_time', 'username', 'region_code', 'view_count', 'like_count', 'comment_count', 'share_count', 'hashtag_names', 'video_description'],
  };
  await on.getByRole('textbox', { name: /The query as sent to the platform/ }).fill(JSON.stringify(request, null, 2));
  await on.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(on.getByTestId('research-loaded')).toHaveText(/^100 videos loaded/, { timeout: 60_000 });
  await on.getByRole('tab', { name: 'Builder' }).click();
}

/** An order waiting for payment, so the history has a row (the payment page opens in a tab, closed here). */
async function populateStore(on: Page): Promise<void> {
  await on.evaluate(() => (window.location.hash = '#/store'));
  const sticker = on.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ has: on.getByRole('heading', { name: 'Sticker pack' }) });
  const payment = on.context().waitForEvent('page');
  await sticker.getByRole('button', { name: 'Buy Sticker pack' }).click();
  await (await payment).close();
  await expect(on.getByRole('table', { name: 'Orders of Ava Makes' }).getByRole('row').filter({ hasText: 'Sticker pack' })).toContainText('Waiting for payment');
}
