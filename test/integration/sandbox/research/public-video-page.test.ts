/**
 * A video's public page (`/@{username}/video/{id}`, the convention docs/PLATFORM.md "Research"
 * states): found under its own account's path, in the browser's language; an unknown id or another
 * account's path is 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callB, extras, startTestSandbox, tokenRequest, CLIENT_KEY, CLIENT_SECRET, type Sandbox } from '../../../support/sandbox-client.js';

let sandbox: Sandbox;
let video: { id: string; username: string; like_count: number };

beforeAll(async () => {
  sandbox = await startTestSandbox({ research: { seed: 7, videos: 500, accounts: 50 } });
  const token = (await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'client_credentials' })).body.access_token as string;
  const now = (await extras<{ now_ms: number }>(sandbox, '/sandbox/clock')).data.now_ms;
  const day = (ago: number) => new Date(now - ago * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const page = await callB<{ videos: (typeof video)[] }>(`${sandbox.baseUrl}/v2/research/video/query/?fields=id,username,like_count`, {
    token,
    rawBody: JSON.stringify({ query: { not: [{ field_name: 'region_code', operation: 'EQ', field_values: ['ZZ'] }] }, start_date: day(31), end_date: day(1), max_count: 1 }),
  });
  video = page.data.videos[0]!;
});

afterAll(async () => {
  await sandbox.close();
});

it('shows a video under its account, in the browser language, and 404 for another account or an unknown id', async () => {
  const at = (path: string, language = 'en') => fetch(`${sandbox.baseUrl}${path}`, { headers: { 'Accept-Language': language } });
  const found = await at(`/@${video.username}/video/${video.id}`, 'ja,en;q=0.5');
  expect(found.status).toBe(200);
  expect(found.headers.get('content-language')).toBe('ja');
  const html = await found.text();
  expect(html).toContain(`<h1>@${video.username} の動画 · プラットフォームサンドボックス</h1>`);
  expect(html).toContain(`いいね ${video.like_count.toLocaleString('ja')}`);
  expect((await at(`/@someone_else/video/${video.id}`)).status).toBe(404);
  expect((await at(`/@${video.username}/video/${BigInt(video.id) + 1n}`)).status).toBe(404);
  expect((await at(`/${video.username}/video/${video.id}`)).status).toBe(404);
});
