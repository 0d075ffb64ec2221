/**
 * queue-render: the Queue view in Chromium with 10,000 drafts, against the same view with an
 * empty queue in the same run (same app, same browser, same machine load).
 *
 * Setup, through the app's own front doors: web mode started as a person starts it, an account
 * signed in over HTTP (consent played by test/support/consent-browser.ts), then one small real
 * clip (test/fixtures/media/tiny-1s-h264.mp4) streamed to the host 10,000 times (POST
 * /api/files) and added 500 per drafts.add call. Concurrency is 1, so the queue settles at once:
 * the first drafts reach the inbox, then the platform's limit of 5 pending inbox shares makes the
 * rest wait (a real, stable state with a reason in every row) instead of churning.
 *
 * Figures:
 *   render_empty_ms / render_10k_ms   navigation start → the Queue's first paint of what it holds
 *                                     (the view's `draftdeck:queue-rendered` mark; median of runs)
 *   render_ratio                      render_10k_ms / render_empty_ms
 *   idle_p95_frame_ms                 p95 frame interval of the 10k queue sitting still (the baseline)
 *   scroll_p95_frame_ms               p95 frame interval while the list scrolls top to bottom and back
 *                                     for a few seconds (requestAnimationFrame-driven); each the median
 *                                     of QUEUE_BENCH_RUNS runs alternating still and scrolling
 *   scroll_ratio                      scroll_p95_frame_ms / idle_p95_frame_ms
 *   js_heap_empty_mb / js_heap_mb     the page's JS heap (CDP Performance.getMetrics) after the
 *                                     measurements, empty queue and 10k queue
 *   setup_s                           time to put 10,000 drafts in the queue
 *   loadavg_*                         the machine's 1-minute load average as each part began
 *                                     (/proc/loadavg: other work on the machine counts as much as ours)
 *
 * The same figures again with `_loaded`, measured while the app itself uploads a 1 GB video to the
 * sandbox (lib/big-upload.ts: a real upload through the app, to a second account, since the first
 * one's inbox is full; another starts as soon as one is sent), with upload_mb_s, the upload's pace
 * meanwhile. One loaded scroll run is traced (Chromium's performance trace): what the page's main
 * thread and the other threads spent that time on goes to stderr (wall time, and the main thread's
 * time on a core), and the traces to results/queue-render-*.trace.json, for DevTools; one idle scroll
 * run is traced the same way to compare.
 *
 * Run: npm run bench -- queue-render   (needs Chromium: /usr/bin/chromium or CHROMIUM_PATH)
 * Env: QUEUE_BENCH_DRAFTS (default 10000), QUEUE_BENCH_RUNS (render runs, default 3).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { approveConsent } from '../support/consent-browser.js';
import { removeDir, startWebApp, type RunningWebApp } from '../support/web-app.js';
import { keepUploadingBig } from './lib/big-upload.js';
import { frameIntervals, jsHeapMb, scrollFigures } from './lib/page-frames.js';
import { percentile, reporter } from './lib/report.js';
import { summarizeTrace } from './lib/trace-summary.js';

const report = reporter('queue-render');
const DRAFTS = Number(process.env.QUEUE_BENCH_DRAFTS ?? 10_000);
const RUNS = Number(process.env.QUEUE_BENCH_RUNS ?? 3);
const BATCH = 500;
const UPLOAD_PARALLEL = 16;
const OPEN_ID = 'sbx-user-ava';
/** The accounts the 1 GB uploads go to, in turn (five inbox places each). */
const BIG_OPEN_IDS = ['sbx-user-ben', 'sbx-user-chen'];
const CLIP_PATH = resolve(import.meta.dirname, '../fixtures/media/tiny-1s-h264.mp4');
const CLIP = readFileSync(CLIP_PATH);
const RESULTS = resolve(import.meta.dirname, 'results');
const MARK = 'draftdeck:queue-rendered';

type Result<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

async function callApp<T>(app: RunningWebApp, channel: string, input?: unknown): Promise<T> {
  const response = await fetch(`${app.origin}/api/call/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${app.token}`, ...(input === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: input === undefined ? undefined : JSON.stringify(input),
  });
  const result = (await response.json()) as Result<T>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

async function sendFile(app: RunningWebApp): Promise<string> {
  const response = await fetch(`${app.origin}/api/files`, { method: 'POST', headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/octet-stream' }, body: CLIP });
  const result = (await response.json()) as Result<{ fileId: string }>;
  if (!result.ok) throw new Error(`/api/files: ${result.error.code} ${result.error.message}`);
  return result.value.fileId;
}

async function signIn(app: RunningWebApp, openId: string): Promise<void> {
  const { authorizeUrl } = await callApp<{ authorizeUrl: string }>(app, 'accounts.signIn.start');
  const { callbackStatus } = await approveConsent(authorizeUrl, openId);
  if (callbackStatus !== 200) throw new Error(`sign-in callback answered ${callbackStatus}`);
  for (let tries = 0; tries < 100; tries++) {
    const accounts = await callApp<{ openId: string }[]>(app, 'accounts.list');
    if (accounts.some((account) => account.openId === openId)) return;
    await sleep(100);
  }
  throw new Error('the account did not appear after sign-in');
}

/** Streams the clip `count` times (several at once), adding drafts 500 per call as ids come in. */
async function fillQueue(app: RunningWebApp, count: number): Promise<void> {
  let next = 0;
  const fileIds: string[] = [];
  await Promise.all(
    Array.from({ length: UPLOAD_PARALLEL }, async () => {
      while (next < count) {
        next++;
        fileIds.push(await sendFile(app));
      }
    }),
  );
  for (let start = 0; start < fileIds.length; start += BATCH) {
    const files = fileIds.slice(start, start + BATCH).map((fileId, offset) => ({
      source: { kind: 'incoming', fileId },
      name: `clip ${String(start + offset + 1).padStart(5, '0')}.mp4`,
      mimeType: 'video/mp4',
      durationMs: 1000,
    }));
    // One clip's bytes 10,000 times: queued on purpose, past the duplicate rule.
    await callApp(app, 'drafts.add', { openId: OPEN_ID, files, duplicates: 'allow' });
  }
}

/** Waits until no draft is queued, uploading or processing for a moment (the queue has settled). */
async function waitUntilSettled(app: RunningWebApp, timeoutMs = 60_000): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  let counts: Record<string, number> = {};
  while (Date.now() < deadline) {
    const drafts = await callApp<{ state: string }[]>(app, 'drafts.list');
    counts = {};
    for (const draft of drafts) counts[draft.state] = (counts[draft.state] ?? 0) + 1;
    if (!counts.queued && !counts.uploading && !counts.processing) return counts;
    await sleep(500);
  }
  process.stderr.write(`queue-render: the queue had not settled after ${timeoutMs / 1000} s (${JSON.stringify(counts)}); measuring anyway\n`);
  return counts;
}

/**
 * Opens the Queue in a fresh page and answers when its mark says it painted, and with how many
 * drafts. A page that never paints is loaded once more (said on stderr): the renderer's files are
 * shared with every build in this working tree, and one rebuilt under a loading page breaks it.
 */
async function renderOnce(browser: Browser, app: RunningWebApp, retries = 1): Promise<{ ms: number; drafts: number; page: Page }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${app.url}#/queue`);
  const handle = await page
    .waitForFunction((mark) => {
      const entry = performance.getEntriesByName(mark)[0] as PerformanceMark | undefined;
      return entry ? { ms: entry.startTime, drafts: (entry.detail as { drafts: number }).drafts } : null;
    }, MARK, { timeout: 60_000 })
    .catch(async (error: unknown) => {
      await page.close();
      if (retries === 0) throw error;
      process.stderr.write(`queue-render: the Queue did not paint within 60 s; loading it again\n`);
      return null;
    });
  if (!handle) return renderOnce(browser, app, retries - 1);
  const { ms, drafts } = (await handle.jsonValue())!;
  return { ms, drafts, page };
}

/** The median first paint of RUNS fresh pages; `expected` drafts at least (the loaded runs add their big ones). */
async function medianRender(browser: Browser, app: RunningWebApp, expected: number): Promise<{ ms: number; page: Page }> {
  const times: number[] = [];
  let last: Page | null = null;
  for (let run = 0; run < RUNS; run++) {
    await last?.close();
    const { ms, drafts, page } = await renderOnce(browser, app);
    if (drafts < expected || drafts > expected + 20) throw new Error(`the queue rendered with ${drafts} drafts, expected ${expected}`);
    times.push(ms);
    last = page;
  }
  return { ms: percentile(times, 50), page: last! };
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

/** First paint, frames still and scrolling, and the list really scrolled: the figures of one part, named with `suffix`. */
async function measureQueue(browser: Browser, app: RunningWebApp, suffix: string, emptyMs: number): Promise<Page> {
  report(`loadavg${suffix}`, loadAverage(), 'load');
  const full = await medianRender(browser, app, DRAFTS);
  report(`render_10k${suffix}_ms`, full.ms, 'ms');
  report(`render_ratio${suffix}`, full.ms / emptyMs, 'x');
  const rows = await full.page.locator('.draft-list > li').count();
  if (rows === 0 || rows > 60) throw new Error(`expected a virtualized list with a screenful of rows, found ${rows} rows`);

  const frames = await scrollFigures(full.page, '#main', { runs: RUNS });
  process.stderr.write(`queue-render${suffix}: p95 frame ms per run (still, scrolling): ${frames.runs.map((run) => `${run.idleP95.toFixed(1)}, ${run.scrollP95.toFixed(1)}`).join('; ')}\n`);
  report(`idle_p95_frame${suffix}_ms`, frames.idleP95, 'ms');
  report(`scroll_p95_frame${suffix}_ms`, frames.scrollP95, 'ms');
  report(`scroll_ratio${suffix}`, frames.scrollP95 / frames.idleP95, 'x');
  // The list really moved: halfway down, the rows on screen are from the middle of the queue.
  await full.page.evaluate(`(() => { const main = document.getElementById('main'); main.scrollTop = (main.scrollHeight - main.clientHeight) / 2; })()`);
  let position = 0;
  for (let tries = 0; tries < 50 && position <= DRAFTS / 3; tries++) {
    await sleep(50);
    position = Number(await full.page.locator('.draft-list > li').first().getAttribute('aria-posinset'));
  }
  if (position <= DRAFTS / 3) throw new Error(`scrolled halfway but the first row on screen is #${position}`);
  report(`js_heap${suffix}_mb`, await jsHeapMb(full.page), 'MB');
  return full.page;
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'blink.user_timing'];

/** Traces `work` in the page: where its time went, to stderr, and the trace for DevTools (results/queue-render-<what>.trace.json). */
async function profile(browser: Browser, page: Page, what: string, work: () => Promise<string>): Promise<void> {
  await browser.startTracing(page, { path: join(RESULTS, `queue-render-${what}.trace.json`), categories: TRACE_CATEGORIES });
  const said = await work();
  const trace = await browser.stopTracing();
  const summary = summarizeTrace((JSON.parse(trace.toString('utf8')) as { traceEvents: Parameters<typeof summarizeTrace>[0] }).traceEvents);
  const line = (entries: { name: string; ms: number }[]) => entries.map((entry) => `${entry.name} ${entry.ms.toFixed(0)}`).join(', ');
  process.stderr.write(
    `queue-render profile (${what}: ${said}; traced ${summary.spanMs.toFixed(0)} ms): ` +
      `main thread busy ${summary.mainBusyMs.toFixed(0)} ms of which on a core ${summary.mainCpuMs.toFixed(0)} ms, longest task ${summary.longestTaskMs.toFixed(1)} ms; main thread by kind (ms): ${line(summary.mainByKind.slice(0, 8).map((k) => ({ name: k.kind, ms: k.ms })))}; ` +
      `busy threads (ms): ${line(summary.threads.map((t) => ({ name: t.thread, ms: t.busyMs })))}\n`,
  );
}

/** One scroll run traced. */
async function profileScroll(browser: Browser, page: Page, what: string): Promise<void> {
  await profile(browser, page, what, async () => `frame p95 ${percentile(await frameIntervals(page, '#main', 4000, true), 95).toFixed(1)} ms`);
}

/** One scroll run and one first paint of the queue, traced. */
async function profileLoaded(browser: Browser, app: RunningWebApp, page: Page): Promise<void> {
  await profileScroll(browser, page, 'loaded-scroll');
  const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await profile(browser, fresh, 'loaded-first-paint', async () => {
    await fresh.goto(`${app.url}#/queue`);
    const ms = await fresh.waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null, MARK, { timeout: 60_000 });
    return `first paint ${Number(await ms.jsonValue()).toFixed(0)} ms`;
  });
  await fresh.close();
}

async function main(): Promise<void> {
  const app = await startWebApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const bigDir = mkdtempSync(join(tmpdir(), 'queue-render-big-'));
  try {
    await signIn(app, OPEN_ID);
    await callApp(app, 'settings.set', { uploads: { concurrency: 1 } });

    // Baseline: the same view, same account, nothing in the queue.
    report('loadavg_empty', loadAverage(), 'load');
    const empty = await medianRender(browser, app, 0);
    report('render_empty_ms', empty.ms, 'ms');
    report('js_heap_empty_mb', await jsHeapMb(empty.page), 'MB');
    await empty.page.close();

    const setupStart = performance.now();
    await fillQueue(app, DRAFTS);
    const counts = await waitUntilSettled(app);
    report('setup_s', (performance.now() - setupStart) / 1000, 's');
    process.stderr.write(`queue-render: ${DRAFTS} drafts: ${JSON.stringify(counts)}\n`);

    const still = await measureQueue(browser, app, '', empty.ms);
    await profileScroll(browser, still, 'idle-scroll');
    await still.close();

    // Loaded: the app uploads a 1 GB video meanwhile (to other accounts: the first one's inbox is full).
    for (const openId of BIG_OPEN_IDS) await signIn(app, openId);
    const big = keepUploadingBig(app, callApp, bigDir, CLIP_PATH, BIG_OPEN_IDS);
    try {
      await big.uploading();
      const sentBefore = await big.sentBytes();
      const started = performance.now();
      const page = await measureQueue(browser, app, '_loaded', empty.ms);
      const seconds = (performance.now() - started) / 1000;
      report('upload_mb_s_loaded', ((await big.sentBytes()) - sentBefore) / (1024 * 1024) / seconds, 'MB/s');
      process.stderr.write(`queue-render: 1 GB uploads started during the loaded part: ${big.rounds()}\n`);
      await big.uploading();
      await profileLoaded(browser, app, page);
    } finally {
      await big.stop();
    }
  } finally {
    await browser.close();
    await app.stop();
    removeDir(app.dataDir);
    removeDir(bigDir);
  }
}

await main();
