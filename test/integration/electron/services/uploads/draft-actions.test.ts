import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { writeMp4File } from '../../../../support/media.js';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import { english } from '../../../../support/words.js';

let h: AppHarness;
beforeAll(async () => {
  h = await startAppHarness();
  await h.signIn('sbx-user-ava');
});
afterAll(() => h.close());

async function until(what: string, done: (draft: DraftView) => boolean, id: string): Promise<DraftView> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const draft = (await h.call('drafts.list')).find((d) => d.id === id);
    if (draft && done(draft)) return draft;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('draft actions', () => {
  it('fails with "file changed" instead of sending a mix of two files', { timeout: 120_000 }, async () => {
    const sandbox = await h.sandboxUrl();
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 300 }]) });
    const source = join(h.dataDir, 'edit.mp4');
    await writeMp4File(source, 100 * 1024 * 1024 + 1, 5);
    const { fileId } = await h.app.incoming.receive(createReadStream(source));
    const [draft] = await h.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId }, name: 'edit.mp4', mimeType: 'video/mp4', durationMs: null }] });
    await until('a chunk acknowledged', (d) => d.nextChunk >= 1, draft!.id);
    await h.call('drafts.pause', { id: draft!.id });
    // The file the draft reads is edited while the upload is paused.
    await appendFile(join(h.dataDir, 'incoming', fileId), Buffer.from('re-exported'));
    await h.call('drafts.resume', { id: draft!.id });
    const failed = await until('the draft failed', (d) => d.state === 'failed', draft!.id);
    expect(failed.failCode).toBe('file_changed');
    expect(english(failed.reason)).toMatch(/changed/);
    await expect(h.call('drafts.retry', { id: draft!.id })).rejects.toThrow(/file_changed/);
  });

  it('retries a cancelled draft from the same dropped file and delivers it', { timeout: 120_000 }, async () => {
    const sandbox = await h.sandboxUrl();
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 300 }]) });
    const source = join(h.dataDir, 'again.mp4');
    await writeMp4File(source, 70 * 1024 * 1024 + 3, 6);
    const { fileId } = await h.app.incoming.receive(createReadStream(source));
    const [draft] = await h.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId }, name: 'again.mp4', mimeType: 'video/mp4', durationMs: null }] });
    await until('a chunk acknowledged', (d) => d.nextChunk >= 1, draft!.id);
    expect((await h.call('drafts.cancel', { id: draft!.id })).state).toBe('cancelled');
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '[]' });
    expect((await h.call('drafts.retry', { id: draft!.id })).state).toBe('queued');
    const done = await until('the draft in the inbox', (d) => d.state === 'inbox' || d.state === 'failed', draft!.id);
    expect(done.state).toBe('inbox');
    await h.call('drafts.remove', { id: draft!.id });
    expect((await h.call('drafts.list')).some((d) => d.id === draft!.id)).toBe(false);
  });

  it('closes cleanly mid-upload and the next start continues the same publish', { timeout: 120_000 }, async () => {
    const first = await startAppHarness();
    await first.signIn('sbx-user-ava');
    const sandbox = await first.sandboxUrl();
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 300 }]) });
    const source = join(first.dataDir, 'later.mp4');
    await writeMp4File(source, 100 * 1024 * 1024 + 7, 8);
    const { fileId } = await first.app.incoming.receive(createReadStream(source));
    const [draft] = await first.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId }, name: 'later.mp4', mimeType: 'video/mp4', durationMs: null }] });
    let midway: DraftView | undefined;
    while (!midway) {
      midway = (await first.call('drafts.list')).find((d) => d.id === draft!.id && d.nextChunk >= 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await first.close({ keepData: true });

    const second = await startAppHarness({ dataDir: first.dataDir });
    try {
      const deadline = Date.now() + 60_000;
      let done: DraftView | undefined;
      while (!done && Date.now() < deadline) {
        done = (await second.call('drafts.list')).find((d) => d.id === draft!.id && (d.state === 'inbox' || d.state === 'failed'));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(done?.state).toBe('inbox');
      expect(done?.publishId).toBe(midway.publishId);
    } finally {
      await second.close();
    }
  });

  it('reorder refuses a repeated or unknown id and journals nothing', { timeout: 60_000 }, async () => {
    const sandbox = await h.sandboxUrl();
    // Hold the uploads so the drafts stay in the queue while they are reordered.
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 60_000 }]) });
    const files = [];
    // Two different videos: the same content twice for one account would be refused as a duplicate.
    for (const [seed, name] of ['one.mp4', 'two.mp4'].entries()) {
      const source = join(h.dataDir, name);
      await writeMp4File(source, 1024 * 1024, 9 + seed);
      const { fileId } = await h.app.incoming.receive(createReadStream(source));
      files.push({ source: { kind: 'incoming' as const, fileId }, name, mimeType: 'video/mp4' as const, durationMs: null });
    }
    const [one, two] = await h.call('drafts.add', { openId: 'sbx-user-ava', files });
    const order = async () => (await h.call('drafts.list')).map((d) => d.id).filter((id) => id === one!.id || id === two!.id);
    const before = await order();
    const journal = () => readFile(join(h.dataDir, 'drafts.json.journal'), 'utf8').then((text) => text.split('\n').filter((line) => line.includes('"op":"order"')).length);
    const orders = await journal();

    await expect(h.call('drafts.reorder', { ids: [two!.id, two!.id, one!.id] })).rejects.toThrow(/invalid_input.*more than once/);
    await expect(h.call('drafts.reorder', { ids: [two!.id, randomUUID(), one!.id] })).rejects.toThrow(/no_such_draft/);
    expect(await order()).toEqual(before);
    expect(await journal()).toBe(orders);

    // A proper reorder still works and is journaled.
    expect((await h.call('drafts.reorder', { ids: [two!.id, one!.id] })).map((d) => d.id).slice(0, 2)).toEqual([two!.id, one!.id]);
    expect(await journal()).toBe(orders + 1);
    for (const draft of [one!, two!]) await h.call('drafts.remove', { id: draft.id });
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '[]' });
  });
});
