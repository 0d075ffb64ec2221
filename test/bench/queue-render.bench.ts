/**
 * queue-render: the Queue view in Chromium with 10,000 drafts, idle and while the app itself uploads
 * a 1 GB video, against the same view with an empty queue in the same run (same app, same browser,
 * same machine load).
 *
 * Setup, through the app's own front doors (lib/queue-fill.ts): web mode started as a person starts
 * it, an account signed in over HTTP, then one small real clip (test/fixtures/media/tiny-1s-h264.mp4)
 * streamed to the host 10,000 times and added 500 per drafts.add call. Concurrency is 1, so the
 * queue settles at once: the first drafts reach the inbox, then the platform's limit of 5 pending
 * inbox shares makes the rest wait (a real, stable state with a reason in every row).
 *
 * The load (lib/big-upload.ts): real 1 GB uploads through the app to two other accounts in turn (the
 * first one's inbox is full), each video found by the app in a watch folder, the next one queued
 * behind the one being sent. The runs alternate: idle (the big drafts paused through the app,
 * nothing being sent), then loaded (resumed, bytes flowing), QUEUE_BENCH_RUNS
 * times, so both see the same machine; each run opens the Queue in a fresh page (first paint), then
 * frames of that page sitting still (the baseline) and scrolling top to bottom and back.
 *
 * Figures (each the median of the runs; `_loaded` while the 1 GB upload runs):
 *   render_empty_ms                    navigation start → the Queue's first paint, empty queue (the baseline)
 *   render_10k_ms, render_10k_loaded_ms    the same with 10,000 drafts (the view's `draftdeck:queue-rendered` mark:
 *                                      the first screen of rows and the whole queue's counts, from drafts.firstPage)
 *   complete_10k_ms[_loaded]           navigation start → the whole queue loaded behind it (drafts.list; the
 *                                      `draftdeck:queue-complete` mark); stillness and scrolling are measured after it
 *   render_ratio[_loaded]              render_10k / render_empty
 *   idle_p95_frame[_loaded]_ms         p95 frame interval of the 10k queue sitting still (the baseline)
 *   scroll_p95_frame[_loaded]_ms       p95 frame interval while the list scrolls (requestAnimationFrame-driven)
 *   scroll_ratio[_loaded]              scroll / still
 *   js_heap_empty_mb, js_heap_mb       the page's JS heap after a full GC (CDP), empty queue and 10k queue
 *   app_peak_rss_mb                    the app's main process, peak resident memory over the whole run
 *   renderer_peak_rss_mb               the largest Chromium renderer's peak resident memory
 *   upload_mb_s_loaded                 the 1 GB upload's pace during the loaded runs
 *   cpu_*_loaded_cores                 cores used during the loaded runs: the app's main process, its sandbox
 *                                      and backend, Chromium's renderer, and every other process on the machine
 *   setup_s                            time to put 10,000 drafts in the queue
 *   loadavg[_loaded]                   the machine's 1-minute load average, median as the runs began
 *                                      (/proc/loadavg: other work on the machine counts as much as ours)
 *
 * The browser and the app run in this process's session, as the desktop app's window, main process
 * and built-in platform are one session (Electron and its children): on Linux's autogroup
 * scheduling the priorities the app gives its processes count only inside one session.
 *
 * Profiles: one idle and one loaded scroll run and a loaded first paint are traced (Chromium's
 * performance trace; a summary on stderr, the traces in results/queue-render-*.trace.json for
 * DevTools), and during each loaded run where the machine's CPU went, per process, on stderr.
 *
 * Run: npm run bench -- queue-render   (needs Chromium: /usr/bin/chromium or CHROMIUM_PATH)
 * Env: QUEUE_BENCH_DRAFTS (default 10000), QUEUE_BENCH_RUNS (runs of each variant, default 3).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { removeDir, startWebApp, type RunningWebApp } from '../support/web-app.js';
import { keepUploadingBig, type BigUploads } from './lib/big-upload.js';
import { launchChromiumInSession } from './lib/chromium-in-session.js';
import { frameIntervals, jsHeapMb } from './lib/page-frames.js';
import { cpuSpan, processesUnder, type CpuSpan } from './lib/process-usage.js';
import { callApp } from './lib/app-call.js';
import { fillQueue, signIn, sleep, waitUntilSettled } from './lib/queue-fill.js';
import { peakRssMb, percentile, reporter } from './lib/report.js';
import { summarizeTrace } from './lib/trace-summary.js';

const report = reporter('queue-render');
const DRAFTS = Number(process.env.QUEUE_BENCH_DRAFTS ?? 10_000);
const RUNS = Number(process.env.QUEUE_BENCH_RUNS ?? 3);
const OPEN_ID = 'sbx-user-ava';
/** The accounts the 1 GB uploads go to, in turn (five inbox places each). */
const BIG_OPEN_IDS = ['sbx-user-ben', 'sbx-user-chen'];
const CLIP_PATH = resolve(import.meta.dirname, '../fixtures/media/tiny-1s-h264.mp4');
const RESULTS = resolve(import.meta.dirname, 'results');
const MARK = 'draftdeck:queue-rendered';
const COMPLETE_MARK = 'draftdeck:queue-complete';
const STILL_MS = 2000;
const SCROLL_MS = 4000;

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

function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

const median = (values: number[]) => percentile(values, 50);

interface Run {
  load: number;
  renderMs: number;
  completeMs: number;
  stillP95: number;
  scrollP95: number;
}

/** The largest Chromium renderer's peak memory so far (read before its page closes: a closed page's process is gone). */
let rendererPeakMb = 0;

/**
 * One run: the Queue's first paint in a fresh page, then its frames sitting still and scrolling.
 * Answers the page (the last run's is checked and traced).
 */
async function measureRun(browser: Browser, app: RunningWebApp, expected: number): Promise<{ run: Run; page: Page }> {
  const load = loadAverage();
  const { ms, drafts, page } = await renderOnce(browser, app);
  if (drafts < expected || drafts > expected + 20) throw new Error(`the queue rendered with ${drafts} drafts, expected ${expected}`);
  // The frames are those of the whole queue: the rest of it has loaded behind the first screen.
  const complete = await page.waitForFunction((mark) => (performance.getEntriesByName(mark)[0] as PerformanceMark | undefined)?.startTime ?? null, COMPLETE_MARK, { timeout: 60_000 });
  const completeMs = Number(await complete.jsonValue());
  const stillP95 = percentile(await frameIntervals(page, '#main', STILL_MS, false), 95);
  const scrollP95 = percentile(await frameIntervals(page, '#main', SCROLL_MS, true), 95);
  for (const pid of processesUnder([process.pid], (name) => name === 'chromium renderer')) rendererPeakMb = Math.max(rendererPeakMb, await peakRssMb(pid));
  return { run: { load, renderMs: ms, completeMs, stillP95, scrollP95 }, page };
}

/** The list is virtualized and really scrolled: a screenful of rows, and halfway down the rows on screen are from the middle of the queue. */
async function checkList(page: Page): Promise<void> {
  const rows = await page.locator('.draft-list > li').count();
  if (rows === 0 || rows > 60) throw new Error(`expected a virtualized list with a screenful of rows, found ${rows} rows`);
  await page.evaluate(`(() => { const main = document.getElementById('main'); main.scrollTop = (main.scrollHeight - main.clientHeight) / 2; })()`);
  let position = 0;
  for (let tries = 0; tries < 50 && position <= DRAFTS / 3; tries++) {
    await sleep(50);
    position = Number(await page.locator('.draft-list > li').first().getAttribute('aria-posinset'));
  }
  if (position <= DRAFTS / 3) throw new Error(`scrolled halfway but the first row on screen is #${position}`);
}

function reportRuns(runs: Run[], suffix: string, emptyMs: number): void {
  const rendered = median(runs.map((run) => run.renderMs));
  const still = median(runs.map((run) => run.stillP95));
  const scrolled = median(runs.map((run) => run.scrollP95));
  process.stderr.write(`queue-render${suffix}: per run (load, first paint ms, whole queue ms, p95 frame ms still, scrolling): ${runs.map((run) => `${run.load}, ${run.renderMs.toFixed(0)}, ${run.completeMs.toFixed(0)}, ${run.stillP95.toFixed(1)}, ${run.scrollP95.toFixed(1)}`).join('; ')}\n`);
  report(`loadavg${suffix}`, median(runs.map((run) => run.load)), 'load');
  report(`render_10k${suffix}_ms`, rendered, 'ms');
  report(`render_ratio${suffix}`, rendered / emptyMs, 'x');
  report(`complete_10k${suffix}_ms`, median(runs.map((run) => run.completeMs)), 'ms');
  report(`idle_p95_frame${suffix}_ms`, still, 'ms');
  report(`scroll_p95_frame${suffix}_ms`, scrolled, 'ms');
  report(`scroll_ratio${suffix}`, scrolled / still, 'x');
}

const cores = (span: CpuSpan) => span.ours.map((entry) => `${entry.name} ${entry.cores.toFixed(2)}`).join(', ') + `, other processes ${span.othersCores.toFixed(2)}`;

/** Idle and loaded runs in turn; the loaded ones with where the machine's CPU went meanwhile. */
async function measureBoth(browser: Browser, app: RunningWebApp, big: BigUploads, emptyMs: number): Promise<Page> {
  const idle: Run[] = [];
  const loaded: Run[] = [];
  const spans: CpuSpan[] = [];
  let sent = 0;
  let seconds = 0;
  let last: Page | null = null;
  for (let index = 0; index < RUNS; index++) {
    await big.pause();
    const still = await measureRun(browser, app, DRAFTS);
    idle.push(still.run);
    await still.page.close();

    big.resume();
    await big.uploading();
    const sentBefore = big.sentBytes();
    const started = performance.now();
    const usage = cpuSpan([process.pid]);
    await last?.close();
    const busy = await measureRun(browser, app, DRAFTS);
    const span = usage.end();
    spans.push(span);
    process.stderr.write(`queue-render_loaded run ${index + 1}: cores used over ${span.seconds.toFixed(1)} s: ${cores(span)}\n`);
    sent += big.sentBytes() - sentBefore;
    seconds += (performance.now() - started) / 1000;
    loaded.push(busy.run);
    last = busy.page;
  }
  reportRuns(idle, '', emptyMs);
  reportRuns(loaded, '_loaded', emptyMs);
  report('upload_mb_s_loaded', sent / (1024 * 1024) / seconds, 'MB/s');
  const names = [...new Set(spans.flatMap((span) => span.ours.map((entry) => entry.name)))];
  for (const name of ['web.cjs', 'sandbox.cjs', 'backend.cjs', 'chromium renderer'].filter((known) => names.includes(known))) {
    report(`cpu_${name.replace(/\.cjs$/, '').replace(/\W+/g, '_')}_loaded_cores`, median(spans.map((span) => span.ours.find((entry) => entry.name === name)?.cores ?? 0)), 'cores');
  }
  report('cpu_other_processes_loaded_cores', median(spans.map((span) => span.othersCores)), 'cores');
  return last!;
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

/** One scroll run and one first paint of the queue, traced while the upload runs. */
async function profileLoaded(browser: Browser, app: RunningWebApp, page: Page): Promise<void> {
  await profileScroll(browser, page, 'loaded-scroll');
  const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await profile(browser, fresh, 'loaded-first-paint', async () => {
    await fresh.goto(`${app.url}#/queue`);
    const ms = await fresh.waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null, MARK, { timeout: 60_000 });
    const complete = await fresh.waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null, COMPLETE_MARK, { timeout: 60_000 });
    return `first paint ${Number(await ms.jsonValue()).toFixed(0)} ms, whole queue ${Number(await complete.jsonValue()).toFixed(0)} ms`;
  });
  await fresh.close();
}

async function main(): Promise<void> {
  // The window and the app in one session, as the desktop app's processes are (lib/chromium-in-session.ts).
  const app = await startWebApp({ ownSession: false });
  const chromium = await launchChromiumInSession();
  const { browser } = chromium;
  const bigDir = mkdtempSync(join(tmpdir(), 'queue-render-big-'));
  try {
    await signIn(app, OPEN_ID);
    await callApp(app, 'settings.set', { uploads: { concurrency: 1 } });

    // Baseline: the same view, same account, nothing in the queue.
    report('loadavg_empty', loadAverage(), 'load');
    const empties: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const empty = await renderOnce(browser, app);
      if (empty.drafts !== 0) throw new Error(`the empty queue rendered with ${empty.drafts} drafts`);
      empties.push(empty.ms);
      if (run === RUNS - 1) report('js_heap_empty_mb', await jsHeapMb(empty.page), 'MB');
      await empty.page.close();
    }
    const emptyMs = median(empties);
    report('render_empty_ms', emptyMs, 'ms');

    const setupStart = performance.now();
    await fillQueue(app, OPEN_ID, CLIP_PATH, DRAFTS);
    const counts = await waitUntilSettled(app);
    report('setup_s', (performance.now() - setupStart) / 1000, 's');
    process.stderr.write(`queue-render: ${DRAFTS} drafts: ${JSON.stringify(counts)}\n`);

    // The 1 GB uploads go to other accounts: the first one's inbox is full.
    for (const openId of BIG_OPEN_IDS) await signIn(app, openId);
    const big = await keepUploadingBig(app, callApp, bigDir, CLIP_PATH, BIG_OPEN_IDS);
    try {
      const page = await measureBoth(browser, app, big, emptyMs);
      await checkList(page);
      report('js_heap_mb', await jsHeapMb(page), 'MB');
      process.stderr.write(`queue-render: 1 GB uploads begun: ${big.rounds()}\n`);
      await big.uploading();
      await profileLoaded(browser, app, page);
      await page.close();
      await big.pause();
      const still = await renderOnce(browser, app);
      await profileScroll(browser, still.page, 'idle-scroll');
      await still.page.close();
      report('app_peak_rss_mb', await peakRssMb(app.pid), 'MB');
      report('renderer_peak_rss_mb', rendererPeakMb, 'MB');
    } finally {
      await big.stop();
    }
  } finally {
    // The app is stopped whatever the browser's close does: left running, it would go on uploading.
    await chromium.close().finally(async () => {
      await app.stop();
      removeDir(app.dataDir);
      removeDir(bigDir);
    });
  }
}

await main();
