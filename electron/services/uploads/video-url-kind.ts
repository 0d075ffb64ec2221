/**
 * Videos the platform pulls from a URL (op 4 with source PULL_FROM_URL; docs/PLATFORM.md
 * "Statuses"): the address must be on a domain or URL prefix verified for the app, or op 4 answers
 * 403 url_ownership_unverified. Nothing is sent from here: once op 4 answers, the platform
 * downloads the video (PROCESSING_DOWNLOAD, with downloaded_bytes in the status reads) and
 * processes it, so delivering is only recording that the publish is the platform's to finish.
 */
import type { PublishApi } from '../../../platform-api/publish.js';
import type { MediaKind } from './media-kind.js';

export function videoUrlKind(publish: Pick<PublishApi, 'initVideoUrl'>): MediaKind {
  return {
    // A pull has no upload link to run out: one publish per attempt; a retry clears it.
    needsPublish: (draft) => !draft.publishId,
    // The platform reads the address itself; whether it can is its answer to give (video_pull_failed).
    checkSource: () => Promise.resolve('ok'),
    async open(draft, accessToken, baseUrl, signal) {
      const result = await publish.initVideoUrl(baseUrl, accessToken, draft.sourceUrl ?? '', signal);
      if (!result.ok) return result;
      // One piece, delivered once opened: a cancel from here on is refused as already the platform's.
      return { ok: true, value: { publishId: result.value.publishId, uploadUrl: '', chunkSize: draft.size, totalChunkCount: 1 } };
    },
    async deliver(draft, ctx) {
      ctx.record({ type: 'hostHas', nextChunk: 1, uploadedBytes: 0 });
      return { kind: 'delivered' };
    },
    release: () => Promise.resolve(),
  };
}
