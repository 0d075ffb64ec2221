/**
 * The platform never forgets what it has answered: a sandbox killed with SIGKILL right after a 2xx
 * (a graceful close would flush anyway) still knows the token, the publish, the chunk, the trade
 * order op 8 made and the payment after a restart on the same data dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mp4Bytes } from '../../../support/media-fixtures.js';
import { MB, api, extras, initFileUpload, inspect, putChunk, sha256, signIn, statusOf, tempDir, type Sandbox } from '../../../support/sandbox-client.js';

const dir = await tempDir('sbx-kill-');
let child: ChildProcess | undefined;

/** The sandbox in its own node process, so SIGKILL stops it the way a crash would. */
async function start(): Promise<Sandbox> {
  child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--upload-port', '0', '--data-dir', dir.path], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  const exited = child;
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: exited.stdout! }).once('line', resolve);
    exited.once('exit', (code) => reject(new Error(`sandbox exited with ${code} before ready`)));
  });
  const ready = JSON.parse(line) as { base_url: string; upload_base_url: string };
  return { baseUrl: ready.base_url, uploadBaseUrl: ready.upload_base_url } as Sandbox;
}

async function kill9(): Promise<void> {
  const victim = child!;
  child = undefined;
  if (victim.exitCode !== null || victim.signalCode !== null) return;
  const exited = new Promise((resolve) => victim.once('exit', resolve));
  victim.kill('SIGKILL');
  await exited;
}

/** The upload URL on the restarted sandbox's (new, random) upload port. */
const moved = (uploadUrl: string, sandbox: Sandbox): string => {
  const url = new URL(uploadUrl);
  return `${sandbox.uploadBaseUrl}${url.pathname}${url.search}`;
};

afterEach(kill9);
afterAll(() => dir.remove());

describe('SIGKILL right after a 2xx', () => {
  it('keeps the publish an init answered: its status and its upload URL work after the restart', async () => {
    const first = await start();
    const tokens = await signIn(first);
    const file = mp4Bytes(3 * MB + 5, 8);
    const init = await initFileUpload(first, tokens.access_token, { video_size: file.length, chunk_size: file.length, total_chunk_count: 1 });
    expect(init.status).toBe(200);
    await kill9();

    const second = await start();
    const status = await statusOf(second, tokens.access_token, init.data.publish_id);
    expect(status.status).toBe(200);
    expect(status.data.status).toBe('PROCESSING_UPLOAD');
    expect((await putChunk(moved(init.data.upload_url, second), file, 0, file.length)).status).toBe(201);
    expect((await inspect(second, init.data.publish_id)).data.sha256).toBe(sha256(file));
  });

  it('keeps a chunk the upload host answered 206', async () => {
    const first = await start();
    const tokens = await signIn(first);
    const file = mp4Bytes(10 * MB + 17, 9);
    const init = await initFileUpload(first, tokens.access_token, { video_size: file.length, chunk_size: 5 * MB, total_chunk_count: 2 });
    expect((await putChunk(init.data.upload_url, file.subarray(0, 5 * MB), 0, file.length)).status).toBe(206);
    await kill9();

    const second = await start();
    expect((await inspect(second, init.data.publish_id)).data).toMatchObject({ chunks_received: 1, uploaded_bytes: 5 * MB });
    expect((await putChunk(moved(init.data.upload_url, second), file.subarray(5 * MB), 5 * MB, file.length)).status).toBe(201);
    expect((await inspect(second, init.data.publish_id)).data.sha256).toBe(sha256(file));
  });

  it('keeps the trade order op 8 answered, and a payment the sandbox API answered', async () => {
    const first = await start();
    const tokens = await signIn(first);
    const body = { token_type: 'BEANS', token_amount: 100, order_info: { order_id: 'ord_kill_test', product_name: '100 gems', quantity: 1 } };
    const created = await api(first, '/v2/minis/trade_order/create/', tokens.access_token, body);
    expect(created.status).toBe(200);
    const tradeOrderId = (created.data as { trade_order_id: string }).trade_order_id;
    await kill9();

    const second = await start();
    const order = await extras<{ status: string }>(second, `/sandbox/orders/${tradeOrderId}`);
    expect(order.status).toBe(200);
    expect(order.data.status).toBe('created');
    expect((await extras(second, `/sandbox/orders/${tradeOrderId}/pay`, 'POST', {})).status).toBe(200);
    await kill9();

    const third = await start();
    expect((await extras<{ status: string }>(third, `/sandbox/orders/${tradeOrderId}`)).data.status).toBe('paid');
  });
});
