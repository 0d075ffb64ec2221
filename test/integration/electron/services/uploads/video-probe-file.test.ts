/**
 * Each video is probed when it is added (docs/APP.md "Videos the platform takes"): drafts.probe
 * answers the container headers' facts and the verdict before anything is sent, drafts.add keeps
 * them on the draft's view, and a video no fix helps (12 minutes long) is refused with
 * video_refused: no draft, nothing sent. Files made by FFmpeg; the app against a real sandbox.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { H264, PRORES, makeClip } from '../../../../support/ffmpeg-fixtures.js';

let h: AppHarness;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'probe-at-add-'));
  h = await startAppHarness();
  await h.signIn('sbx-user-ava');
}, 120_000);
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

const incoming = async (path: string) => ({ kind: 'incoming' as const, fileId: (await h.app.incoming.receive(createReadStream(path))).fileId });

describe('probe at add', () => {
  it('drafts.probe reads the headers; drafts.add keeps the facts on the row', async () => {
    const path = await makeClip(dir, 'ok.mp4', { video: H264, width: 640, height: 360, fps: 30, seconds: 2 });
    const source = await incoming(path);
    const [check] = await h.call('drafts.probe', { files: [{ source, name: 'ok.mp4' }] });
    expect(check).toMatchObject({ probe: { container: 'mp4', width: 640, height: 360, fps: 30, video_codec: 'h264', bit_depth: 8 }, verdict: { kind: 'ok' } });
    const [draft] = await h.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source, name: 'ok.mp4', mimeType: 'video/mp4', durationMs: null }] });
    expect(draft!.video).toEqual(check);
    // The length comes from the headers when the window could not read one.
    expect(draft!.durationMs).toBe(check!.probe!.duration_ms);
  });

  it('a ProRes MOV is judged for a transcode, naming the rules', async () => {
    const source = await incoming(await makeClip(dir, 'prores.mov', { video: PRORES, width: 640, height: 360 }));
    const [check] = await h.call('drafts.probe', { files: [{ source, name: 'prores.mov' }] });
    expect(check!.verdict).toEqual({ kind: 'transcode', broken: [{ rule: 'video_codec', actual: 'prores', limit: ['h264', 'hevc', 'vp8', 'vp9'] }, { rule: 'bit_depth', actual: 10, limit: 8 }] });
  });

  it('a 12-minute video is refused at add: no draft, nothing sent', { timeout: 120_000 }, async () => {
    const path = await makeClip(dir, 'long.mp4', { video: H264, seconds: 720, width: 64, height: 64, fps: 1 });
    const source = await incoming(path);
    const [check] = await h.call('drafts.probe', { files: [{ source, name: 'long.mp4' }] });
    expect(check!.verdict).toEqual({ kind: 'refused', broken: [{ rule: 'duration_long', actual: 720_000, limit: 600_000 }] });
    const before = (await h.call('drafts.list')).length;
    await expect(h.call('drafts.add', { openId: 'sbx-user-ava', files: [{ source, name: 'long.mp4', mimeType: 'video/mp4', durationMs: null }] })).rejects.toThrow(/video_refused.*duration_long/);
    expect((await h.call('drafts.list')).length).toBe(before);
  });
});
