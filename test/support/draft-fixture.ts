import type { DraftRecord } from '../../electron/services/uploads/draft.js';

const MB = 1024 * 1024;

/** A queued video draft of `size` bytes; override any field. */
export function draftRecord(overrides: Partial<DraftRecord> = {}): DraftRecord {
  return {
    id: overrides.id ?? 'd1', kind: 'video', openId: 'acct-a', fileName: 'clip.mp4', filePath: '/nowhere/clip.mp4', ownsFile: false,
    mimeType: 'video/mp4', size: 10 * MB, durationMs: 1000, fingerprint: { size: 10 * MB, mtimeMs: 1, edgeSha256: 'x' }, sourceUrl: null, downloadedBytes: 0,
    addedAt: 0, state: 'queued', reason: null, failCode: null, publishId: null, uploadUrl: null, uploadUrlIssuedAt: null,
    chunkSize: null, totalChunkCount: null, nextChunk: 0, uploadedBytes: 0, platformStatus: null, attempts: 0, notBefore: null, resumeState: null, freshPublishReason: null, photo: null, resumedAfterCrash: false, batchId: null, contentKey: null, video: null, fix: null,
    ...overrides,
  };
}

/** The same draft with an open publish of `chunks` chunks of `chunkSize` bytes, issued at `issuedAt`. */
export function withPublish(draft: DraftRecord, chunks: number, chunkSize: number, issuedAt = 0): DraftRecord {
  return { ...draft, state: 'uploading', publishId: `p-${draft.id}`, uploadUrl: `http://127.0.0.1:9/upload/${draft.id}`, uploadUrlIssuedAt: issuedAt, chunkSize, totalChunkCount: chunks };
}
