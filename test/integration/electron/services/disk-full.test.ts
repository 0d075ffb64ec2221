/**
 * A full disk, on a small tmpfs of its own as the data dir: every channel that writes, and the web
 * host's file intake, say "The disk is full: free N MB on <volume>" (not "Internal error" nor
 * "file_incomplete"); the window is told (app.notices `disk_full`), and once there is room again
 * the notice goes by itself and the same calls work, with nothing restarted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadStream } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { startWebTransport, type WebTransport } from '../../../../electron/transports/web-host.js';
import { startAppHarness, type AppHarness } from '../../../support/app-harness.js';
import { writeMp4File } from '../../../support/media.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { mountTmpfs, type Tmpfs } from '../../../support/tmpfs.js';
import { english } from '../../../support/words.js';
import { sayWords } from '../../../../electron/services/main-words.js';

let disk: Tmpfs | string;
let harness: AppHarness | null = null;
let transport: WebTransport | null = null;

beforeAll(async () => {
  disk = mountTmpfs(192 * 1024 * 1024);
  if (typeof disk === 'string') return;
  harness = await startAppHarness({ dataDir: disk.dir });
  transport = await startWebTransport({ dispatch: harness.app.dispatch, hub: harness.app.hub, rendererDir: disk.dir, incoming: harness.app.incoming, log: memoryLogger().log });
}, 120_000);

afterAll(async () => {
  try {
    await transport?.close();
    await harness?.close({ keepData: true });
  } finally {
    // Even when closing failed: the mount must not outlive the test.
    if (typeof disk !== 'string') disk.unmount();
  }
});

describe('a full disk', () => {
  it('is said as a full disk by the channels, the file intake and the window, and the app goes on by itself once there is room', { timeout: 120_000 }, async (ctx) => {
    if (typeof disk === 'string' || !harness || !transport) return ctx.skip(typeof disk === 'string' ? disk : 'the app did not start');
    const { dir } = disk;
    const fullMessage = new RegExp(`^The disk is full: free \\d+ MB on ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const appNotices = () => harness!.call('appNotices.list');
    await harness.signIn('sbx-user-ava');
    const source = join(dir, 'clip.mp4');
    await writeMp4File(source, 2 * 1024 * 1024, 3);
    const { fileId } = await harness.app.incoming.receive(createReadStream(source));
    const addClip = () => harness!.app.dispatch('drafts.add', { openId: 'sbx-user-ava', files: [{ source: { kind: 'incoming', fileId }, name: 'clip.mp4', mimeType: 'video/mp4', durationMs: null }] });

    disk.fill(0);
    expect(await addClip()).toEqual({ ok: false, error: { code: 'disk_full', message: expect.stringMatching(fullMessage), words: { code: 'error.disk_full', params: { mb: expect.any(Number), volume: dir } } } });
    expect(await harness.call('drafts.list')).toEqual([]);
    const refused = await harness.app.dispatch('settings.set', { uploads: { concurrency: 3 } });
    expect(refused).toEqual({ ok: false, error: { code: 'disk_full', message: expect.stringMatching(fullMessage), words: { code: 'error.disk_full', params: { mb: expect.any(Number), volume: dir } } } });
    const intake = await postFile(transport, Buffer.alloc(4 * 1024 * 1024, 7));
    expect(intake.status).toBe(507);
    expect(JSON.parse(intake.body)).toEqual({ ok: false, error: { code: 'disk_full', message: expect.stringMatching(fullMessage), words: { code: 'error.disk_full', params: { mb: expect.any(Number), volume: dir } } } });
    // A dropped file of 4 MB wants its own size on top of the minimum.
    expect(Number(/free (\d+) MB/.exec(JSON.parse(intake.body).error.message)![1])).toBeGreaterThanOrEqual(64 + 4);
    const notice = (await appNotices()).find((candidate) => candidate.kind === 'disk_full');
    expect(notice).toMatchObject({ title: { code: 'error.disk_full', params: { volume: dir } }, dismissible: false });
    // The window words it from the code, in its language; in English as the channels said it.
    expect(english(notice!.title)).toMatch(fullMessage);
    expect(sayWords(notice!.title, 'ja')).toMatch(new RegExp(`^ディスクがいっぱいです：.* で \\d+ MB の空きを作ってください$`));

    disk.unfill();
    await harness.waitForEvent('appNotices.changed', (list) => !list.some((candidate) => candidate.kind === 'disk_full'), 30_000);
    expect((await harness.call('settings.set', { uploads: { concurrency: 3 } })).uploads.concurrency).toBe(3);
    expect(await addClip()).toMatchObject({ ok: true, value: [{ fileName: 'clip.mp4' }] });
    const received = await postFile(transport, Buffer.alloc(4 * 1024 * 1024, 7));
    expect(received.status).toBe(200);
    expect((await appNotices()).some((candidate) => candidate.kind === 'disk_full')).toBe(false);
  });
});

function postFile(web: WebTransport, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${web.origin}/api/files`, { method: 'POST', headers: { Authorization: `Bearer ${web.token}`, 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    // The host may answer and close before the whole body is read: the answer is what counts.
    req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
    req.end(body);
  });
}
