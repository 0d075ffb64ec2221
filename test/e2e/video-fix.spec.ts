/**
 * Videos the app fixes before sending, in Chromium (issue 29, points 3 and 6; docs/APP.md "Videos
 * the platform takes"): a dropped MKV is remuxed into MP4 and reaches the inbox; a dropped ProRes
 * MOV is converted to H.264, its row showing the conversion's progress, and reaches the inbox. The
 * same two files sent straight to the (built-in) sandbox, without the app, fail processing with the
 * documented reason. Videos made by the FFmpeg in node_modules.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AAC, H264, makeClip, PCM, PRORES } from '../support/ffmpeg-fixtures.js';
import { initFileUpload, inspect, putChunk, signIn as signInToSandbox, type Sandbox } from '../support/sandbox-client.js';
import { webClient } from '../support/web-client.js';
import { callApp, draftRow, dropFiles, openQueue, signIn } from './fixtures/queue.js';
import { test, expect } from './fixtures/web-app.js';

test.use({ ownApp: true });

interface Draft {
  fileName: string;
  mimeType: string;
  state: string;
  fix: { action: string; fixed: boolean } | null;
}

test('an MKV is remuxed and a ProRes MOV transcoded with progress, both reach the inbox; the sandbox refuses them unfixed', async ({ page, webApp, consoleErrors }) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-video-fix-'));
  try {
    const mkv = await makeClip(dir, 'camera.mkv', { video: H264, audio: AAC, seconds: 2 });
    const prores = await makeClip(dir, 'edit.mov', { video: PRORES, audio: PCM, seconds: 6, width: 640, height: 360 });
    await signIn(webApp.current, 'sbx-user-ava');
    await openQueue(page, webApp.current);

    await dropFiles(page, [{ name: 'camera.mkv', type: 'video/x-matroska', fixture: mkv }]);
    const mkvRow = draftRow(page, 'camera.mkv');
    await expect(mkvRow.getByText('In inbox', { exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(mkvRow.locator('.draft-row__fix')).toHaveText('Put into MP4: the fixed file is what is sent.');

    await dropFiles(page, [{ name: 'edit.mov', type: 'video/quicktime', fixture: prores }]);
    const movRow = draftRow(page, 'edit.mov');
    // While FFmpeg converts it, the row shows how far, as a progress bar and in words.
    await expect(movRow.getByRole('progressbar', { name: 'Converting edit.mov to H.264' })).toBeVisible({ timeout: 90_000 });
    await expect(movRow.locator('.draft-row__fix')).toContainText(/Converting to H\.264: \d+%/);
    await expect(movRow.getByText('In inbox', { exact: true })).toBeVisible({ timeout: 180_000 });
    await expect(movRow.locator('.draft-row__fix')).toHaveText('Converted to H.264: the fixed file is what is sent.');
    // Rows have one height: the rule it broke and the fix both show whole lines inside it (the
    // facts give way to them, kept in the rule's title), nothing cut off at the row's foot.
    await expect(movRow.locator('.draft-row__video-rule')).toHaveAttribute('title', /640×360 · .*ProRes/);
    for (const row of [mkvRow, movRow]) {
      const [rowBox, textBox] = [await row.boundingBox(), await row.locator('.draft-row__main').boundingBox()];
      expect(textBox!.y).toBeGreaterThanOrEqual(rowBox!.y);
      expect(textBox!.y + textBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height);
    }

    const drafts = await callApp<Draft[]>(webApp.current, 'drafts.list');
    expect(drafts.map(({ fileName, mimeType, state, fix }) => ({ fileName, mimeType, state, fix: fix && { action: fix.action, fixed: fix.fixed } }))).toEqual([
      { fileName: 'camera.mkv', mimeType: 'video/mp4', state: 'inbox', fix: { action: 'remux', fixed: true } },
      { fileName: 'edit.mov', mimeType: 'video/mp4', state: 'inbox', fix: { action: 'transcode', fixed: true } },
    ]);

    // The same files straight into the sandbox, unfixed: processing fails them with the documented reason.
    const sandbox = { baseUrl: await webClient(webApp.current).sandboxUrl() } as Sandbox;
    const tokens = await signInToSandbox(sandbox, { openId: 'sbx-user-ben' });
    for (const path of [mkv, prores]) {
      const bytes = readFileSync(path);
      const init = await initFileUpload(sandbox, tokens.access_token, { video_size: bytes.length, chunk_size: bytes.length, total_chunk_count: 1 });
      expect((await putChunk(init.data.upload_url, bytes, 0, bytes.length)).status).toBe(201);
      await expect
        .poll(async () => (await inspect(sandbox, init.data.publish_id)).data, { timeout: 60_000 })
        .toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed' });
    }
    expect(consoleErrors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
