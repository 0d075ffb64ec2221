/**
 * The data dir goes away under a running app (rm -rf, a drive unplugged): the drafts journal
 * cannot be written. The draft work that needs it must pause, not retry at once for ever (it
 * used to: a run whose state change could not be saved left the draft runnable, and the pump
 * started it again at once, two cores busy until killed). The window is told, and once the folder
 * can be written again the notice goes by itself and the queue is saved whole (nothing
 * acknowledged lost).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs, { createReadStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { writeMp4File } from '../../../../support/media.js';
import { untilDrafts } from '../../../../support/photo-app.js';
import { english } from '../../../../support/words.js';
import { sayWords } from '../../../../../electron/services/main-words.js';

let h: AppHarness;
const mediaDir = mkdtempSync(join(tmpdir(), 'dd-unsaved-media-'));

beforeAll(async () => {
  // The desktop runtime, which takes a draft by its path: the video stays where it is while the data dir goes.
  h = await startAppHarness({ host: { runtime: 'electron' } });
  await h.signIn('sbx-user-ava');
}, 120_000);

afterAll(async () => {
  mkdirSync(h.dataDir, { recursive: true });
  await h.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

/**
 * Counts this process's attempts to write the drafts files under `dir` (journal appends, snapshot
 * saves), failed ones included: node:fs wrapped, and the app's named imports of it updated.
 */
function countDraftWrites(dir: string): { readonly count: number; stop(): void } {
  const files = join(dir, 'drafts.json');
  const { appendFileSync, openSync } = fs;
  let count = 0;
  const seen = (path: unknown) => {
    if (String(path).startsWith(files)) count++;
  };
  fs.appendFileSync = ((...args: Parameters<typeof appendFileSync>) => (seen(args[0]), appendFileSync(...args))) as typeof fs.appendFileSync;
  fs.openSync = ((...args: Parameters<typeof openSync>) => (seen(args[0]), openSync(...args))) as typeof fs.openSync;
  syncBuiltinESMExports();
  return {
    get count() {
      return count;
    },
    stop() {
      fs.appendFileSync = appendFileSync;
      fs.openSync = openSync;
      syncBuiltinESMExports();
    },
  };
}

describe('a drafts journal that cannot be written', () => {
  it('pauses the drafts, says so, and goes on with nothing lost once the folder is back', { timeout: 180_000 }, async () => {
    const sandbox = await h.sandboxUrl();
    const chaos = (rules: unknown[]) => fetch(`${sandbox}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rules) });
    // A video delivered first: removing it from the queue also writes what was delivered (duplicates.ts).
    const sent = join(mediaDir, 'sent.mp4');
    await writeMp4File(sent, 256 * 1024, 7);
    const [z] = await h.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'path', path: sent }, name: 'sent.mp4', mimeType: 'video/mp4', durationMs: null }] });
    await untilDrafts(h, (drafts) => drafts.some((d) => d.id === z!.id && d.state === 'inbox'));
    // A slow chunk: the data dir goes while a dropped video (kept in the data dir, as web mode keeps it) is on the wire.
    await chaos([{ route: 'PUT /upload/', probability: 1, latency_ms: 1_500 }]);
    const dropped = join(mediaDir, 'dropped.mp4');
    await writeMp4File(dropped, 2 * 1024 * 1024, 3);
    const { fileId } = await h.app.incoming.receive(createReadStream(dropped));
    const [x] = await h.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId }, name: 'dropped.mp4', mimeType: 'video/mp4', durationMs: null }] });
    // And a video outside the data dir, paused, to go on once the folder is back.
    const kept = join(mediaDir, 'kept.mp4');
    await writeMp4File(kept, 2 * 1024 * 1024, 5);
    const [y] = await h.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'path', path: kept }, name: 'kept.mp4', mimeType: 'video/mp4', durationMs: null }] });
    await h.call('drafts.pause', { id: y!.id });
    await untilDrafts(h, (drafts) => drafts.some((d) => d.id === x!.id && d.publishId !== null && d.sentBytes > 0));

    // The folders, to make again as a drive plugged back in has them (the built-in platform saves in its own).
    const folders = readdirSync(h.dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(entry.parentPath, entry.name));
    const writes = countDraftWrites(h.dataDir);
    rmSync(h.dataDir, { recursive: true, force: true });
    // Counted, not timed: while the journal cannot be written the engine waits (growing waits, a
    // handful of tries in 5 s); the loop it replaced tried again at once, without end.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    writes.stop();
    console.log(`draft file writes attempted in the 5 s after the data dir went: ${writes.count}`);
    expect(writes.count).toBeLessThan(12);
    const said = (await h.call('appNotices.list')).find((n) => n.kind === 'cannot_save');
    expect(said).toMatchObject({ title: { code: 'notice.cannot_save.title', params: { folder: h.dataDir } }, dismissible: false });
    expect(english(said!.title)).toBe(`Draftdeck can’t save its queue: ${h.dataDir} is missing or read-only`);
    expect(sayWords(said!.title, 'ja')).toContain(h.dataDir);

    // A person's change is refused in words, not taken as saved.
    const refused = await h.app.dispatch('drafts.resume', { id: y!.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'cannot_save', words: { code: 'notice.cannot_save.title', params: { folder: h.dataDir } } } });
    // Also the removal of a delivered draft, whose record of what was delivered cannot be written either.
    const notRemoved = await h.app.dispatch('drafts.remove', { id: z!.id });
    expect(notRemoved).toMatchObject({ ok: false, error: { code: 'cannot_save' } });

    await chaos([]);
    for (const folder of [h.dataDir, ...folders]) mkdirSync(folder, { recursive: true });
    await h.waitForEvent('appNotices.changed', (list) => !list.some((n) => n.kind === 'cannot_save'), 90_000);
    // The whole queue was saved again: what was acknowledged before the folder went is on disk.
    const saved = JSON.parse(readFileSync(join(h.dataDir, 'drafts.json'), 'utf8')) as Array<{ id: string; state: string; publishId: string | null }>;
    expect(saved.find((d) => d.id === x!.id)?.publishId).toEqual(expect.any(String));
    expect(saved.find((d) => d.id === y!.id)?.state).toBe('paused');
    // The dropped file went with the folder: its draft says so instead of trying again and again.
    await untilDrafts(h, (drafts) => drafts.some((d) => d.id === x!.id && d.state === 'failed'));
    await h.call('drafts.resume', { id: y!.id });
    const done = await untilDrafts(h, (drafts) => drafts.some((d) => d.id === y!.id && (d.state === 'inbox' || d.state === 'failed')), 120_000);
    expect(done.find((d) => d.id === y!.id)).toMatchObject({ state: 'inbox' });
  });
});
