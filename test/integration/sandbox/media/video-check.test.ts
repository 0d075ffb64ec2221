/**
 * The sandbox's processing refuses what breaks the video rules (docs/PLATFORM.md "Video rules"),
 * uploaded or pulled, with file_format_check_failed and a detail naming the rule; files made by
 * FFmpeg, so what is refused is what an encoder writes, not a header the sandbox made itself.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AAC, H264, HEVC_10BIT, PRORES, makeClip } from '../../../support/ffmpeg-fixtures.js';
import { startFixtureServer, type FixtureServer } from '../../../support/media-fixtures.js';
import { advanceClock, api, initFileUpload, inspect, putChunk, signIn, startTestSandbox, VIDEO_INIT, waitForReceived, type Sandbox, type TokenSet } from '../../../support/sandbox-client.js';

let sandbox: Sandbox;
let tokens: TokenSet;
let fixtures: FixtureServer;
let dir: string;
const SMALL = { width: 320, height: 180 };

/** A 12-minute clip, cheap to encode: tiny picture, 1 fps (the rules have no lower bound on either). */
const TWELVE_MINUTES = { video: H264, seconds: 720, width: 64, height: 64, fps: 1 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'video-check-'));
  fixtures = await startFixtureServer({ 'long.mp4': await readFile(await makeClip(dir, 'long-pulled.mp4', TWELVE_MINUTES)) });
  sandbox = await startTestSandbox({
    apps: [
      {
        client_key: 'sbx_draftdeck_desktop',
        client_secret: 'sbx_secret_local_only_not_confidential',
        name: 'Draftdeck (sandbox)',
        redirect_uris: ['http://127.0.0.1:*/callback/'],
        scopes: ['user.info.basic', 'video.upload'],
        verified_url_prefixes: ['{sandbox_media_url}', `${fixtures.url}/verified/`],
      },
    ],
    limits: { init_per_minute: 1000, status_per_minute: 1000, pending_shares_per_24h: 1000 },
  });
  tokens = await signIn(sandbox);
}, 120_000);
afterAll(async () => {
  await sandbox?.close();
  await fixtures?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Uploads a file in one chunk, lets processing run and answers the publish's inspection view. */
async function uploadAndProcess(path: string, contentType: string) {
  const bytes = await readFile(path);
  const init = await initFileUpload(sandbox, tokens.access_token, { video_size: bytes.length, chunk_size: bytes.length, total_chunk_count: 1 });
  expect((await putChunk(init.data.upload_url as string, bytes, 0, bytes.length, contentType)).status).toBe(201);
  await advanceClock(sandbox, 60);
  return (await inspect(sandbox, init.data.publish_id as string)).data;
}

describe('processing probes each uploaded video', () => {
  it('takes an H.264 MP4 with moov at the end', async () => {
    const view = await uploadAndProcess(await makeClip(dir, 'ok.mp4', { video: H264, audio: AAC, ...SMALL }), 'video/mp4');
    expect(view).toMatchObject({ status: 'SEND_TO_USER_INBOX', fail_reason: '' });
  });

  it.each([
    ['a 12-minute video', 'long.mp4', TWELVE_MINUTES, 'video/mp4', /lasts 720\.0 s; the longest accepted is 600\.0 s/],
    ['an MKV', 'clip.mkv', { video: H264, ...SMALL }, 'video/mp4', /container is MKV; only MP4, MOV and WebM/],
    ['a ProRes MOV', 'prores.mov', { video: PRORES, ...SMALL }, 'video/quicktime', /video codec is prores; only H\.264, H\.265, VP8 and VP9/],
    ['HEVC 10-bit', 'hevc10.mp4', { video: [...HEVC_10BIT, '-tag:v', 'hvc1'], ...SMALL }, 'video/mp4', /is 10-bit; only 8-bit/],
    ['a 120 fps clip', 'fast.mp4', { video: H264, ...SMALL, fps: 120 }, 'video/mp4', /frame rate is 120 fps; at most 60 fps/],
    ['an 8K clip', 'eightk.mp4', { video: H264, width: 7680, height: 4320, fps: 1, seconds: 2 }, 'video/mp4', /picture is 7680x4320; each side may be at most 4096 px/],
  ])('fails %s with file_format_check_failed and a detail naming the rule', async (_name, file, spec, type, detail) => {
    const view = await uploadAndProcess(await makeClip(dir, file, spec), type);
    expect(view).toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed' });
    expect(view.detail).toMatch(detail);
  });

  it('fails an MP4 whose moov never arrived (the container start alone is no longer enough)', async () => {
    const whole = await readFile(join(dir, 'ok.mp4'));
    const path = join(dir, 'cut.mp4');
    await writeFile(path, whole.subarray(0, whole.indexOf('moov') - 4));
    const view = await uploadAndProcess(path, 'video/mp4');
    expect(view).toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed', detail: "the container's headers cannot be read (moov)" });
  });
});

describe('processing probes each pulled video', () => {
  it('fails a pulled 12-minute video the same way', async () => {
    const init = await api(sandbox, VIDEO_INIT, tokens.access_token, { source_info: { source: 'PULL_FROM_URL', video_url: `${fixtures.url}/verified/long.mp4` } });
    expect(init.status).toBe(200);
    const id = init.data.publish_id as string;
    await waitForReceived(sandbox, id);
    await advanceClock(sandbox, 60);
    const view = (await inspect(sandbox, id)).data;
    expect(view).toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed' });
    expect(view.detail).toMatch(/lasts 720\.0 s/);
  });

  it('takes the sandbox’s own samples (real headers, filler as media data)', async () => {
    for (const name of ['sample.mp4', 'sample.mov', 'sample.webm']) {
      const init = await api(sandbox, VIDEO_INIT, tokens.access_token, { source_info: { source: 'PULL_FROM_URL', video_url: `${sandbox.baseUrl}/sandbox/media/${name}?bytes=300000` } });
      await waitForReceived(sandbox, init.data.publish_id as string);
      await advanceClock(sandbox, 60);
      expect((await inspect(sandbox, init.data.publish_id as string)).data, name).toMatchObject({ status: 'SEND_TO_USER_INBOX' });
    }
  });
});
