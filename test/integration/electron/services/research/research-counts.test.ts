/**
 * What the app says it has against what the platform did, while rows are still loading: a cancel
 * that lands while a page the platform answered (and counted) is on its way counts it, so the
 * app's day count is the platform's; an export is a snapshot whose file holds exactly the rows its
 * answer counts, however many loaded before the download was fetched.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchView, VideoSearchRequest } from '../../../../../electron/core/contract/research.js';
import { DOWNLOAD_PATH_PREFIX } from '../../../../../electron/services/downloads.js';
import { parseSandboxConfig, startSandbox } from '../../../../../sandbox/index.js';
import { startAnswerProxy, type AnswerProxy } from '../../../../support/answer-proxy.js';
import { attachedSandboxLauncher, builtinPlatform } from '../../../../support/builtin-platform.js';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { waitFor } from '../../../../support/wait-for.js';
import { extras, type Sandbox } from '../../../../support/sandbox-client.js';

let app: AppHarness | null = null;
let proxy: AnswerProxy | null = null;
afterEach(async () => {
  await app?.close();
  await proxy?.close();
  app = proxy = null;
});

const RESEARCH = { research: { seed: 11, videos: 20_000, accounts: 300 } };

async function harness(): Promise<{ h: AppHarness; sandbox: Sandbox }> {
  app = await startAppHarness({ host: { builtinPlatform: builtinPlatform({ sandboxConfig: parseSandboxConfig(RESEARCH) }) } });
  await app.signIn('sbx-user-ava');
  return { h: app, sandbox: { baseUrl: await app.sandboxUrl() } as Sandbox };
}

/**
 * The app on a sandbox it reaches through an answer proxy: the platform answers each research
 * page (and counts it) at once, the app hears of it `delayMs` later, so a cancel lands while a
 * page the platform answered is on its way.
 */
async function harnessBehindSlowAnswers(delayMs: number): Promise<{ h: AppHarness; sandbox: Sandbox }> {
  const handle = await startSandbox({ config: parseSandboxConfig(RESEARCH) });
  proxy = await startAnswerProxy(handle.baseUrl, (req) => (req.method === 'POST' && req.url?.startsWith('/v2/research/video/query/') ? { delayMs } : 'relay'));
  const launch = attachedSandboxLauncher({ ...handle, baseUrl: proxy.url }, { closeWithApp: true });
  app = await startAppHarness({ host: { clock: handle.clock, builtinPlatform: builtinPlatform({ launch }) } });
  await app.signIn('sbx-user-ava');
  return { h: app, sandbox: { baseUrl: handle.baseUrl } as Sandbox };
}

async function request(sandbox: Sandbox): Promise<VideoSearchRequest> {
  const now = (await extras<{ now_ms: number }>(sandbox, '/sandbox/clock')).data.now_ms;
  const day = (ago: number) => new Date(now - ago * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  return { query: { not: [{ field_name: 'region_code', operation: 'EQ', field_values: ['ZZ'] }] }, start_date: day(31), end_date: day(1), fields: ['id', 'create_time', 'like_count'] };
}

/** Requests and records the sandbox counted today, over every app (its console's table). */
async function platformCounts(sandbox: Sandbox): Promise<{ requests: number; records: number }> {
  const console = await fetch(`${sandbox.baseUrl}/sandbox/console`).then((res) => res.text());
  const rows = [...console.matchAll(/<td>(\d+) \/ \d+<\/td><td>(\d+) \/ \d+<\/td>/g)];
  return { requests: rows.reduce((sum, match) => sum + Number(match[1]), 0), records: rows.reduce((sum, match) => sum + Number(match[2]), 0) };
}

const slowPages = (sandbox: Sandbox, latencyMs: number) => extras(sandbox, '/sandbox/chaos?seed=3', 'PUT', [{ route: 'POST /v2/research/video/query/', probability: 1, latency_ms: latencyMs }]);
const loading = (h: AppHarness, sessionId: string, atLeast: number) => h.waitForEvent('research.progress', (view) => view.sessionId === sessionId && view.state === 'loading' && view.loaded >= atLeast, 60_000);

describe('research counts while rows load', () => {
  it('a cancel counts the page the platform answered: the app counts what the platform counted, requests and records', async () => {
    const { h, sandbox } = await harnessBehindSlowAnswers(300);
    const req = await request(sandbox);
    const before = await platformCounts(sandbox);
    const { sessionId } = await h.call('research.search.start', { request: req });
    await h.call('research.search.load', { sessionId, upTo: 100_000 });
    await loading(h, sessionId, 300);
    // The next page is answered and counted by the platform; its answer is on its way to the app.
    await waitFor('a page answered and on its way', async () => (proxy!.waiting > 0 ? true : undefined));
    const cancelled: SearchView = await h.call('research.search.cancel', { sessionId });
    expect(cancelled.state).toBe('cancelled');
    const counted = await platformCounts(sandbox);
    const { quota } = await h.call('research.status');
    expect({ requests: quota!.requestsUsed, records: quota!.recordsUsed }).toEqual({ requests: counted.requests - before.requests, records: counted.records - before.records });
    // What was counted was kept: the rows are every record the platform gave.
    expect(cancelled.loaded).toBe(quota!.recordsUsed);
  }, 120_000);

  it('an export made while rows load holds exactly the rows its answer counts, fetched after more loaded', async () => {
    const { h, sandbox } = await harness();
    // 150 ms a page of 100: the query's 1,161 rows take about 2 s, the last 600 about 1 s after the export is asked for.
    expect((await slowPages(sandbox, 150)).status).toBe(200);
    const { sessionId } = await h.call('research.search.start', { request: await request(sandbox) });
    await h.call('research.search.load', { sessionId, upTo: 100_000 });
    await loading(h, sessionId, 500);
    const exported = await h.call('research.export', { sessionId, format: 'ndjson' });
    expect(exported.kind).toBe('download');
    if (exported.kind !== 'download') return;
    // Rows go on loading before the download is fetched: all of them. (Waiting for 500 more never
    // ended when the export came late on a loaded machine: fewer than 500 were left to load.)
    const done = await h.waitForEvent('research.progress', (view) => view.sessionId === sessionId && view.state === 'done', 60_000);
    expect(done.loaded).toBeGreaterThan(exported.rows);
    const download = h.app.downloads.take(exported.url.slice(DOWNLOAD_PATH_PREFIX.length))!;
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await download.write(out);
    const ids = text.trimEnd().split('\n').map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toHaveLength(exported.rows);
    const rows = await h.call('research.search.rows', { sessionId, from: 0, max: exported.rows });
    expect(ids).toEqual(rows.rows.map((row) => row.id));
    await h.call('research.search.cancel', { sessionId });
  }, 120_000);
});
