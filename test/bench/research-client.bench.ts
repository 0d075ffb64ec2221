/**
 * research-client: 100,000 research records loaded through the app into the results table (the
 * main process paging op 10 with search_id + cursor, 100 a page, keeping the rows, and the
 * renderer following its progress and showing the rows in view), against the same paging done by
 * bare HTTP loops (send, read, JSON.parse, nothing else) against the same sandbox in the same run.
 *
 * Setup: a sandbox in its own process with 1,750,000 research videos (about 103,000 in the last
 * 31 days) and one platform app per run, so every run has a fresh daily quota of 100,000 records;
 * web mode started as a person starts it, on a custom profile pointing at that sandbox (its client
 * secret entered through profile.setClientSecret); Chromium on the Research page. Each app run
 * switches the profile to its own app, enters the query as JSON, presses Search (the first 100),
 * then "Load all up to 100,000". It is timed in the page from the Load all click to the moment the
 * table shows the settled search with all 100,000 loaded, its rows in view painted (the
 * `draftdeck:research-rows` mark). The bare loops are timed over the same 99,900 rows: from the end
 * of their first page. There are two: Node's fetch, and node:http with a keep-alive agent (what the
 * app's HTTP client is built on, and the faster); the ratio is against the faster. One untimed
 * run of each side warms it; then runs alternate app, bare fetch, bare node:http, app, …
 *
 * Then the same app runs while the app uploads a 1 GB video: before each, the file is sent to the
 * app (untimed), queued to ava (signed in on that run's profile) and uploads to the sandbox from
 * its first bytes on through the research load; runs alternate app (uploading), bare node:http.
 *
 * Figures (medians of RUNS runs each):
 *   app_records_per_s / bare_records_per_s, ratio = app / bare (aim ≥ 0.8), bare being the faster
 *   of bare_fetch_records_per_s and bare_http_records_per_s; ratio_fetch and ratio_http against each
 *   upload_app_records_per_s, upload_bare_http_records_per_s, upload_ratio   the app while it uploads
 *                                       1 GB, against the node:http loop run between them (aim ≥ 0.8)
 *   js_heap_empty_mb / js_heap_mb       the page's JS heap before any search / with 100,000 rows loaded
 *                                       (the rows stay in the main process; the page holds those in view)
 *   idle_p95_frame_ms / scroll_p95_frame_ms, scroll_ratio   frame intervals of the table sitting
 *                                       still and scrolling top to bottom and back for a few seconds
 *   app_peak_rss_mb                     peak RSS of the web-mode process (main process + services)
 *
 * Run: npm run bench -- research-client   (needs Chromium: /usr/bin/chromium or CHROMIUM_PATH)
 * Env: RESEARCH_BENCH_RUNS (default 3), RESEARCH_BENCH_RECORDS (default 100000), RESEARCH_BENCH_UPLOAD=0 skips the upload runs.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { removeDir, startWebApp, type RunningWebApp } from '../support/web-app.js';
import { webClient } from '../support/web-client.js';
import { callApp } from './lib/app-call.js';
import { jsHeapMb, scrollFigures } from './lib/page-frames.js';
import { percentile, peakRssMb, reporter } from './lib/report.js';
import { MB, makeFile, startSandboxChild, stopChild } from '../support/sandbox-session.js';

const report = reporter('research-client');
const RUNS = Number(process.env.RESEARCH_BENCH_RUNS ?? 3);
const RECORDS = Number(process.env.RESEARCH_BENCH_RECORDS ?? 100_000);
const SECRET = 'bench_secret_local_only';
const MARK = 'draftdeck:research-rows';
const CLICK_MARK = 'bench:load-all';
const UPLOAD = process.env.RESEARCH_BENCH_UPLOAD !== '0';
const UPLOAD_BYTES = 1024 * MB;
const UPLOADER = 'sbx-user-ava';
/** Rows the Search button loads; both loops are timed over the rows after it. */
const FIRST_PAGE = 100;

const appKey = (kind: 'app' | Baseline | 'upload' | 'upload_http', run: number | 'warm') => `bench_${kind}_${run}`;
/** Builds the dataset before anything is timed (the sandbox builds it on the first research call). */
const WARM_KEY = 'bench_warm';

function sandboxConfig(): unknown {
  const app = (clientKey: string) => ({ client_key: clientKey, client_secret: SECRET, name: clientKey, redirect_uris: ['http://127.0.0.1:*/callback/'], scopes: ['user.info.basic', 'video.upload', 'video.list'] });
  const apps = [app(WARM_KEY), app(appKey('app', 'warm')), app(appKey('http', 'warm'))];
  for (let run = 0; run < RUNS; run++) {
    for (const kind of ['app', 'fetch', 'http'] as const) {
      apps.push(app(appKey(kind, run)));
    }
    apps.push(app(appKey('upload', run)), app(appKey('upload_http', run)));
  }
  return { apps, research: { seed: 42, videos: 1_750_000, accounts: 20_000 }, limits: { init_per_minute: 100, pending_shares_per_24h: 100 } };
}

function windowDates(): { start_date: string; end_date: string } {
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  return { start_date: day(31), end_date: day(1) };
}

const QUERY = { not: [{ field_name: 'region_code', operation: 'EQ', field_values: ['ZZ'] }] };
const FIELDS = ['id', 'create_time', 'username', 'region_code', 'view_count', 'like_count', 'comment_count', 'share_count', 'hashtag_names', 'video_description'];

/** How a bare loop sends one op 10 request and reads its answer's text. */
type Post = (url: string, token: string, body: string) => Promise<string>;

const postWithFetch: Post = async (url, token, body) => {
  const answer = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body });
  return answer.text();
};

const keepAlive = new Agent({ keepAlive: true });
const postWithHttp: Post = (url, token, body) =>
  new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent: keepAlive, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });

/** The two bare loops: Node's fetch, and node:http with a keep-alive agent (what the app's client is built on). */
const BASELINES = { fetch: postWithFetch, http: postWithHttp } as const;
type Baseline = keyof typeof BASELINES;

/**
 * A bare loop: a client token, then op 10 pages of 100 with search_id + cursor, parsed and
 * counted. Timed from the end of the first page, as the app is timed from its Load all click.
 */
/**
 * Sends `file` to the app (untimed), signs ava in on the current profile and queues the file to
 * her; resolves once the upload has sent its first bytes, so it runs through what follows.
 */
async function startUpload(app: RunningWebApp, file: string): Promise<void> {
  const client = webClient(app);
  await client.signIn(UPLOADER);
  const fileId = await client.sendFile(file);
  const [draft] = await client.call('drafts.add', { openId: UPLOADER, files: [{ source: { kind: 'incoming', fileId }, name: 'research-bench.mp4', mimeType: 'video/mp4', durationMs: null }] });
  const deadline = performance.now() + 60_000;
  for (;;) {
    const view = (await client.call('drafts.list')).find((candidate) => candidate.id === draft!.id);
    if (view && (view as { uploadedBytes: number }).uploadedBytes > 0) return;
    if (performance.now() > deadline) throw new Error(`the upload did not start: ${view?.state} ${view?.reason}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function bareRun(baseUrl: string, clientKey: string, post: Post): Promise<number> {
  const tokenAnswer = await fetch(`${baseUrl}/v2/oauth/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_key: clientKey, client_secret: SECRET, grant_type: 'client_credentials' }).toString(),
  });
  const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
  const url = `${baseUrl}/v2/research/video/query/?fields=${FIELDS.join(',')}`;
  let body: Record<string, unknown> = { query: QUERY, ...windowDates(), max_count: 100 };
  const rows: unknown[] = [];
  let started = 0;
  while (rows.length < RECORDS) {
    const text = await post(url, token, JSON.stringify({ ...body, max_count: Math.min(100, RECORDS - rows.length) }));
    const page = JSON.parse(text) as { data: { videos: unknown[]; cursor: number; has_more: boolean; search_id: string }; error: { code: string } };
    if (page.error.code !== 'ok') throw new Error(`bare loop: ${page.error.code}`);
    for (const video of page.data.videos) rows.push(video);
    if (!page.data.has_more) break;
    body = { search_id: page.data.search_id, cursor: page.data.cursor };
    if (started === 0) started = performance.now();
  }
  if (rows.length !== RECORDS) throw new Error(`bare loop found ${rows.length} records, expected ${RECORDS}`);
  return (RECORDS - FIRST_PAGE) / ((performance.now() - started) / 1000);
}

async function useProfile(app: RunningWebApp, baseUrl: string, uploadBaseUrl: string, clientKey: string): Promise<void> {
  await callApp(app, 'settings.set', { profile: { kind: 'custom', name: `Bench ${clientKey}`, baseUrl, uploadHost: uploadBaseUrl, authorizeUrl: `${baseUrl}/v2/auth/authorize/`, clientKey, secret: { store: 'vault' } } });
  await callApp(app, 'profile.setClientSecret', { secret: SECRET });
}

/**
 * One app run in the page: query as JSON, Search (the first page), then Load all up to RECORDS,
 * timed in the page from the Load all click to the table showing the settled search.
 */
async function appRun(page: Page): Promise<number> {
  await page.getByRole('tab', { name: 'JSON' }).click();
  await page.getByRole('textbox', { name: /The query as sent to the platform/ }).fill(JSON.stringify({ query: QUERY, ...windowDates(), fields: FIELDS }, null, 2));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByTestId('research-loaded').filter({ hasText: new RegExp(`^${FIRST_PAGE} videos loaded`) }).waitFor({ timeout: 60_000 });
  await page.getByRole('spinbutton', { name: 'Rows to load at most' }).fill(String(RECORDS));
  const loadAll = page.getByRole('button', { name: 'Load all' });
  // The click's own time, in the page: Playwright's checks before it clicks are not the app's time.
  await loadAll.evaluate((button, mark) => button.addEventListener('click', () => performance.mark(mark), { once: true }), CLICK_MARK);
  await loadAll.click();
  const handle = await page.waitForFunction(
    ([mark, clickMark, records]) => {
      const clicked = performance.getEntriesByName(clickMark).at(-1);
      const entry = clicked && performance.getEntriesByName(mark).find((e) => e.startTime > clicked.startTime && (e as PerformanceMark).detail.rows === records);
      return entry ? entry.startTime - clicked!.startTime : null;
    },
    [MARK, CLICK_MARK, RECORDS] as const,
    { timeout: 600_000, polling: 100 },
  );
  const elapsedMs = (await handle.jsonValue())!;
  return (RECORDS - FIRST_PAGE) / (elapsedMs / 1000);
}

/** The web-mode node process (npm runs it under a shell): the one whose command line names our data dir. */
function webProcessPid(dataDir: string): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmdline[0]?.endsWith('node') && cmdline.includes(dataDir) && !cmdline.some((arg) => arg.endsWith('npm-cli.js') || arg === 'npm')) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

async function main(): Promise<void> {
  const sandboxDir = mkdtempSync(join(tmpdir(), 'dd-bench-research-'));
  const configPath = join(sandboxDir, 'config.json');
  writeFileSync(configPath, JSON.stringify(sandboxConfig()));
  const { child, ready } = await startSandboxChild(sandboxDir, { configPath });
  const app = await startWebApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  try {
    const warm = performance.now();
    await bareRun(ready.base_url, WARM_KEY, postWithFetch);
    process.stderr.write(`research-client: dataset ready after ${((performance.now() - warm) / 1000).toFixed(1)} s\n`);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await useProfile(app, ready.base_url, ready.upload_base_url, appKey('app', 'warm'));
    await page.goto(`${app.url}#/research`);
    await page.getByRole('heading', { level: 1, name: 'Research' }).waitFor();
    report('js_heap_empty_mb', await jsHeapMb(page), 'MB');

    // One untimed run of the app (on the profile the page opened with) and of the node:http loop
    // (the fetch loop warmed the dataset), so that no figure includes compiling the code it runs.
    await appRun(page);
    await bareRun(ready.base_url, appKey('http', 'warm'), postWithHttp);

    const rates: Record<'app' | Baseline, number[]> = { app: [], fetch: [], http: [] };
    for (let run = 0; run < RUNS; run++) {
      await useProfile(app, ready.base_url, ready.upload_base_url, appKey('app', run));
      rates.app.push(await appRun(page));
      for (const baseline of ['fetch', 'http'] as const) rates[baseline].push(await bareRun(ready.base_url, appKey(baseline, run), BASELINES[baseline]));
      process.stderr.write(`research-client: run ${run + 1}: app ${Math.round(rates.app[run]!)} records/s, bare fetch ${Math.round(rates.fetch[run]!)}, bare node:http ${Math.round(rates.http[run]!)}\n`);
    }
    const appMedian = percentile(rates.app, 50);
    const fetchMedian = percentile(rates.fetch, 50);
    const httpMedian = percentile(rates.http, 50);
    report('app_records_per_s', appMedian, 'records/s');
    report('bare_fetch_records_per_s', fetchMedian, 'records/s');
    report('bare_http_records_per_s', httpMedian, 'records/s');
    // Against the faster of the two bare loops, whichever it was this run.
    report('bare_records_per_s', Math.max(fetchMedian, httpMedian), 'records/s');
    report('ratio', appMedian / Math.max(fetchMedian, httpMedian), 'x');
    report('ratio_fetch', appMedian / fetchMedian, 'x');
    report('ratio_http', appMedian / httpMedian, 'x');

    if (UPLOAD) {
      const file = join(sandboxDir, 'upload.mp4');
      await makeFile(file, UPLOAD_BYTES);
      const uploading: Record<'app' | 'http', number[]> = { app: [], http: [] };
      for (let run = 0; run < RUNS; run++) {
        await useProfile(app, ready.base_url, ready.upload_base_url, appKey('upload', run));
        await startUpload(app, file);
        uploading.app.push(await appRun(page));
        uploading.http.push(await bareRun(ready.base_url, appKey('upload_http', run), postWithHttp));
        process.stderr.write(`research-client: uploading 1 GB, run ${run + 1}: app ${Math.round(uploading.app[run]!)} records/s, bare node:http ${Math.round(uploading.http[run]!)}\n`);
      }
      report('upload_app_records_per_s', percentile(uploading.app, 50), 'records/s');
      report('upload_bare_http_records_per_s', percentile(uploading.http, 50), 'records/s');
      report('upload_ratio', percentile(uploading.app, 50) / percentile(uploading.http, 50), 'x');
    }

    report('js_heap_mb', await jsHeapMb(page), 'MB');
    const frames = await scrollFigures(page, '[data-testid="results-scroller"]', { runs: RUNS });
    process.stderr.write(`research-client: p95 frame ms per run (still, scrolling): ${frames.runs.map((run) => `${run.idleP95.toFixed(1)}, ${run.scrollP95.toFixed(1)}`).join('; ')}\n`);
    report('idle_p95_frame_ms', frames.idleP95, 'ms');
    report('scroll_p95_frame_ms', frames.scrollP95, 'ms');
    report('scroll_ratio', frames.scrollP95 / frames.idleP95, 'x');
    const pid = webProcessPid(app.dataDir);
    if (pid !== null) report('app_peak_rss_mb', await peakRssMb(pid), 'MB');
  } finally {
    await browser.close();
    await app.stop();
    removeDir(app.dataDir);
    await stopChild(child);
    removeDir(sandboxDir);
  }
}

await main();
