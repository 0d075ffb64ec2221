/**
 * Keeps the app busy uploading 1 GB videos to the sandbox while a benchmark measures something
 * else in the same app (the load a creator's machine is under while uploads run). Each video is a
 * real MP4 (the app probes every file it is given): a 2 s clip followed by a top-level `free` box
 * that fills it to 1 GB, a sparse file of a few KB on disk, with its round's number inside the box
 * so that no two have the same content (the duplicate rule would refuse the second).
 *
 * The videos reach the app as a creator's exports do, through watch folders (one per account, the
 * accounts in turn): the app finds each file, adds it by its path and uploads it, and nothing else
 * is sent. Streaming each 1 GB to the web host as a dropped file instead (POST /api/files) made
 * half of every measured run the benchmark's own process sending the next video (0.28–0.36 of a
 * core) and the host writing it to disk: a drop, not the upload the figures are about. The next
 * video is written as soon as one starts uploading, so it waits queued behind it and bytes never
 * stop flowing. Paused (every video not yet sent paused through the app, as a person pauses it),
 * the app is idle again: a benchmark alternates its idle and loaded runs on one queue.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningWebApp } from '../../support/web-app.js';
import { followDrafts } from './draft-follower.js';

export const BIG_BYTES = 1024 ** 3;

type Call = <T>(app: RunningWebApp, channel: string, input?: unknown) => Promise<T>;

/** A 1 GB MP4: the clip's own boxes, then a `free` box (32-bit size) over a hole to the end, `mark` written at its start. */
export async function writeBigVideo(clip: string, target: string, mark = 0): Promise<void> {
  const video = readFileSync(clip);
  const header = Buffer.alloc(16);
  header.writeUInt32BE(BIG_BYTES - video.length, 0);
  header.write('free', 4, 'latin1');
  header.writeDoubleBE(mark, 8);
  const handle = await open(target, 'w');
  try {
    await handle.write(video, 0, video.length, 0);
    await handle.write(header, 0, header.length, video.length);
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
  /** Answers once nothing is being sent: every big draft not yet sent paused, none waiting to be found. */
  pause(): Promise<void>;
  /** Carries on (the paused drafts resumed); `uploading()` answers once bytes flow again. */
  resume(): void;
  stop(): Promise<void>;
}

/** States of a big draft whose bytes are still to be sent (or being sent). */
const UNSENT = new Set(['queued', 'uploading', 'paused']);
/** States of a big draft whose bytes are all sent. */
const SENT = new Set(['processing', 'inbox', 'posted']);

export async function keepUploadingBig(app: RunningWebApp, call: Call, dir: string, clip: string, openIds: readonly string[]): Promise<BigUploads> {
  const folders = openIds.map((_, index) => join(dir, `watch-${index + 1}`));
  for (const [index, folder] of folders.entries()) {
    mkdirSync(folder);
    await call(app, 'watchFolders.add', { openId: openIds[index], path: folder });
  }
  const followed = await followDrafts(app);
  let stopped = false;
  let paused = false;
  /** Whether nothing is being sent: paused, every big draft not yet sent paused, none waiting to be found. */
  let quiet = false;
  let round = 0;
  let failure: unknown = null;
  const states = () => followed.latest();
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
  const loop = (async () => {
    while (!stopped) {
      const drafts = states();
      const stuck = drafts.find((row) => !UNSENT.has(row.state) && !SENT.has(row.state));
      // Waiting (its account's inbox full) or failed: nothing would load the machine; say so rather than measure idle as loaded.
      if (stuck) throw new Error(`a 1 GB draft is ${stuck.state} after ${round} rounds`);
      const unsent = drafts.filter((row) => UNSENT.has(row.state));
      const waitingToBeFound = round - drafts.length;
      // Another video as soon as none waits behind the one being sent.
      if (!paused && waitingToBeFound === 0 && unsent.every((row) => row.state === 'uploading') && unsent.length < 2) {
        const name = `big ${round + 1}.mp4`;
        followed.followNamed(name);
        await writeBigVideo(clip, join(folders[round % folders.length]!, name), round + 1);
        round++;
        continue;
      }
      for (const row of unsent) {
        if (paused && row.state !== 'paused') await call(app, 'drafts.pause', { id: row.id }).catch(() => undefined);
        if (!paused && row.state === 'paused') await call(app, 'drafts.resume', { id: row.id });
      }
      quiet = paused && waitingToBeFound === 0 && unsent.every((row) => row.state === 'paused');
      await sleep(100);
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
      for (const row of states()) await call(app, 'drafts.cancel', { id: row.id }).catch(() => undefined);
      followed.close();
    },
  };
}
