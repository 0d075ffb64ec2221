/**
 * The research data of the sandbox the app runs built in (sandbox/builtin-config.json, copied
 * beside the bundle as dist-platform/builtin-sandbox.json): big enough to try the explorer for
 * real, at least 100,000 videos in every 30-day window a query may ask for (the spec's longest)
 * across the days it covers, the builder's default last 7 days among them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSandboxConfig } from '../../../../sandbox/index.js';
import { DAY_SECONDS, generateDataset } from '../../../../sandbox/research/dataset.js';
import { repoRoot } from '../../../support/backend-process.js';

describe("the built-in sandbox's research data", () => {
  it('has at least 100,000 videos in every 30-day window of the days it covers', { timeout: 120_000 }, () => {
    const config = parseSandboxConfig(JSON.parse(readFileSync(join(repoRoot, 'sandbox', 'builtin-config.json'), 'utf8')));
    const { seed, videos, accounts, span_days: spanDays } = config.research;
    const ds = generateDataset({ seed, videos, accounts, spanDays, today: Date.UTC(2026, 10, 27, 12) });
    expect(ds.spanEnd - ds.spanStart).toBe(spanDays * DAY_SECONDS);
    const perDay = new Array<number>(spanDays).fill(0);
    for (const time of ds.createTime) perDay[Math.floor((time - ds.spanStart) / DAY_SECONDS)]! += 1;
    let fewest = Number.POSITIVE_INFINITY;
    for (let first = 0; first + 30 <= spanDays; first++) fewest = Math.min(fewest, perDay.slice(first, first + 30).reduce((sum, n) => sum + n, 0));
    expect(fewest).toBeGreaterThanOrEqual(100_000);
  });
});
