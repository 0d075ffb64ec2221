/**
 * Videos the app fixes before sending (docs/APP.md "Videos the platform takes"), the app against a
 * real sandbox with files made by the FFmpeg in node_modules: an MKV is remuxed and a ProRes MOV
 * transcoded (with progress) before the upload, each reaches the inbox, and the fixed file in the
 * cache is deleted once it is there; with the setting on "ask" the draft waits paused for the
 * choice in its row (test/unit/electron/services/uploads/video-fix-step.test.ts: what a removed
 * draft deletes). A fixed file deleted from the cache (before the upload, or while it opens) is
 * made again from the file as added, and the row says why the upload started afresh.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { AAC, H264, makeClip, PCM, PRORES } from '../../../../support/ffmpeg-fixtures.js';

let h: AppHarness;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'video-fix-step-'));
  h = await startAppHarness();
  await h.signIn('sbx-user-ava');
}, 120_000);
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

const cache = () => join(h.dataDir, 'cache', 'video-fix');
const cached = async () => (await readdir(cache()).catch(() => [] as string[])).sort();

async function add(path: string, name: string, mimeType: 'video/mp4' | 'video/quicktime' | 'video/webm', openId = 'sbx-user-ava') {
  const source = { kind: 'incoming' as const, fileId: (await h.app.incoming.receive(createReadStream(path))).fileId };
  const [draft] = await h.call('drafts.add', { openId, files: [{ source, name, mimeType, durationMs: null }] });
  return draft!;
}

const reaches = (id: string, state: string, timeoutMs = 90_000) => h.waitForEvent('drafts.updated', (d) => d.id === id && d.state === state, timeoutMs);

describe('video fixes before the upload', () => {
  it('remuxes an MKV into MP4, sends the fixed file to the inbox, then deletes it from the cache', { timeout: 120_000 }, async () => {
    const path = await makeClip(dir, 'clip.mkv', { video: H264, audio: AAC });
    const added = await add(path, 'clip.mkv', 'video/mp4');
    expect(added.fix).toMatchObject({ action: 'remux', choice: 'fix', fixed: false });
    const inbox = await reaches(added.id, 'inbox');
    expect(inbox.fix).toMatchObject({ action: 'remux', fixed: true });
    expect(inbox.mimeType).toBe('video/mp4');
    expect(h.logLines.some((line) => line.includes('video fixed') && line.includes(added.id))).toBe(true);
    await expect.poll(cached).toEqual([]);
  });

  it('transcodes a ProRes MOV with progress and time left, and it reaches the inbox', { timeout: 180_000 }, async () => {
    const path = await makeClip(dir, 'prores.mov', { video: PRORES, audio: PCM, seconds: 6, width: 640, height: 360 });
    const added = await add(path, 'prores.mov', 'video/quicktime');
    expect(added.fix).toMatchObject({ action: 'transcode', choice: 'fix' });
    const progressed = await h.waitForEvent('drafts.updated', (d) => d.id === added.id && d.fix?.progress !== null && (d.fix?.progress ?? 0) > 0, 90_000);
    expect(progressed.state).toBe('uploading');
    const inbox = await reaches(added.id, 'inbox', 150_000);
    expect(inbox.fix).toMatchObject({ fixed: true, progress: null });
    // The fixed file is what went: H.264 at 640×360 is far smaller than the ProRes.
    expect(inbox.size).toBeLessThan(added.size);
    expect(h.logLines.some((line) => line.includes('video fixed') && line.includes('libx264'))).toBe(true);
    await expect.poll(cached).toEqual([]);
  });

  it('with "ask", the draft waits paused for the choice; choosing "fix" sends it fixed', { timeout: 120_000 }, async () => {
    await h.call('settings.set', { videos: { fix: 'ask' } });
    try {
      const added = await add(await makeClip(dir, 'ask.mkv', { video: H264 }), 'ask.mkv', 'video/mp4');
      expect(added).toMatchObject({ state: 'paused', fix: { choice: 'ask', fixed: false } });
      const chosen = await h.call('drafts.chooseFix', { id: added.id, choice: 'fix' });
      expect(chosen).toMatchObject({ state: 'queued', fix: { choice: 'fix' } });
      expect((await reaches(added.id, 'inbox')).fix).toMatchObject({ fixed: true });
      // Too late once the upload has begun.
      await expect(h.call('drafts.chooseFix', { id: added.id, choice: 'as_is' })).rejects.toThrow(/fix_too_late/);
    } finally {
      await h.call('settings.set', { videos: { fix: 'auto' } });
    }
  });

  it('"never" sends the file as it is; a video with nothing to fix has no fix', { timeout: 60_000 }, async () => {
    await h.call('settings.set', { videos: { fix: 'never' } });
    try {
      const added = await add(await makeClip(dir, 'never.mkv', { video: H264 }), 'never.mkv', 'video/mp4');
      expect(added.fix).toMatchObject({ choice: 'as_is' });
      await h.call('drafts.remove', { id: added.id });
    } finally {
      await h.call('settings.set', { videos: { fix: 'auto' } });
    }
    const ok = await add(await makeClip(dir, 'fine.mp4', { video: H264 }), 'fine.mp4', 'video/mp4');
    expect(ok.fix).toBeNull();
  });
});

/** The sandbox's fault rules (sandbox/chaos.ts): the publish opening answers 503, or answers late. */
async function chaos(rules: object[]): Promise<void> {
  const res = await fetch(`${await h.sandboxUrl()}/sandbox/chaos`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rules) });
  expect(res.status).toBe(200);
}
const INIT = 'POST /v2/post/publish/inbox/video/init/';
const fixedOnce = (id: string) => h.waitForEvent('drafts.updated', (d) => d.id === id && d.fix?.fixed === true, 90_000);
/** The log's word for each fix of the draft (events coalesce per draft, so the row's passing reason may not be seen here; transitions.test.ts checks it). */
const fixesOf = (id: string) => h.logLines.filter((line) => line.includes('video fixed') && line.includes(id)).length;
const lostOnce = (id: string) => h.logLines.some((line) => line.includes('fixing it again') && line.includes(id));

describe('a fixed file deleted from the cache', () => {
  // An account of their own: the sandbox takes 5 drafts a day into an inbox, and the tests above fill Ava's.
  const BEN = 'sbx-user-ben';
  beforeAll(() => h.signIn(BEN), 60_000);

  it('before the upload: the draft fixes it again from the file as added and reaches the inbox', { timeout: 180_000 }, async () => {
    // The publish cannot open yet: the draft waits, fixed, with nothing sent.
    await chaos([{ route: INIT, probability: 1, status: 503 }]);
    const added = await add(await makeClip(dir, 'lost.mkv', { video: H264, audio: AAC }), 'lost.mkv', 'video/mp4', BEN);
    try {
      await fixedOnce(added.id);
      await h.waitForEvent('drafts.updated', (d) => d.id === added.id && d.state === 'waiting');
      await h.call('drafts.pause', { id: added.id });
      expect(await cached()).toEqual([`${added.id}.mp4`]);
      await rm(join(cache(), `${added.id}.mp4`));
    } finally {
      await chaos([]);
    }
    await h.call('drafts.resume', { id: added.id });
    const inbox = await reaches(added.id, 'inbox');
    expect(inbox.fix).toMatchObject({ action: 'remux', fixed: true });
    expect(lostOnce(added.id)).toBe(true);
    expect(fixesOf(added.id)).toBe(2);
    await expect.poll(cached).toEqual([]);
  });

  it('while the upload opens: the check before its chunk finds it gone, and it is fixed again and sent in a fresh publish', { timeout: 180_000 }, async () => {
    // The publish opens late, so the file can go between the fix and the first chunk.
    await chaos([{ route: INIT, probability: 1, latency_ms: 15_000 }]);
    const added = await add(await makeClip(dir, 'lost-open.mkv', { video: H264, audio: AAC }), 'lost-open.mkv', 'video/mp4', BEN);
    try {
      await fixedOnce(added.id);
      await rm(join(cache(), `${added.id}.mp4`));
    } finally {
      await chaos([]);
    }
    const inbox = await reaches(added.id, 'inbox');
    expect(inbox.fix).toMatchObject({ fixed: true });
    expect(lostOnce(added.id)).toBe(true);
    expect(fixesOf(added.id)).toBe(2);
    await expect.poll(cached).toEqual([]);
  });
});
