/**
 * Batches across accounts, the duplicate rule and drafts waiting for inbox space, against the
 * real embedded sandbox: one draft per account from one dropped file, a file's content already
 * delivered asked about (also after a restart and after the delivered draft was cleared), bulk
 * actions draft by draft, and drafts behind a full inbox told when they go and sent to another account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { sha256File, writeMp4File } from '../../../../support/media.js';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import { english } from '../../../../support/words.js';

const MB = 1024 * 1024;
const DAY = 24 * 3600 * 1000;
const AVA = 'sbx-user-ava';
const BEN = 'sbx-user-ben';
/** Chen's inbox is filled in one test only: the others leave shares pending in Ava's and Ben's. */
const CHEN = 'sbx-user-chen';
let h: AppHarness;
let sandbox: string;

beforeAll(async () => {
  h = await startAppHarness();
  await h.signIn(AVA);
  await h.signIn(BEN);
  await h.signIn(CHEN);
  sandbox = await h.sandboxUrl();
});
afterAll(() => h?.close());

async function send(path: string) {
  const { fileId } = await h.app.incoming.receive(createReadStream(path));
  return { source: { kind: 'incoming' as const, fileId }, name: path.split('/').pop()!, mimeType: 'video/mp4' as const, durationMs: null };
}

async function until(what: string, done: (drafts: DraftView[]) => boolean): Promise<DraftView[]> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const drafts = await h.call('drafts.list');
    if (done(drafts)) return drafts;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify((await h.call('drafts.list')).map((d) => [d.fileName, d.openId, d.state, d.reason]))}`);
}

const settled = (ids: string[]) => (drafts: DraftView[]) => ids.every((id) => ['inbox', 'posted', 'failed'].includes(drafts.find((d) => d.id === id)?.state ?? ''));

describe('batches, duplicates and the inbox limit', () => {
  it('sends one dropped file to two accounts, one draft each, byte-exact', { timeout: 120_000 }, async () => {
    const path = join(h.dataDir, 'both.mp4');
    await writeMp4File(path, 6 * MB + 11, 21);
    const drafts = await h.call('drafts.add', { openIds: [AVA, BEN], files: [await send(path)] });
    expect(drafts.map((d) => d.openId)).toEqual([AVA, BEN]);
    const done = await until('both in the inbox', settled(drafts.map((d) => d.id)));
    const expected = await sha256File(path);
    for (const draft of drafts) {
      const view = done.find((d) => d.id === draft.id)!;
      expect(view.state).toBe('inbox');
      const publish = (await (await fetch(`${sandbox}/sandbox/publishes/${view.publishId}`)).json()) as { data: { open_id: string; sha256: string } };
      expect(publish.data).toMatchObject({ open_id: draft.openId, sha256: expected });
    }
  });

  it('asks before queuing content already delivered to the account, also once cleared from the queue and after a restart', { timeout: 180_000 }, async () => {
    const path = join(h.dataDir, 'holiday.mp4');
    await writeMp4File(path, 2 * MB + 5, 22);
    const [first] = await h.call('drafts.add', { openId: AVA, files: [await send(path)] });
    await until('delivered', settled([first!.id]));
    expect((await h.call('drafts.clearFinished', { openId: AVA })).removed).toContain(first!.id);

    // Restart on the same data dir: the delivered content is still known.
    const dataDir = h.dataDir;
    await h.close({ keepData: true });
    h = await startAppHarness({ dataDir });

    // The same bytes under another name.
    const copy = join(dataDir, 'holiday (copy).mp4');
    await writeMp4File(copy, 2 * MB + 5, 22);
    const file = await send(copy);
    const findings = await h.call('drafts.duplicates', { openIds: [AVA, BEN], files: [{ source: file.source, name: file.name }] });
    expect(findings).toEqual([{ fileIndex: 0, openId: AVA, earlier: [{ draftId: null, openId: AVA, fileName: 'holiday.mp4', state: 'inbox', addedAt: first!.addedAt }] }]);
    await expect(h.call('drafts.add', { openId: AVA, files: [file] })).rejects.toMatchObject({ code: 'duplicate_content' });
    expect((await h.call('drafts.list')).some((d) => d.fileName === 'holiday (copy).mp4')).toBe(false);
    // Another account has never had it; and the person may say "add it again".
    const [forBen] = await h.call('drafts.add', { openId: BEN, files: [file] });
    expect(forBen!.openId).toBe(BEN);
    const again = join(dataDir, 'holiday (again).mp4');
    await writeMp4File(again, 2 * MB + 5, 22);
    const [forAva] = await h.call('drafts.add', { openId: AVA, files: [await send(again)], duplicates: 'allow' });
    expect(forAva!.openId).toBe(AVA);
    // A queued draft counts too, and is shown by id.
    const third = join(dataDir, 'holiday (third).mp4');
    await writeMp4File(third, 2 * MB + 5, 22);
    const queued = await h.call('drafts.duplicates', { openIds: [BEN], files: [{ source: (await send(third)).source, name: 'holiday (third).mp4' }] });
    expect(queued[0]!.earlier.map((e) => e.draftId)).toContain(forBen!.id);
    await until('delivered', settled([forBen!.id, forAva!.id]));
    await h.call('drafts.clearFinished', {});
  });

  it('drafts behind a full inbox say when they go, and move to another account in one action', { timeout: 180_000 }, async () => {
    // Five pending shares fill Chen's inbox (nobody posts them).
    const fill = [];
    for (let i = 0; i < 5; i++) {
      const path = join(h.dataDir, `fill-${i}.mp4`);
      await writeMp4File(path, MB + i, 30 + i);
      fill.push(await send(path));
    }
    const filled = await h.call('drafts.add', { openId: CHEN, files: fill });
    const inbox = await until('five in the inbox', settled(filled.map((d) => d.id)));
    expect(inbox.filter((d) => filled.some((f) => f.id === d.id)).every((d) => d.state === 'inbox')).toBe(true);

    const waitingFiles = [];
    for (let i = 0; i < 3; i++) {
      const path = join(h.dataDir, `later-${i}.mp4`);
      await writeMp4File(path, MB + 100 + i, 40 + i);
      waitingFiles.push(await send(path));
    }
    const later = await h.call('drafts.add', { openId: CHEN, files: waitingFiles });
    const waiting = await until('all three waiting for inbox space', (drafts) => later.every((l) => drafts.find((d) => d.id === l.id)?.state === 'waiting' && drafts.find((d) => d.id === l.id)?.expectedAt !== null));
    const views = later.map((l) => waiting.find((d) => d.id === l.id)!);
    expect(english(views[0]!.reason)).toMatch(/Inbox full/);
    // The oldest pending share is the first fill draft's; the second waits for the second oldest.
    const firstShare = filled[0]!.addedAt;
    expect(views[0]!.expectedAt! - firstShare).toBeGreaterThanOrEqual(DAY);
    expect(views[0]!.expectedAt! - firstShare).toBeLessThan(DAY + 60_000);
    expect(views[1]!.expectedAt!).toBeGreaterThanOrEqual(views[0]!.expectedAt!);
    expect(views[2]!.expectedAt!).toBeGreaterThanOrEqual(views[1]!.expectedAt!);

    // One moved away: the drafts behind it are told their earlier start, though their records did not change.
    const sooner = h.waitForEvent('drafts.updated', (view) => view.id === later[2]!.id && view.expectedAt === views[1]!.expectedAt);
    const first = await h.call('drafts.move', { ids: [later[0]!.id], openId: BEN });
    expect(first.changed.map((d) => [d.openId, d.state])).toEqual([[BEN, 'queued']]);
    await sooner;

    // The other two to Ava (each inbox holds five a day; Ben's room is kept for the next test).
    const moved = await h.call('drafts.move', { ids: later.slice(1).map((d) => d.id), openId: AVA });
    expect(moved.refused).toEqual([]);
    expect(moved.changed.map((d) => [d.openId, d.state])).toEqual([[AVA, 'queued'], [AVA, 'queued']]);
    const done = await until('moved drafts in the inboxes', settled(later.map((d) => d.id)));
    expect(later.map((l) => done.find((d) => d.id === l.id)).map((d) => [d!.openId, d!.state])).toEqual([[BEN, 'inbox'], [AVA, 'inbox'], [AVA, 'inbox']]);
    // A draft in the inbox stays with its account.
    const refused = await h.call('drafts.move', { ids: [filled[0]!.id], openId: BEN });
    expect(refused.refused).toEqual([expect.objectContaining({ id: filled[0]!.id, code: 'not_movable' })]);
  });

  it('bulk actions change each draft they can and say why for the others', { timeout: 120_000 }, async () => {
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ route: 'PUT /upload/', probability: 1, latency_ms: 500 }]) });
    const files = [];
    for (let i = 0; i < 3; i++) {
      const path = join(h.dataDir, `bulk-${i}.mp4`);
      await writeMp4File(path, 12 * MB + i, 50 + i);
      files.push(await send(path));
    }
    const drafts = await h.call('drafts.add', { openId: BEN, files });
    const ids = drafts.map((d) => d.id);
    const paused = await h.call('drafts.bulk', { ids, action: 'pause' });
    expect(paused.changed.map((d) => d.state)).toEqual(['paused', 'paused', 'paused']);
    const again = await h.call('drafts.bulk', { ids: [ids[0]!], action: 'pause' });
    expect(again.refused).toEqual([expect.objectContaining({ id: ids[0], code: 'not_pausable' })]);
    expect((await h.call('drafts.bulk', { ids, action: 'cancel' })).changed.map((d) => d.state)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    await fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '[]' });
    expect((await h.call('drafts.bulk', { ids: ids.slice(0, 2), action: 'retry' })).changed.map((d) => d.state)).toEqual(['queued', 'queued']);
    const removed = await h.call('drafts.bulk', { ids: [ids[2]!], action: 'remove' });
    expect(removed.removed).toEqual([ids[2]]);
    const done = await until('retried drafts delivered', settled(ids.slice(0, 2)));
    expect(done.filter((d) => ids.includes(d.id)).map((d) => d.state)).toEqual(['inbox', 'inbox']);
  });
});
