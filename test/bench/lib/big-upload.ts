/**
 * Keeps the app busy uploading a 1 GB video to the sandbox while a benchmark measures something
 * else in the same app (the load a creator's machine is under while uploads run). The video is a
 * real MP4 (the app probes every file it is given): a 2 s clip followed by a top-level `free` box
 * that fills it to 1 GB, a sparse file of a few KB on disk. Each round streams it to the web host
 * (POST /api/files, as a dropped file is sent), queues it for the next account with inbox room, and
 * waits until its upload is over; the next round starts at once, until stopped. Paused (the draft
 * paused through the app, as a person pauses it, and no new round begun), the app is idle again: a
 * benchmark alternates its idle and loaded runs on one queue.
 */
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningWebApp } from '../../support/web-app.js';
import { webClient } from '../../support/web-client.js';
import { followDrafts, type FollowedDraft } from './draft-follower.js';

export const BIG_BYTES = 1024 ** 3;

type Call = <T>(app: RunningWebApp, channel: string, input?: unknown) => Promise<T>;

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
  sentBytes(): number;
  rounds(): number;
  /** Answers once nothing is being sent: the big draft under way paused, no round being streamed to the host. */
  pause(): Promise<void>;
  /** Carries on (the paused draft resumed, or the next round begun); `uploading()` answers once bytes flow again. */
  resume(): void;
  stop(): Promise<void>;
}

export async function keepUploadingBig(app: RunningWebApp, call: Call, dir: string, clip: string, openIds: readonly string[]): Promise<BigUploads> {
  const path = join(dir, 'big-1gb.mp4');
  const ids: string[] = [];
  const followed = await followDrafts(app);
  let stopped = false;
  let paused = false;
  /** Whether the loop is sending nothing now: waiting to begin a round, or its draft paused. */
  let quiet = false;
  let round = 0;
  let failure: unknown = null;
  const states = () => followed.latest();
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
  const loop = (async () => {
    await writeBigVideo(clip, path);
    while (!stopped) {
      quiet = paused;
      if (paused) {
        await sleep(100);
        continue;
      }
      const fileId = await webClient(app).sendFile(path);
      const openId = openIds[round % openIds.length]!;
      const [draft] = await call<FollowedDraft[]>(app, 'drafts.add', { openId, files: [{ source: { kind: 'incoming', fileId }, name: `big ${round + 1}.mp4`, mimeType: 'video/mp4', durationMs: 2000 }], duplicates: 'allow' });
      ids.push(draft!.id);
      followed.follow(draft!);
      round++;
      // Until its upload is over (the platform then processes it; the next one goes meanwhile).
      for (;;) {
        const state = states().find((row) => row.id === draft!.id)?.state;
        if (stopped) break;
        if (state === 'paused') {
          quiet = paused;
          if (!paused) await call(app, 'drafts.resume', { id: draft!.id });
        } else if (state === 'queued' || state === 'uploading') {
          if (paused) await call(app, 'drafts.pause', { id: draft!.id }).catch(() => undefined);
        } else break;
        await sleep(paused ? 100 : 250);
      }
    }
  })().catch((error: unknown) => {
    failure = error;
  });
  return {
    async uploading() {
      for (;;) {
        if (failure) throw failure;
        if (states().some((row) => row.state === 'uploading')) return;
        await sleep(200);
      }
    },
    sentBytes() {
      return states().reduce((sum, row) => sum + row.sentBytes, 0);
    },
    rounds: () => round,
    async pause() {
      paused = true;
      quiet = false;
      while (!quiet) {
        if (failure) throw failure;
        await sleep(100);
      }
    },
    resume() {
      paused = false;
      quiet = false;
    },
    async stop() {
      stopped = true;
      await loop;
      for (const id of ids) await call(app, 'drafts.cancel', { id }).catch(() => undefined);
      followed.close();
    },
  };
}
