/** FILE_UPLOAD end to end: init validation, the upload host's answers, SHA-256, processing on the virtual clock, posting. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { H264, makeClip } from '../../../support/ffmpeg-fixtures.js';
import { mp4Bytes } from '../../../support/media-fixtures.js';
import {
  MB, advanceClock, api, extras, initFileUpload, inspect, putChunk, sha256, signIn, startTestSandbox, statusOf, VIDEO_INIT, type Sandbox, type TokenSet,
} from '../../../support/sandbox-client.js';

let sandbox: Sandbox;
let tokens: TokenSet;

beforeAll(async () => {
  // Slow processing (1 h per GB of virtual time) so the PROCESSING_UPLOAD state is observable.
  sandbox = await startTestSandbox({ processing: { seconds_per_gb: 3600 }, limits: { init_per_minute: 1000, status_per_minute: 1000, pending_shares_per_24h: 1000 } });
  tokens = await signIn(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});

describe('video init (FILE_UPLOAD) validates the chunk plan', () => {
  it.each([
    ['chunk under 5 MB for a big file', { video_size: 20 * MB, chunk_size: 4 * MB, total_chunk_count: 5 }, 'chunk_size'],
    ['chunk over 64 MB', { video_size: 200 * MB, chunk_size: 65 * MB, total_chunk_count: 3 }, 'chunk_size'],
    ['count not floor(size / chunk)', { video_size: 12 * MB, chunk_size: 5 * MB, total_chunk_count: 3 }, 'floor'],
    ['small file split in chunks', { video_size: 3 * MB, chunk_size: MB, total_chunk_count: 3 }, 'under 5 MB'],
    ['small file with a chunk_size different from its size', { video_size: 3 * MB, chunk_size: 5 * MB, total_chunk_count: 1 }, 'under 5 MB'],
    ['chunk one byte under 5 MB', { video_size: 4 * 1024 * MB, chunk_size: 5 * MB - 1, total_chunk_count: 820 }, 'chunk_size'],
    ['over 4 GB', { video_size: 4 * 1024 * MB + 1, chunk_size: 64 * MB, total_chunk_count: 64 }, '4 GB'],
    ['zero size', { video_size: 0, chunk_size: 0, total_chunk_count: 0 }, 'positive'],
    ['chunk larger than the file', { video_size: 10 * MB, chunk_size: 20 * MB, total_chunk_count: 1 }, 'chunk_size'],
  ])('refuses %s with 400 invalid_params', async (_name, plan, words) => {
    const res = await initFileUpload(sandbox, tokens.access_token, plan);
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('invalid_params');
    expect(res.error.message).toContain(words);
    expect(res.error.log_id).toMatch(/^\d{14}[0-9A-F]{20}$/);
  });

  it('refuses a missing source, wrong types and an unknown source', async () => {
    for (const body of [{}, { source_info: { source: 'FILE_UPLOAD', video_size: '10', chunk_size: 10, total_chunk_count: 1 } }, { source_info: { source: 'CAMERA' } }, { source_info: { source: 'FILE_UPLOAD' } }]) {
      const res = await api(sandbox, VIDEO_INIT, tokens.access_token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.error.code).toBe('invalid_params');
      expect(res.error.message).toContain('source_info');
    }
  });

  it('accepts a whole small file and a large file with a remainder in the last chunk', async () => {
    const small = await initFileUpload(sandbox, tokens.access_token, { video_size: 1000, chunk_size: 1000, total_chunk_count: 1 });
    expect(small.status).toBe(200);
    expect(small.error).toMatchObject({ code: 'ok', message: '' });
    expect(small.data.publish_id).toMatch(/^v_inbox_file~v2\.\d+$/);
    const url = new URL(small.data.upload_url);
    expect(url.origin).toBe(sandbox.uploadBaseUrl);
    expect(url.searchParams.get('credential')).toMatch(/^upl\./);
    const big = await initFileUpload(sandbox, tokens.access_token, { video_size: 4 * 1024 * MB, chunk_size: 64 * MB, total_chunk_count: 64 });
    expect(big.status).toBe(200);
  });
});

describe('the upload host', () => {
  it('takes chunks in order (206 then 201), computes the SHA-256, then processes on the virtual clock', async () => {
    const file = mp4Bytes(12 * MB + 123, 7);
    const plan = { video_size: file.length, chunk_size: 5 * MB, total_chunk_count: 2 };
    const init = await initFileUpload(sandbox, tokens.access_token, plan);
    const { publish_id: id, upload_url: url } = init.data;

    expect((await statusOf(sandbox, tokens.access_token, id)).data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 0 });

    const first = await putChunk(url, file.subarray(0, 5 * MB), 0, file.length);
    expect(first.status).toBe(206);
    expect(first.json.data).toMatchObject({ uploaded_bytes: 5 * MB });
    expect((await statusOf(sandbox, tokens.access_token, id)).data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 5 * MB });

    // The last chunk carries the remainder (7 MB + 123 bytes).
    const last = await putChunk(url, file.subarray(5 * MB), 5 * MB, file.length);
    expect(last.status).toBe(201);

    const view = await inspect(sandbox, id);
    expect(view.data).toMatchObject({ open_id: 'sbx-user-ava', size: file.length, uploaded_bytes: file.length, chunks_received: 2, total_chunk_count: 2, sha256: sha256(file) });

    const processing = await statusOf(sandbox, tokens.access_token, id);
    expect(processing.data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: file.length, fail_reason: '', publicaly_available_post_id: [] });

    await advanceClock(sandbox, 60);
    const done = await statusOf(sandbox, tokens.access_token, id);
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ status: 'SEND_TO_USER_INBOX', uploaded_bytes: file.length, downloaded_bytes: 0 });

    // The creator posts the draft from the inbox.
    const posted = await extras(sandbox, `/sandbox/publishes/${encodeURIComponent(id)}/post`, 'POST');
    expect(posted.status).toBe(200);
    const complete = await statusOf(sandbox, tokens.access_token, id);
    expect(complete.data.status).toBe('PUBLISH_COMPLETE');
    expect(complete.data.publicaly_available_post_id).toHaveLength(1);
    expect(Number.isSafeInteger(complete.data.publicaly_available_post_id[0])).toBe(true);
    const twice = await extras(sandbox, `/sandbox/publishes/${encodeURIComponent(id)}/post`, 'POST');
    expect(twice.status).toBe(409);
  });

  it('accepts a repeat of the last accepted chunk without corrupting the file (206, and 201 when final)', async () => {
    const file = mp4Bytes(10 * MB + 5, 11);
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: file.length, chunk_size: 5 * MB, total_chunk_count: 2 });
    const url = init.data.upload_url;
    expect((await putChunk(url, file.subarray(0, 5 * MB), 0, file.length)).status).toBe(206);
    // The same range again with different bytes: discarded, answered as before.
    expect((await putChunk(url, Buffer.alloc(5 * MB, 1), 0, file.length)).status).toBe(206);
    expect((await putChunk(url, file.subarray(5 * MB), 5 * MB, file.length)).status).toBe(201);
    expect((await putChunk(url, file.subarray(5 * MB), 5 * MB, file.length)).status).toBe(201);
    const view = await inspect(sandbox, init.data.publish_id);
    expect(view.data.sha256).toBe(sha256(file));
    expect(view.data.uploaded_bytes).toBe(file.length);
  });

  it('answers 416 to a Content-Range that breaks the plan, with the bytes received so far', async () => {
    const file = mp4Bytes(15 * MB, 3);
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: file.length, chunk_size: 5 * MB, total_chunk_count: 3 });
    const url = init.data.upload_url;
    // Out of order.
    const skipped = await putChunk(url, file.subarray(5 * MB, 10 * MB), 5 * MB, file.length);
    expect(skipped.status).toBe(416);
    expect(skipped.json.data).toMatchObject({ uploaded_bytes: 0 });
    // Not on a chunk boundary.
    expect((await putChunk(url, file.subarray(1, 5 * MB + 1), 1, file.length)).status).toBe(416);
    // Wrong total.
    expect((await putChunk(url, file.subarray(0, 5 * MB), 0, file.length + 1)).status).toBe(416);
    // Malformed or missing Content-Range.
    for (const range of ['bytes 0-10', 'items 0-10/20', '']) {
      const res = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'video/mp4', ...(range ? { 'Content-Range': range } : {}) }, body: Buffer.alloc(11) });
      expect(res.status, range).toBe(416);
    }
    expect((await putChunk(url, file.subarray(0, 5 * MB), 0, file.length)).status).toBe(206);
    // Going back two chunks is not a repeat of the last one.
    expect((await putChunk(url, file.subarray(5 * MB, 10 * MB), 5 * MB, file.length)).status).toBe(206);
    expect((await putChunk(url, file.subarray(0, 5 * MB), 0, file.length)).status).toBe(416);
    expect((await putChunk(url, file.subarray(10 * MB), 10 * MB, file.length)).status).toBe(201);
    expect((await inspect(sandbox, init.data.publish_id)).data.sha256).toBe(sha256(file));
  });

  it('answers 403 to a wrong credential and once the upload URL has expired (1 hour), 404 to an unknown publish', async () => {
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: 100, chunk_size: 100, total_chunk_count: 1 });
    const url = new URL(init.data.upload_url);
    const forged = new URL(url);
    forged.searchParams.set('credential', 'upl.forged-credential-value');
    expect((await putChunk(forged.toString(), Buffer.alloc(100), 0, 100)).status).toBe(403);
    const bare = new URL(url);
    bare.search = '';
    expect((await putChunk(bare.toString(), Buffer.alloc(100), 0, 100)).status).toBe(403);
    const unknown = new URL(url);
    unknown.pathname = '/upload/v_inbox_file~v2.1';
    expect((await putChunk(unknown.toString(), Buffer.alloc(100), 0, 100)).status).toBe(404);

    await advanceClock(sandbox, 3601);
    const expired = await putChunk(url.toString(), mp4Bytes(100), 0, 100);
    expect(expired.status).toBe(403);
    // An upload never finished fails once its URL is dead.
    expect((await statusOf(sandbox, tokens.access_token, init.data.publish_id)).data).toMatchObject({ status: 'FAILED', fail_reason: 'internal' });
  });

  it('refuses a media type other than MP4, MOV or WebM, and a body shorter than its range', async () => {
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: 100, chunk_size: 100, total_chunk_count: 1 });
    const url = init.data.upload_url;
    const wrongType = await putChunk(url, mp4Bytes(100), 0, 100, 'image/png');
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error?.code).toBe('invalid_file_upload');
    const short = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'video/mp4', 'Content-Range': 'bytes 0-99/100' }, body: Buffer.alloc(50) });
    expect(short.status).toBe(400);
    expect((await putChunk(url, mp4Bytes(100), 0, 100, 'video/quicktime')).status).toBe(201);
  });

  it('fails processing with file_format_check_failed when the bytes are not a video container', async () => {
    const text = Buffer.from('definitely not a video, just some text '.repeat(100));
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: text.length, chunk_size: text.length, total_chunk_count: 1 });
    expect((await putChunk(init.data.upload_url, text, 0, text.length)).status).toBe(201);
    expect((await statusOf(sandbox, tokens.access_token, init.data.publish_id)).data.status).toBe('PROCESSING_UPLOAD');
    await advanceClock(sandbox, 1);
    const failed = await statusOf(sandbox, tokens.access_token, init.data.publish_id);
    expect(failed.status).toBe(200);
    expect(failed.error.code).toBe('ok');
    expect(failed.data).toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed' });
  });

  it('accepts WebM and MOV containers', async () => {
    // Real files: processing reads the container's headers (docs/PLATFORM.md "Video rules").
    const webm = await readFile(resolve(import.meta.dirname, '../../../fixtures/media/testsrc2-2s-vp9.webm'));
    const dir = await mkdtemp(join(tmpdir(), 'upload-mov-'));
    const mov = await readFile(await makeClip(dir, 'clip.mov', { video: H264 }));
    await rm(dir, { recursive: true, force: true });
    for (const [bytes, type] of [[webm, 'video/webm'], [mov, 'video/quicktime']] as const) {
      const init = await initFileUpload(sandbox, tokens.access_token, { video_size: bytes.length, chunk_size: bytes.length, total_chunk_count: 1 });
      expect((await putChunk(init.data.upload_url, bytes, 0, bytes.length, type)).status).toBe(201);
      await advanceClock(sandbox, 1);
      expect((await statusOf(sandbox, tokens.access_token, init.data.publish_id)).data.status).toBe('SEND_TO_USER_INBOX');
    }
  });

  it('a status fetch for another user’s publish is 404, as for an unknown one', async () => {
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: 100, chunk_size: 100, total_chunk_count: 1 });
    const other = await signIn(sandbox, { openId: 'sbx-user-ben' });
    const res = await statusOf(sandbox, other.access_token, init.data.publish_id);
    expect(res.status).toBe(404);
    expect(res.error.code).toBe('invalid_publish_id');
    expect((await statusOf(sandbox, tokens.access_token, 'v_inbox_file~v2.0')).status).toBe(404);
  });

  it('keeps an interrupted chunk out of the file: the client can send it again', async () => {
    const file = mp4Bytes(6 * MB, 5);
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: file.length, chunk_size: file.length, total_chunk_count: 1 });
    const controller = new AbortController();
    // A body that sends 1 MB then stalls; abort it mid-body.
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(file.subarray(0, MB));
      },
    });
    const pending = fetch(init.data.upload_url, {
      method: 'PUT',
      headers: { 'Content-Type': 'video/mp4', 'Content-Range': `bytes 0-${file.length - 1}/${file.length}`, 'Content-Length': String(file.length) },
      body,
      signal: controller.signal,
      duplex: 'half',
    } as RequestInit).catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 200));
    controller.abort();
    await pending;
    await new Promise((r) => setTimeout(r, 100));
    expect((await inspect(sandbox, init.data.publish_id)).data).toMatchObject({ uploaded_bytes: 0, chunks_received: 0 });
    expect((await putChunk(init.data.upload_url, file, 0, file.length)).status).toBe(201);
    expect((await inspect(sandbox, init.data.publish_id)).data.sha256).toBe(sha256(file));
  });
});
