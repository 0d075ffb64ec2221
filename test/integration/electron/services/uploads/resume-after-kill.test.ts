import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebApp, type RunningWebApp } from '../../../../support/web-app.js';
import { webClient } from '../../../../support/web-client.js';
import { sha256File, writeMp4File } from '../../../../support/media.js';
import { Journal } from '../../../../../electron/services/uploads/journal.js';
import { waitFor } from '../../../../support/wait-for.js';

const MB = 1024 * 1024;
const work = mkdtempSync(join(tmpdir(), 'dd-kill-'));
let running: RunningWebApp | null = null;

afterAll(async () => {
  await running?.stop();
  rmSync(work, { recursive: true, force: true });
});


describe('crash safety', () => {
  it('resumes after kill -9 re-sending at most one chunk, and never sends a draft twice', { timeout: 240_000 }, async () => {
    const dataDir = join(work, 'data');
    running = await startWebApp({ dataDir });
    let client = webClient(running);
    await client.signIn('sbx-user-ava');
    const sandbox = await client.sandboxUrl();
    // Slow each chunk down so the kill lands mid-upload.
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 400 }]) });

    const source = join(work, 'long-take.mp4');
    await writeMp4File(source, 200 * MB + 11, 7);
    const [draft] = await client.addVideos('sbx-user-ava', [source]);
    const midway = await waitFor('two chunks acknowledged', async () => {
      const current = (await client.call('drafts.list')).find((d) => d.id === draft!.id);
      return current && current.nextChunk >= 2 ? current : undefined;
    });
    expect(midway.state).toBe('uploading');

    running.kill9();
    await running.exited;
    // What the app had acknowledged when it died, as its journal says (read before the restart).
    const journaled = new Journal<{ id: string; nextChunk: number }>({ file: join(dataDir, 'drafts.json'), parse: (raw) => raw as { id: string; nextChunk: number } }).get(draft!.id)!;
    expect(journaled.nextChunk).toBeGreaterThanOrEqual(midway.nextChunk);
    running = await startWebApp({ dataDir });
    client = webClient(running);
    // The built-in platform starts again after the ready line, on the ports it had.
    expect(await client.sandboxUrl()).toBe(sandbox);
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '[]' });

    const drafts = await client.call('drafts.list');
    expect(drafts).toHaveLength(1);
    const done = await waitFor('the draft in the inbox', async () => {
      const current = (await client.call('drafts.list'))[0];
      if (current?.state === 'failed') throw new Error(`failed: ${current.reason}`);
      return current?.state === 'inbox' ? current : undefined;
    });
    expect(done.publishId).toBe(midway.publishId); // the same publish continued, not a second one
    const publishes = (await (await fetch(`${sandbox}/sandbox/publishes`)).json()) as { data: { publishes: Array<Record<string, unknown>> } };
    expect(publishes.data.publishes.filter((p) => p.open_id === 'sbx-user-ava')).toHaveLength(1);
    const publish = (await (await fetch(`${sandbox}/sandbox/publishes/${done.publishId}`)).json()) as { data: Record<string, unknown> };
    expect(publish.data.sha256).toBe(await sha256File(source));
    // No chunk the app had recorded as acknowledged reached the host again: a resume may repeat
    // only the chunk whose answer the kill cut off (index >= what the journal held), never one behind.
    const resent = publish.data.resent_chunks as unknown as number[];
    expect(Array.isArray(resent)).toBe(true);
    for (const index of resent) expect(index, `chunk ${index} re-sent; the journal had ${journaled.nextChunk} acknowledged`).toBeGreaterThanOrEqual(journaled.nextChunk);
    expect(resent.length).toBeLessThanOrEqual(1);
    const chunkBytes = Number(publish.data.chunk_size);
    const resentBytes = Number(publish.data.wire_bytes) - (200 * MB + 11);
    expect(resentBytes).toBeGreaterThanOrEqual(0);
    expect(resentBytes).toBeLessThanOrEqual(chunkBytes);
  });
});
