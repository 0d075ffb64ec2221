/**
 * A chunk whose sender connects, sends part of the body and then nothing: the upload host cuts it
 * after `upload_host.idle_timeout_ms`, forgets the partial bytes and takes the chunk again at once.
 * A short configured timeout keeps the test quick; nothing here sleeps.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes } from '../../../support/media-fixtures.js';
import { MB, initFileUpload, inspect, putChunk, sha256, signIn, startTestSandbox, type Sandbox, type TokenSet } from '../../../support/sandbox-client.js';

let sandbox: Sandbox;
let tokens: TokenSet;

beforeAll(async () => {
  sandbox = await startTestSandbox({ upload_host: { idle_timeout_ms: 300 } });
  tokens = await signIn(sandbox);
});
afterAll(() => sandbox.close());

/** Opens a PUT of the whole body (the first chunk of a `total`-byte file) and sends only `sent` bytes of it; `closed` resolves once the host closes the connection, `answer` once it answers. */
async function stalledPut(uploadUrl: string, body: Buffer, sent: number, total = body.length): Promise<{ socket: Socket; closed: Promise<string>; answer: Promise<string> }> {
  const url = new URL(uploadUrl);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, 'connect');
  let answer = '';
  socket.setEncoding('latin1').on('data', (text: string) => (answer += text));
  socket.write(
    `PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: video/mp4\r\n` +
      `Content-Range: bytes 0-${body.length - 1}/${total}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, sent));
  const closed = once(socket, 'close').then(() => answer);
  const answered = new Promise<string>((resolve) => socket.on('data', () => /\r\n\r\n[\s\S]*\}$/.test(answer) && resolve(answer)));
  return { socket, closed, answer: answered };
}

describe('a stalled chunk', () => {
  it('is dropped after the idle timeout: the lock is released and the chunk is taken again at once', async () => {
    const file = mp4Bytes(2 * MB + 99, 5);
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: file.length, chunk_size: file.length, total_chunk_count: 1 });
    const stalled = await stalledPut(init.data.upload_url, file, 256 * 1024);
    await stalled.closed; // without an idle timeout the host waits for the rest forever
    expect((await inspect(sandbox, init.data.publish_id)).data).toMatchObject({ uploaded_bytes: 0, chunks_received: 0 });

    // Not 416 "another chunk still being received": the lock went with the stalled chunk.
    const retry = await putChunk(init.data.upload_url, file, 0, file.length);
    expect(retry.status).toBe(201);
    const view = await inspect(sandbox, init.data.publish_id);
    expect(view.data.sha256).toBe(sha256(file)); // none of the stalled partial bytes remain
    expect(view.data.wire_bytes).toBeGreaterThan(file.length); // the partial bytes did arrive before the stall
  });

  it('a slow chunk that keeps sending is not cut, however long it takes in all', async () => {
    // Paced well inside the timeout (gaps of 1/5 of it), for longer than the timeout in all: only
    // a timer that restarts on every byte lets this through.
    const paced = await startTestSandbox({ upload_host: { idle_timeout_ms: 2_000 } });
    try {
      const owner = await signIn(paced);
      const file = mp4Bytes(2 * MB + 7, 6);
      const init = await initFileUpload(paced, owner.access_token, { video_size: file.length, chunk_size: file.length, total_chunk_count: 1 });
      const put = await stalledPut(init.data.upload_url, file, 0);
      const parts = 8;
      const step = Math.ceil(file.length / parts);
      for (let offset = 0; offset < file.length; offset += step) {
        put.socket.write(file.subarray(offset, offset + step));
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      expect(await put.answer).toMatch(/^HTTP\/1\.1 201 /);
      expect((await inspect(paced, init.data.publish_id)).data.sha256).toBe(sha256(file));
    } finally {
      await paced.close();
    }
  });

  it('the same chunk sent again on a new connection replaces the copy still being received; another chunk is refused with 416', async () => {
    // The default idle timeout (30 s): nothing here waits for it.
    const patient = await startTestSandbox();
    try {
      const owner = await signIn(patient);
      const file = mp4Bytes(10 * MB + 1, 7);
      const init = await initFileUpload(patient, owner.access_token, { video_size: file.length, chunk_size: 5 * MB, total_chunk_count: 2 });
      const first = await stalledPut(init.data.upload_url, file.subarray(0, 5 * MB), 64 * 1024, file.length);
      const wrongChunk = await putChunk(init.data.upload_url, file.subarray(5 * MB), 5 * MB, file.length);
      expect(wrongChunk.status).toBe(416);
      expect(wrongChunk.json.error?.message).toMatch(/another chunk of this upload is still being received/);
      expect((await putChunk(init.data.upload_url, file.subarray(0, 5 * MB), 0, file.length)).status).toBe(206);
      await first.closed; // the first copy's connection was cut
      expect((await putChunk(init.data.upload_url, file.subarray(5 * MB), 5 * MB, file.length)).status).toBe(201);
      expect((await inspect(patient, init.data.publish_id)).data.sha256).toBe(sha256(file));
    } finally {
      await patient.close();
    }
  });
});
