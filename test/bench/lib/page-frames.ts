/**
 * What the list benchmarks measure in Chromium, one way for all of them: frame intervals of a
 * scroller sitting still or scrolling top to bottom and back, and the page's JS heap.
 */
import type { Page } from '@playwright/test';
import { percentile } from './report.js';

/**
 * Frame intervals over `ms` (requestAnimationFrame to requestAnimationFrame), the element matching
 * `scrollerSelector` scrolling top to bottom and back, or sitting still. Passed as source text:
 * tsx's name-keeping helpers do not exist in the page.
 */
export async function frameIntervals(page: Page, scrollerSelector: string, ms: number, scroll: boolean): Promise<number[]> {
  return page.evaluate(`new Promise((done) => {
    const box = document.querySelector(${JSON.stringify(scrollerSelector)});
    const span = box.scrollHeight - box.clientHeight;
    const intervals = [];
    const start = performance.now();
    let last = start;
    const frame = (now) => {
      intervals.push(now - last);
      last = now;
      const t = (now - start) / ${ms};
      if (${scroll}) box.scrollTop = span * (t < 0.5 ? t * 2 : 2 - t * 2);
      if (now - start < ${ms}) requestAnimationFrame(frame);
      else done(intervals.slice(1));
    };
    requestAnimationFrame(frame);
  })`);
}

export interface ScrollFigures {
  /** Median over the runs of each run's p95 frame interval, sitting still (the baseline) and scrolling. */
  idleP95: number;
  scrollP95: number;
  runs: { idleP95: number; scrollP95: number }[];
}

/** `runs` runs alternating still (`idleMs`) and scrolling (`scrollMs`); each figure the median of the runs' p95s. */
export async function scrollFigures(page: Page, scrollerSelector: string, options: { runs?: number; idleMs?: number; scrollMs?: number } = {}): Promise<ScrollFigures> {
  const { runs = 3, idleMs = 2000, scrollMs = 4000 } = options;
  const measured: ScrollFigures['runs'] = [];
  for (let run = 0; run < runs; run++) {
    const idleP95 = percentile(await frameIntervals(page, scrollerSelector, idleMs, false), 95);
    const scrollP95 = percentile(await frameIntervals(page, scrollerSelector, scrollMs, true), 95);
    measured.push({ idleP95, scrollP95 });
  }
  return {
    idleP95: percentile(measured.map((run) => run.idleP95), 50),
    scrollP95: percentile(measured.map((run) => run.scrollP95), 50),
    runs: measured,
  };
}

/** The page's JS heap in MB after a full garbage collection (CDP Performance.getMetrics). */
export async function jsHeapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0) / (1024 * 1024);
}
