/**
 * The engine with an injected transport and platform: races that a real host makes rare are made
 * certain here (an acknowledgement arriving as a cancel does; a host that stored the last chunk
 * but whose answer was cut off).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UploadService } from '../../../../../electron/services/uploads/upload-service.js';
import type { ChunkTransport } from '../../../../../electron/services/uploads/chunk-transfer.js';
import type { PublishApi, PublishStatus } from '../../../../../platform-api/publish.js';
import type { ChunkPutRequest, ChunkPutResponse } from '../../../../../platform-api/chunk-put.js';
import type { DraftView, EventMessage } from '../../../../../electron/core/contract/index.js';
import { AppError } from '../../../../../electron/core/result.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import { mp4Bytes } from '../../../../support/media-fixtures.js';

let dir: string;
let engine: UploadService;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dd-engine-'));
});
afterEach(async () => {
  await engine?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A platform that opens publishes and answers status reads with `status()`. */
function fakePlatform(status: () => PublishStatus['status'], uploadedBytes = () => 0) {
  let opened = 0;
  const publish: PublishApi = {
    async initVideo() {
      opened++;
      return { ok: true, value: { publishId: `p${opened}`, uploadUrl: `http://127.0.0.1:9/upload/p${opened}` } };
    },
    async initVideoUrl() {
      opened++;
      return { ok: true, value: { publishId: `p${opened}` } };
    },
    async fetchStatus() {
      return { ok: true, value: { status: status(), failReason: null, uploadedBytes: uploadedBytes(), downloadedBytes: null } };
    },
  };
  return { publish, opened: () => opened };
}

/** A host whose answer to each PUT the test releases by hand. */
function heldHost() {
  const held: Array<{ req: ChunkPutRequest; answer: (status: number) => void }> = [];
  const transport: ChunkTransport = {
    put: (req) =>
      new Promise<ChunkPutResponse>((resolve, reject) => {
        req.onProgress?.(req.end - req.start + 1);
        held.push({ req, answer: (status) => resolve({ status, body: '', retryAfterMs: undefined }) });
        // Like a socket destroyed by the abort, unless the answer came first.
        req.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })), { once: true });
      }),
  };
  return { transport, held };
}

function start(publish: PublishApi, chunks: ChunkTransport): UploadService {
  const { log } = memoryLogger();
  const events: EventMessage[] = [];
  engine = new UploadService({
    dataDir: dir, clock: { now: () => Date.now() }, hub: { emit: (name, payload) => events.push({ name, payload } as EventMessage) }, log,
    tokens: { withAccessToken: (_openId, fn) => fn('act.test', 'http://127.0.0.1:9') },
    publish, concurrency: () => 1, pollIntervalMs: 5, chunks, random: () => 0.5,
  });
  engine.start();
  return engine;
}

async function addClip(service: UploadService): Promise<DraftView> {
  const path = join(dir, 'clip.mp4');
  // A video's headers: the service probes what it adds (docs/PLATFORM.md "Video rules").
  writeFileSync(path, mp4Bytes(64 * 1024, 7));
  const [draft] = await service.add('acct-a', [{ filePath: path, fileName: 'clip.mp4', mimeType: 'video/mp4', durationMs: 1000, ownsFile: false }]);
  return draft!;
}

async function until<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`condition not reached: ${JSON.stringify(read())}`);
}

const stateOf = (service: UploadService, id: string) => service.list().find((d) => d.id === id)!;

describe('cancelling while the last chunk is being acknowledged', () => {
  it('says "already delivered" and the draft goes on to the inbox when the acknowledgement wins', async () => {
    const platform = fakePlatform(() => 'SEND_TO_USER_INBOX');
    const host = heldHost();
    const service = start(platform.publish, host.transport);
    const draft = await addClip(service);
    await until(() => host.held.length, (n) => n === 1);
    // The host's 201 is on its way back as the person presses Cancel.
    host.held[0]!.answer(201);
    const cancelled = service.cancel(draft.id);
    await expect(cancelled).rejects.toMatchObject({ code: 'already_delivered' });
    await expect(cancelled).rejects.toBeInstanceOf(AppError);
    const final = await until(() => stateOf(service, draft.id), (d) => d.state !== 'processing');
    expect(final).toMatchObject({ state: 'inbox', platformStatus: 'SEND_TO_USER_INBOX' });
  });

  it('asks the platform when the last chunk had gone out but its answer was cut off, and believes what it says', async () => {
    const platform = fakePlatform(() => 'PROCESSING_DOWNLOAD', () => 64 * 1024);
    const host = heldHost();
    const service = start(platform.publish, host.transport);
    const draft = await addClip(service);
    await until(() => host.held.length, (n) => n === 1);
    await expect(service.cancel(draft.id)).rejects.toMatchObject({ code: 'already_delivered' });
    expect(stateOf(service, draft.id).state).toBe('processing');
    expect(platform.opened()).toBe(1);
  });

  it('cancels when the platform does not have the whole video', async () => {
    const platform = fakePlatform(() => 'PROCESSING_UPLOAD', () => 0);
    const host = heldHost();
    const service = start(platform.publish, host.transport);
    const draft = await addClip(service);
    await until(() => host.held.length, (n) => n === 1);
    expect((await service.cancel(draft.id)).state).toBe('cancelled');
    // Nothing starts it again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(host.held).toHaveLength(1);
    expect(stateOf(service, draft.id).state).toBe('cancelled');
  });
});
