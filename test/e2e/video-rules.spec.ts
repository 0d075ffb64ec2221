/**
 * The platform's video rules in Chromium (docs/PLATFORM.md "Video rules", issue 29 points 2 and
 * 6): a video is probed from its container headers when it is added; the row shows its picture
 * size, frame rate and codec; a 12-minute video is refused before anything is sent, the rule in
 * words; and the same file sent straight to the (built-in) sandbox fails processing with
 * file_format_check_failed, as the platform would answer. Videos made by FFmpeg.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { H264, makeClip } from '../support/ffmpeg-fixtures.js';
import { initFileUpload, inspect, putChunk, signIn as signInToSandbox, type Sandbox } from '../support/sandbox-client.js';
import { webClient } from '../support/web-client.js';
import { callApp, draftRow, dropFiles, openQueue, signIn } from './fixtures/queue.js';
import { test, expect } from './fixtures/web-app.js';

test.use({ ownApp: true });

test('a 12-minute video is refused before upload with the rule in words; the sandbox refuses the same file', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-video-rules-'));
  try {
    // Tiny picture at 1 fps keeps a 12-minute H.264 quick to encode; the rules have no lower bound on either.
    const long = await makeClip(dir, 'twelve minutes.mp4', { video: H264, seconds: 720, width: 64, height: 64, fps: 1 });
    const fine = await makeClip(dir, 'fine.mp4', { video: H264, seconds: 2, width: 640, height: 360, fps: 30 });
    await signIn(webApp.current, 'sbx-user-ava');
    await openQueue(page, webApp.current);

    await dropFiles(page, [
      { name: 'twelve minutes.mp4', type: 'video/mp4', fixture: long },
      { name: 'fine.mp4', type: 'video/mp4', fixture: fine },
    ]);
    const refused = page.getByRole('list', { name: 'Files not added' }).getByRole('listitem').filter({ hasText: 'twelve minutes.mp4' });
    await expect(refused).toContainText('Not sent: it lasts 12:00; the longest video the platform takes lasts 10:00. Draftdeck does not cut videos.', { timeout: 60_000 });
    // The other video is probed too: its row shows what its headers say.
    await expect(draftRow(page, 'fine.mp4').locator('.draft-row__video')).toHaveText('640×360 · 30 fps · H.264', { timeout: 60_000 });
    // No draft for the refused one: not a byte of it went to the platform.
    const drafts = await callApp<{ fileName: string }[]>(webApp.current, 'drafts.list');
    expect(drafts.map((d) => d.fileName)).toEqual(['fine.mp4']);

    // The same file straight into the sandbox, without the app: processing fails it with the documented reason.
    const sandbox = { baseUrl: await webClient(webApp.current).sandboxUrl() } as Sandbox;
    const tokens = await signInToSandbox(sandbox, { openId: 'sbx-user-ben' });
    const bytes = readFileSync(long);
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: bytes.length, chunk_size: bytes.length, total_chunk_count: 1 });
    expect((await putChunk(init.data.upload_url, bytes, 0, bytes.length)).status).toBe(201);
    await expect
      .poll(async () => (await inspect(sandbox, init.data.publish_id)).data, { timeout: 60_000 })
      .toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed', detail: 'the video lasts 720.0 s; the longest accepted is 600.0 s' });
    expect(consoleErrors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
