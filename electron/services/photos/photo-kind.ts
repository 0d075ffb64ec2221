/**
 * Photo posts as a media kind of the one publishing engine (uploads/media-kind.ts): the same
 * queue, journal, scheduler, budgets and status poller as videos. Opening a publish hosts each
 * image not hosted yet (journaled image by image, so a restart after a kill -9 does not host one
 * twice), then starts the photo post (op 7) with the hosted URLs; the platform pulls them, so
 * there is nothing to deliver. The post is under way (uploading) from the moment its hosting
 * begins. Once it has reached the inbox its hosted files are removed, unless the person keeps
 * them; a post that failed, was cancelled or removed loses them always. Our prepared copies go
 * when it reached the inbox or was removed.
 */
import { rm, stat } from 'node:fs/promises';
import type { Logger } from '../../../common/log.js';
import { failed, platformError, type PlatformError } from '../../../platform-api/errors.js';
import { describeFailReason, isKnownFailCode, type DraftRecord, type MediaKind, type ReleaseReason } from '../uploads/ports.js';
import { sayWords } from '../main-words.js';
import type { PhotoApi } from '../../../platform-api/publish.js';
import type { HostError, MediaHost } from './hosts/media-host.js';

export interface PhotoKindOptions {
  api: PhotoApi;
  /** The photo host of the settings at the time of the call. */
  host: () => MediaHost;
  log: Logger;
}

export function photoKind(options: PhotoKindOptions): MediaKind {
  return {
    needsPublish: (draft) => !draft.publishId,

    async checkSource(draft) {
      for (const image of draft.photo?.images ?? []) {
        if (image.url || !image.path) continue;
        const info = await stat(image.path).catch(() => null);
        if (!info?.isFile()) return 'file_missing';
        if (info.size !== image.bytes) return 'file_changed';
      }
      return 'ok';
    },

    async open(draft, accessToken, baseUrl, signal, record) {
      const post = draft.photo;
      if (!post) return failed(platformError({ kind: 'platform', code: 'not_a_photo_post', message: 'This draft has no photos' }));
      const stopped = () => failed(platformError({ kind: 'network', code: 'aborted', message: 'stopped' }));
      // Paused, cancelled or removed before it began: nothing is recorded or hosted.
      if (signal.aborted) return stopped();
      // Under way from here (the row shows the hosting), and its photos may be on the host.
      let current: DraftRecord = record({ type: 'hostingPhotos' });
      for (const [index, image] of post.images.entries()) {
        if (image.url) continue;
        if (!image.path) return failed(platformError({ kind: 'platform', code: 'photo_missing', message: `Photo ${index + 1} has neither a file nor a URL` }));
        if (signal.aborted) return stopped();
        const hosted = await options.host().put({ openId: draft.openId, name: image.name, path: image.path, contentType: image.contentType, signal });
        if (signal.aborted) return stopped();
        if (!hosted.ok) {
          options.log.warn({ draft: draft.id, code: hosted.error.code, detail: hosted.error.detail }, hosted.error.message);
          return failed(hostFailure(hosted.error));
        }
        current = record({ type: 'photoHosted', index, url: hosted.value.url });
      }
      const images = current.photo!.images.map((image) => image.url!);
      const result = await options.api.initPhoto(baseUrl, accessToken, { title: post.title, description: post.description, coverIndex: post.coverIndex, imageUrls: images }, signal);
      if (!result.ok) return failed(explain(result.error));
      const bytes = post.images.reduce((sum, image) => sum + image.bytes, 0);
      // The platform pulls the photos: the publish counts as one piece, delivered once opened.
      return { ok: true, value: { publishId: result.value.publishId, uploadUrl: '', chunkSize: Math.max(1, bytes), totalChunkCount: 1 } };
    },

    async deliver(draft, ctx) {
      ctx.record({ type: 'hostHas', nextChunk: 1, uploadedBytes: draft.size });
      return { kind: 'delivered' };
    },

    async release(draft, why, record) {
      const post = draft.photo;
      if (!post) return;
      const retryable = why === 'failed' || why === 'cancelled';
      if (!keepsHosted(draft, why) && (post.hosting || post.images.some((image) => image.path && image.url))) {
        // Each of our photos by its name, hosted or not as far as the journal knows: a stop may
        // have cut off the answer to one the host stored. Removing a missing one is fine.
        for (const image of post.images) {
          if (!image.path) continue;
          const removed = await options.host().remove(draft.openId, image.name);
          if (!removed.ok) options.log.warn({ code: removed.error.code, draft: draft.id }, 'could not remove a hosted photo');
        }
        // A retry of a failed or cancelled post hosts its photos again.
        if (retryable) record({ type: 'photosUnhosted' });
      }
      // Our prepared copies are needed by a retry; they go once the post is in the inbox or removed.
      if (retryable) return;
      for (const image of post.images) if (image.path) await rm(image.path, { force: true }).catch(() => undefined);
    },
  };
}

/**
 * Whether the hosted photos stay: only those of a post that reached the inbox (or was posted)
 * when the person keeps them ("Keep hosted photos after posting"), also once its row is removed.
 * A failed, cancelled or removed unfinished post's photos always go.
 */
function keepsHosted(draft: DraftRecord, why: ReleaseReason): boolean {
  if (!draft.photo?.keepHosted) return false;
  return why === 'done' || (why === 'removed' && (draft.state === 'inbox' || draft.state === 'posted'));
}

/** A host's failure as the engine's failure rules read it: unreachable hosts are retried, the rest fail the post with words. */
function hostFailure(error: HostError): PlatformError {
  if (error.code === 'host_unreachable') return platformError({ kind: 'network', code: 'photo_host_unreachable', message: error.message, words: error.words });
  return platformError({ kind: 'platform', httpStatus: 400, code: `photo_host_${error.code}`, message: error.message, words: error.words });
}

/** The platform's refusal of a photo post, in words that say what to do. */
function explain(error: PlatformError): PlatformError {
  return isKnownFailCode(error.code) ? { ...error, message: sayWords(describeFailReason(error.code)) } : error;
}
