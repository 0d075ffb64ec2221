/**
 * The research explorer in Chromium against the embedded sandbox: build a query in the builder
 * (and see it as JSON, with a syntax error located), load two pages, sort by a column, export the
 * loaded rows as CSV through the web host's streamed download and check the file's rows, and open
 * an account from a username in the results (and one the platform does not show).
 */
import { readFileSync } from 'node:fs';
import { webClient } from '../support/web-client.js';
import { handleAt, textLargerThan } from './fixtures/screen-checks.js';
import { test, expect, openApp } from './fixtures/web-app.js';

/** One CSV line's fields (RFC 4180 quoting; the test's rows have no line breaks inside a field). */
function csvFields(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, field]) => (field!.startsWith('"') ? field!.slice(1, -1).replaceAll('""', '"') : field!));
}

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

test('build a query, load two pages, sort, export CSV, open an account', async ({ page, webApp, consoleErrors }) => {
  // The built-in profile's client token comes through its embedded backend, vouched for by an account.
  await webClient(webApp.current).signIn('sbx-user-ava');
  await openApp(page, webApp.current);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Research', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Research');

  // At 1280×800 Look up stays on its box's row in the side column (it dropped under "Account").
  await page.setViewportSize({ width: 1280, height: 800 });
  const usernameBox = (await page.getByPlaceholder('@username').boundingBox())!;
  const lookUp = (await page.getByRole('button', { name: 'Look up' }).boundingBox())!;
  expect(Math.abs(lookUp.y + lookUp.height / 2 - (usernameBox.y + usernameBox.height / 2))).toBeLessThanOrEqual(1);
  expect(lookUp.x).toBeGreaterThan(usernameBox.x + usernameBox.width);
  // "Fields to return": boxes in the app's accent (they were the browser's blue), a space from their names (3 px).
  const boxes = await page.getByRole('group', { name: 'Fields to return' }).locator('label').evaluateAll((labels) =>
    labels.map((label) => {
      const box = label.querySelector('input')!;
      const name = document.createRange();
      name.setStartAfter(box);
      name.setEndAfter(label.lastChild!);
      return { accent: getComputedStyle(box).accentColor, gap: Math.round(name.getBoundingClientRect().left - box.getBoundingClientRect().right) };
    }),
  );
  const accent = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-accent)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
  expect(new Set(boxes.map((box) => box.accent))).toEqual(new Set([accent]));
  expect(Math.min(...boxes.map((box) => box.gap))).toBeGreaterThanOrEqual(6);

  // The builder: drop the starter condition, add "none of: region ZZ", dates over the last 30 days.
  await page.getByRole('button', { name: 'Remove All of these condition 1' }).click();
  await page.getByRole('button', { name: 'Add condition to “None of these”' }).click();
  const condition = page.getByRole('listitem', { name: 'None of these condition 1' });
  await condition.getByRole('combobox', { name: 'None of these condition 1: field' }).selectOption('region_code');
  await condition.getByLabel('None of these condition 1: value').fill('zz9');
  await expect(condition.getByText('“zz9” is not a two-letter country code such as US or GB')).toBeVisible();
  await condition.getByLabel('None of these condition 1: value').fill('ZZ');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(isoDay(31));
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(isoDay(1));

  // The same request as JSON; a syntax error says where, and the builder keeps the last good query.
  await page.getByRole('tab', { name: 'JSON' }).click();
  const json = page.getByRole('textbox', { name: /The query as sent to the platform/ });
  await expect(json).toHaveValue(/"not": \[\s*\{\s*"field_name": "region_code",\s*"operation": "EQ",\s*"field_values": \[\s*"ZZ"/);
  const good = await json.inputValue();
  await json.fill(good.replace('"EQ",', '"EQ"'));
  await expect(page.getByRole('alert')).toHaveText(/The JSON is not valid at line \d+, column \d+/);
  await json.fill(good.replace('"EQ"', '"GT"'));
  await expect(page.getByRole('alert')).toHaveText('query.not[0]: “after / above” does not work with Region: use “is” or “is any of”');
  await json.fill(good);
  await page.getByRole('tab', { name: 'Builder' }).click();

  // Page one, then page two.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const loaded = page.getByTestId('research-loaded');
  await expect(loaded).toHaveText(/^100 videos loaded$/);
  await expect(page.getByTestId('research-quota')).toContainText('Left today: 999 of 1,000 requests, 99,900 of 100,000 records');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(loaded).toHaveText(/^(10[1-9]|1[1-9]\d|200) videos loaded/);
  const total = Number((await loaded.textContent())!.match(/^(\d+)/)![1]);
  expect(total).toBeGreaterThan(100);

  // Sort by likes, ascending (second click): the visible rows read in order.
  const table = page.getByRole('table', { name: 'Loaded videos' });
  await table.getByRole('button', { name: /^Likes/ }).click();
  await expect(table.getByRole('columnheader', { name: /Likes/ })).toHaveAttribute('aria-sort', 'descending');
  await table.getByRole('button', { name: /^Likes/ }).click();
  await expect(table.getByRole('columnheader', { name: /Likes/ })).toHaveAttribute('aria-sort', 'ascending');
  const headers = await table.getByRole('columnheader').allTextContents();
  const likesColumn = headers.findIndex((text) => text.startsWith('Likes'));
  const idColumn = headers.findIndex((text) => text === 'Video');
  // The main process sorts; the rows in view arrive from it, so wait for a screenful in the new order.
  const readRows = () => table.getByRole('row').evaluateAll((rows) => rows.slice(1, 9).map((row) => [...row.querySelectorAll('[role=cell]')].map((cell) => cell.textContent ?? '')));
  const likesOf = (rows: string[][]) => rows.map((cells) => Number(cells[likesColumn]!.replaceAll(',', '')));
  await expect.poll(async () => {
    const likes = likesOf(await readRows());
    return likes.length === 8 && likes.every((value, i) => i === 0 || likes[i - 1]! <= value);
  }).toBe(true);
  const firstRows = await readRows();

  // Export CSV: a download streamed by the web host, with every loaded row once.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^research-.*\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n');
  const header = lines[0]!.split(',');
  expect(header.slice(0, 4)).toEqual(['id', 'video_description', 'create_time', 'region_code']);
  expect(lines).toHaveLength(total + 1);
  const ids = lines.slice(1).map((line) => line.split(',')[0]!);
  expect(new Set(ids).size).toBe(total);
  expect(ids.every((id) => /^\d{19}$/.test(id))).toBe(true);
  // The first row on screen is in the file, and no row in the file has fewer likes.
  const top = firstRows[0]!;
  const inFile = lines.find((line) => line.startsWith(`${top[idColumn]},`));
  expect(inFile).toBeDefined();
  const likesInFile = lines.slice(1).map((line) => Number(csvFields(line)[header.indexOf('like_count')]));
  expect(Math.min(...likesInFile)).toBe(likesOf([top])[0]);
  await expect(page.getByRole('status').filter({ hasText: `Downloading ${total} rows as CSV` })).toBeVisible();

  // An account from a username in the results, then one the platform does not show.
  const username = (await table.getByRole('row').nth(1).getByRole('button', { name: /^@/ }).textContent())!.replace('@', '');
  await table.getByRole('row').nth(1).getByRole('button', { name: `@${username}` }).click();
  const card = page.getByRole('region', { name: `Account @${username}` });
  await expect(card.getByRole('term').filter({ hasText: 'Followers' })).toBeVisible();
  await expect(card.locator('dl')).toContainText(/Followers[\d,]+/);
  // The card speaks as the Accounts view's cards do: each value in the small body size over its smaller muted label (values were 15 px under 12 px labels).
  const sizes = await card.evaluate((element) => ({
    labels: [...new Set([...element.querySelectorAll('dt')].map((dt) => getComputedStyle(dt).fontSize))],
    values: [...new Set([...element.querySelectorAll('dd')].map((dd) => getComputedStyle(dd).fontSize))],
    name: getComputedStyle(element.querySelector('h2')!).fontSize,
  }));
  expect(sizes).toEqual({ labels: ['12px'], values: ['13px'], name: '15px' });
  expect(await textLargerThan(card, 13)).toEqual([]);
  // "Fields to ask for" a gap below the facts (it touched the last value).
  const facts = (await card.locator('dl').boundingBox())!;
  const choose = (await card.locator('summary').boundingBox())!;
  expect(choose.y - (facts.y + facts.height)).toBeGreaterThanOrEqual(8);
  // Right to left the handle still reads "@name" (it read "name@").
  try {
    await webClient(webApp.current).call('settings.set', { language: { locale: 'ar' } });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await handleAt(page.locator('.account-card-research h2'))).toBe('left');
  } finally {
    await webClient(webApp.current).call('settings.set', { language: { locale: 'en' } });
  }
  await page.getByPlaceholder('@username').fill('@nobody_here_at_all');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('region', { name: 'Account @nobody_here_at_all' })).toContainText('Not public: the platform shows no public account @nobody_here_at_all.');
  expect(consoleErrors).toEqual([]);
});

test('research follows the person: kept query, results and account in view, readable columns that fit 1440 px, sort from the top, saved query last run, export notice goes', async ({ page, webApp, consoleErrors }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await webClient(webApp.current).signIn('sbx-user-ava');
  await openApp(page, webApp.current);
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('link', { name: 'Research', exact: true }).click();

  // A query built, then the person goes to the Queue and comes back: the query is still there.
  await page.getByRole('button', { name: 'Remove All of these condition 1' }).click();
  await page.getByRole('button', { name: 'Add condition to “None of these”' }).click();
  await page.getByRole('combobox', { name: 'None of these condition 1: field' }).selectOption('region_code');
  await page.getByLabel('None of these condition 1: value').fill('ZZ');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(isoDay(31));
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(isoDay(1));
  await sections.getByRole('link', { name: 'Queue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Queue');
  await sections.getByRole('link', { name: 'Research', exact: true }).click();
  await expect(page.getByLabel('None of these condition 1: value')).toHaveValue('ZZ');
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(isoDay(31));
  // The builder speaks in one size: its groups' names, the dates' labels and the tabs were 15 px beside 13 px boxes.
  expect(await textLargerThan(page.locator('.query-builder'), 13)).toEqual([]);
  // "Fields to return" names fields as a person reads them, not as the API spells them.
  await expect(page.getByRole('group', { name: 'Fields to return' })).not.toContainText(/[a-z]+_[a-z]+/);

  // Saved, then run from the list: its last run says so.
  await page.getByPlaceholder('Name this query').fill('Not ZZ');
  await page.getByRole('button', { name: 'Save query' }).click();
  const savedQueries = page.getByRole('region', { name: 'Saved queries' });
  const saved = savedQueries.getByRole('listitem').filter({ has: page.getByText('Not ZZ', { exact: true }) });
  await expect(saved).toContainText('never run');
  await saved.getByRole('button', { name: 'Run' }).click();
  await expect(saved).toContainText(/last run \w+ \d+, \d{4}/);
  // Opened with Edit and started with Search, unchanged, a saved query has run too.
  await page.getByPlaceholder('Name this query').fill('Not ZZ either');
  await page.getByRole('button', { name: 'Save query' }).click();
  const other = savedQueries.getByRole('listitem').filter({ has: page.getByText('Not ZZ either', { exact: true }) });
  await expect(other).toContainText('never run');
  await other.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(other).toContainText(/last run \w+ \d+, \d{4}/);

  // Run from the list at the top of the page: the new search's results come into view.
  const results = page.getByRole('region', { name: 'Results' });
  await expect(page.getByTestId('research-loaded')).toHaveText(/^100 videos loaded$/);
  // A window short enough that the results start below it, whatever the builder's height.
  await page.setViewportSize({ width: 1440, height: 600 });
  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await expect(results.getByTestId('research-loaded')).not.toBeInViewport();
  await saved.getByRole('button', { name: 'Run' }).click();
  // Once the new search has started (slow under load), not before.
  await expect(results.getByTestId('research-loaded')).toBeInViewport({ timeout: 30_000 });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The default columns fit the table at 1440 px, each with a readable name.
  const table = page.getByRole('table', { name: 'Loaded videos' });
  const scroller = page.getByTestId('results-scroller');
  await expect.poll(() => scroller.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  const headers = await table.getByRole('columnheader').allTextContents();
  expect(headers).toEqual(['Video', 'Description', 'Posted (UTC)', 'Region', 'Views', 'Likes', 'Comments', 'Account']);
  // Headings cut short (their names and the sort arrow's room), videos' ids and dates cut short, and how far the table scrolls sideways (found by class: its name follows the language).
  const fit = () =>
    page.locator('.results').evaluate((element) => {
      const cut = (box: Element | null | undefined) => !!box && box.scrollWidth > box.clientWidth;
      const rows = [...element.querySelectorAll('.results__row')];
      return {
        cut: [...element.querySelectorAll('[role=columnheader] button')].filter(cut).map((button) => button.textContent),
        cutValues: rows.flatMap((row) => [row.children[0]?.querySelector('button'), row.children[2]].filter(cut).map((box) => box!.textContent)),
        sideways: element.querySelector('[data-testid=results-scroller]')!.scrollWidth - element.querySelector('[data-testid=results-scroller]')!.clientWidth,
      };
    });
  expect(await fit()).toEqual({ cut: [], cutValues: [], sideways: 0 });
  // A number's heading sits over its numbers, at the column's end (it sat at its start).
  const alignments = await page.locator('.results [role=columnheader]').evaluateAll((cells) => Object.fromEntries(cells.map((cell) => [cell.textContent, getComputedStyle(cell).textAlign])));
  expect(alignments).toMatchObject({ 'Posted (UTC)': 'end', Views: 'end', Likes: 'end', Comments: 'end', Video: 'start', Description: 'start' });
  // At 1280×800 too (the description and the account give up width; 140 px scrolled sideways).
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(fit).toEqual({ cut: [], cutValues: [], sideways: 0 });
  // In every language the default columns fit without scrolling sideways at 1280 and 1440 px, every heading whole:
  // Portuguese names are longer ("Visualizações" was cut, then the table scrolled 30 px sideways at 1280).
  try {
    for (const [locale, views] of [['es', 'Vistas'], ['pt-BR', 'Visualizações'], ['id', 'Tayangan'], ['ja', '再生数'], ['ar', 'المشاهدات']] as const) {
      await webClient(webApp.current).call('settings.set', { language: { locale } });
      await expect(page.locator('.results [role=columnheader]').nth(4)).toHaveText(views);
      for (const viewport of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }]) {
        await page.setViewportSize(viewport);
        await expect.poll(fit, `${locale} ${viewport.width}`).toEqual({ cut: [], cutValues: [], sideways: 0 });
      }
      if (locale !== 'pt-BR') continue;
      // The query's name box shows its whole placeholder ("Dê um nome a esta consulta" was cut).
      const nameShown = await page.locator('.query-builder__save input').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return context.measureText(input.placeholder).width <= input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      });
      expect(nameShown).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  } finally {
    await webClient(webApp.current).call('settings.set', { language: { locale: 'en' } });
  }
  await expect(table.getByRole('columnheader').nth(4)).toHaveText('Views');
  // The column chooser shows a hidden column and hides a shown one.
  await results.getByText('Columns', { exact: true }).click();
  const columns = results.getByRole('group', { name: 'Columns to show' });
  await columns.getByRole('checkbox', { name: 'Shares' }).check();
  await columns.getByRole('checkbox', { name: 'Comments' }).uncheck();
  await expect(table.getByRole('columnheader')).toHaveText(['Video', 'Description', 'Posted (UTC)', 'Region', 'Shares', 'Views', 'Likes', 'Account']);
  await expect.poll(fit).toEqual({ cut: [], cutValues: [], sideways: 0 });
  await results.getByText('Columns', { exact: true }).click();
  await page.setViewportSize({ width: 1440, height: 900 });

  // Scrolled down, then sorted: the new order starts at its top.
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByTestId('research-loaded')).toHaveText(/^(1[1-9]\d|200) videos loaded/);
  await scroller.evaluate((box) => box.scrollTo({ top: 2000 }));
  await expect.poll(() => scroller.evaluate((box) => box.scrollTop)).toBeGreaterThan(1000);
  await table.getByRole('button', { name: /^Views/ }).click();
  await expect(table.getByRole('columnheader', { name: /Views/ })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => scroller.evaluate((box) => box.scrollTop)).toBe(0);

  // The export's notice says what happened, then goes by itself.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await downloading;
  const notice = page.getByRole('status').filter({ hasText: /Downloading \d+ rows as CSV/ });
  await expect(notice).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 20_000 });

  // An account opened from a row at the top of the window (the card, above the results, out of view) comes into view.
  const firstRow = table.getByRole('row').nth(1);
  const username = (await firstRow.getByRole('button', { name: /^@/ }).textContent())!.replace('@', '');
  // A shorter window, so the page can scroll that row to its top.
  await page.setViewportSize({ width: 1440, height: 600 });
  await firstRow.evaluate((row) => row.scrollIntoView({ block: 'start' }));
  await firstRow.getByRole('button', { name: `@${username}` }).click();
  const card = page.getByRole('region', { name: `Account @${username}` });
  await expect(card.getByRole('term').filter({ hasText: 'Followers' })).toBeVisible();
  await expect(card).toBeInViewport({ ratio: 1 });

  // A video id opens the video's public page on the platform (web mode: a new tab).
  const row = table.getByRole('row').nth(1);
  const id = (await row.getByRole('cell').first().textContent())!;
  const opened = page.context().waitForEvent('page');
  await row.getByRole('button', { name: `Open video ${id} on the platform` }).click();
  const videoPage = await opened;
  await expect(videoPage).toHaveURL(new RegExp(`/@${username}/video/${id}$`));
  await expect(videoPage.getByRole('heading', { level: 1 })).toHaveText(`Video by @${username} · Platform sandbox`);
  await videoPage.close();
  expect(consoleErrors).toEqual([]);
});
