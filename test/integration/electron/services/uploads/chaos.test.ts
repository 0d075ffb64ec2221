import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadStream } from 'node:fs';
import { basename, join } from 'node:path';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { sha256File, writeMp4File } from '../../../../support/media.js';
import type { DraftView } from '../../../../../electron/core/contract/index.js';

const MB = 1024 * 1024;
let harness: AppHarness;
let sandbox: string;

beforeAll(async () => {
  harness = await startAppHarness();
  await harness.signIn('sbx-user-ava');
  sandbox = await harness.sandboxUrl();
});
afterAll(() => harness.close());

async function extras(path: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${sandbox}${path}`, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return (await response.json()) as { data: Record<string, unknown> };
}

/** Streams each file to the host as web mode does, then queues them. */
async function addFiles(h: AppHarness, paths: string[]): Promise<DraftView[]> {
  const files = [];
  for (const path of paths) {
    const { fileId } = await h.app.incoming.receive(createReadStream(path));
    files.push({ source: { kind: 'incoming' as const, fileId }, name: basename(path), mimeType: 'video/mp4' as const, durationMs: 1000 });
  }
  return h.call('drafts.add', { openId: 'sbx-user-ava', files });
}

async function settle(ids: string[], timeoutMs: number): Promise<DraftView[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const drafts = (await harness.call('drafts.list')).filter((d) => ids.includes(d.id));
    if (drafts.every((d) => ['inbox', 'posted', 'failed'].includes(d.state))) return drafts;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`drafts did not settle: ${JSON.stringify((await harness.call('drafts.list')).map((d) => [d.state, d.reason]))}`);
}

describe('uploads under chaos', () => {
  it('delivers every draft intact through resets mid-chunk, 500s and 429s', { timeout: 300_000 }, async () => {
    await extras('/sandbox/chaos', 'PUT', [
      { route: 'PUT /upload/', probability: 0.35, reset: true },
      { route: 'POST /v2/post/publish/inbox/video/init/', probability: 0.3, status: 500 },
      { route: 'POST /v2/post/publish/status/fetch/', probability: 0.3, status: 429 },
      { route: 'POST /v2/post/publish/status/fetch/', probability: 0.2, status: 503 },
    ]);
    const sizes = [3 * MB + 17, 40 * MB + 5, 70 * MB + 3];
    const paths: string[] = [];
    for (const [i, size] of sizes.entries()) {
      const path = join(harness.dataDir, `clip-${i}.mp4`);
      await writeMp4File(path, size, i + 1);
      paths.push(path);
    }
    const drafts = await addFiles(harness, paths);
    const settled = await settle(drafts.map((d) => d.id), 240_000);
    expect(settled.map((d) => d.state)).toEqual(['inbox', 'inbox', 'inbox']);
    for (const [i, draft] of settled.entries()) {
      const inspected = await extras(`/sandbox/publishes/${draft.publishId}`);
      expect(inspected.data.sha256).toBe(await sha256File(paths[i]!));
      expect(inspected.data.open_id).toBe('sbx-user-ava');
    }
    await extras('/sandbox/chaos', 'PUT', []);
  });
});
