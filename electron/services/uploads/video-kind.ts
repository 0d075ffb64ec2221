/**
 * Video files: a FILE_UPLOAD publish (op 4) with the file cut into chunks by the platform's rules
 * (docs/PLATFORM.md "Chunk plan"), delivered chunk by chunk (chunk-transfer.ts).
 */
import { rm } from 'node:fs/promises';
import type { Logger } from '../../../common/log.js';
import { failed, platformError } from '../../../platform-api/errors.js';
import { isPlan, planChunks } from './chunk-plan.js';
import { sendChunks } from './chunk-transfer.js';
import type { DraftRecord } from './draft.js';
import type { MediaKind } from './media-kind.js';
import type { PublishApi } from '../../../platform-api/publish.js';
import { FIXED_FILE_LOST } from './transitions.js';
import { checkFile, checkVideoSource, heldFiles, loseFix, prepareVideo, sendsFixedFile, type VideoFixPort } from './video-fix-step.js';

/** The upload host honours an upload_url for an hour; start a fresh publish a little before. */
export const UPLOAD_URL_LIFETIME_MS = 55 * 60 * 1000;

export function urlExpired(draft: DraftRecord, now: number): boolean {
  return draft.uploadUrlIssuedAt === null || now - draft.uploadUrlIssuedAt > UPLOAD_URL_LIFETIME_MS;
}

export function videoKind(publish: PublishApi, log: Logger, preferredChunkBytes?: number, fixer?: VideoFixPort): MediaKind {
  return {
    needsPublish: (draft, now) => !draft.publishId || !draft.uploadUrl || urlExpired(draft, now),
    checkSource: (draft) => (fixer ? checkVideoSource(draft) : checkFile(draft.filePath, draft.fingerprint)),
    async open(draft, accessToken, baseUrl, signal) {
      const plan = planChunks(draft.size, preferredChunkBytes);
      // Checked when the draft was added; a file that no longer plans is refused as the platform would.
      if (!isPlan(plan)) return failed(platformError({ kind: 'platform', code: `file_${plan.code}`, message: plan.message }));
      const result = await publish.initVideo(baseUrl, accessToken, { videoSize: plan.videoSize, chunkSize: plan.chunkSize, totalChunkCount: plan.totalChunkCount }, signal);
      if (!result.ok) return result;
      return { ok: true, value: { publishId: result.value.publishId, uploadUrl: result.value.uploadUrl, chunkSize: plan.chunkSize, totalChunkCount: plan.totalChunkCount } };
    },
    // A video the app fixes: FFmpeg makes the file the platform takes before the publish opens.
    ...(fixer ? { prepare: (draft, ctx) => prepareVideo(draft, fixer, ctx, log) } : {}),
    async deliver(draft, ctx) {
      const outcome = await sendChunks(draft, ctx);
      // The fixed file went from the cache while its chunks streamed: made again (the next run's
      // prepare) from the file as added, and sent in a fresh publish, when that one is intact.
      if (outcome.kind !== 'file_changed' || !fixer || !sendsFixedFile(draft) || (await checkVideoSource(draft)) !== 'ok') return outcome;
      loseFix(draft, ctx.record, log);
      return { kind: 'restart', reason: FIXED_FILE_LOST, progressed: false };
    },
    // Our copy of a dropped file, and a fixed file, go once the platform has the video or the
    // draft is removed; a failed or cancelled draft keeps them, for a retry.
    async release(draft, why) {
      if (why === 'failed' || why === 'cancelled') return;
      for (const path of heldFiles(draft)) await rm(path, { force: true }).catch((error: unknown) => log.warn({ err: error }, 'could not delete a finished upload copy'));
    },
  };
}
