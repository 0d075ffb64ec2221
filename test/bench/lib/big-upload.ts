/**
 * Keeps the app busy uploading a 1 GB video to the sandbox while a benchmark measures something
 * else in the same app (the load a creator's machine is under while uploads run). The video is a
 * real MP4 (the app probes every file it is given): a 2 s clip followed by a top-level `free` box
 * that fills it to 1 GB, a sparse file of a few KB on disk. Each round streams it to the web host
 * (POST /api/files, as a dropped file is sent), queues it for the next account with inbox room, and
 * waits until its upload is over; the next round starts at once, until stopped.
 */
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningWebApp } from '../../support/web-app.js';
import { webClient } from '../../support/web-client.js';

export const BIG_BYTES = 1024 ** 3;

type Call = <T>(app: RunningWebApp, channel: string, input?: unknown) => Promise<T>;

interface DraftRow {
  id: string;
  state: string;
  sentBytes: number;
}

/** A 1 GB MP4: the clip's own boxes, then a `free` box (32-bit size) over a hole to the end. */
export async function writeBigVideo(clip: string, target: string): Promise<void> {
  const video = readFileSync(clip);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(BIG_BYTES - video.length, 0);
  header.write('free', 4, 'latin1');
  const handle = await open(target, 'w');
  try {
    await handle.write(video, 0, video.length, 0);
    await handle.write(header, 0, 8, video.length);
    await handle.truncate(BIG_BYTES);
  } finally {
    await handle.close();
  }
}

export interface BigUploads {
  /** Answers once a 1 GB draft is uploading. */
  uploading(): Promise<void>;
  /** Bytes the big drafts have had sent so far (all rounds). */
  sentBytes(): Promise<number>;
  rounds(): number;
  stop(): Promise<void>;
}

export function keepUploadingBig(app: RunningWebApp, call: Call, dir: string, clip: string, openIds: readonly string[]): BigUploads {
  const path = join(dir, 'big-1gb.mp4');
  const ids: string[] = [];
  let stopped = false;
  let round = 0;
  let failure: unknown = null;
  const states = async () => (await call<DraftRow[]>(app, 'drafts.list')).filter((draft) => ids.includes(draft.id));
  const loop = (async () => {
    await writeBigVideo(clip, path);
    while (!stopped) {
      const fileId = await webClient(app).sendFile(path);
      const openId = openIds[round % openIds.length]!;
      const [draft] = await call<{ id: string }[]>(app, 'drafts.add', { openId, files: [{ source: { kind: 'incoming', fileId }, name: `big ${round + 1}.mp4`, mimeType: 'video/mp4', durationMs: 2000 }], duplicates: 'allow' });
      ids.push(draft!.id);
      round++;
      // Until its upload is over (the platform then processes it; the next one goes meanwhile).
      for (;;) {
        const state = (await states()).find((row) => row.id === draft!.id)?.state;
        if (stopped || (state !== 'queued' && state !== 'uploading')) break;
        await new Promise((done) => setTimeout(done, 250));
      }
    }
  })().catch((error: unknown) => {
    failure = error;
  });
  return {
    async uploading() {
      for (;;) {
        if (failure) throw failure;
        if ((await states()).some((row) => row.state === 'uploading')) return;
        await new Promise((done) => setTimeout(done, 200));
      }
    },
    async sentBytes() {
      return (await states()).reduce((sum, row) => sum + row.sentBytes, 0);
    },
    rounds: () => round,
    async stop() {
      stopped = true;
      await loop;
      for (const id of ids) await call(app, 'drafts.cancel', { id }).catch(() => undefined);
    },
  };
}
