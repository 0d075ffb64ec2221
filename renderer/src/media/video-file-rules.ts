/**
 * Which dropped files can become drafts, decided at once in the window (before anything is sent):
 * the platform takes MP4, MOV and WebM videos up to 4 GB (the contract's VideoMimeType and the
 * upload engine's chunk plan); the main process checks again and has the last word.
 */

import { extensionOf, VIDEO_TYPE_BY_EXTENSION, videoTypeOf } from '../../../common/video-files';

export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export type VideoMimeType = (typeof VIDEO_MIME_TYPES)[number];

/** 4 GiB, the platform's limit per video (electron/services/uploads/chunk-plan.ts). */
export const MAX_VIDEO_BYTES = 4 * 1024 * 1024 * 1024;

/**
 * Types a browser reports when it does not know a file's type, or one the contract has no type for
 * (an MKV, which the app remuxes before sending): it goes by the extension then.
 */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'video/x-matroska']);

/** The accept attribute of the file picker: by type and by extension, as pickers differ. */
export const ACCEPT = [...VIDEO_MIME_TYPES, ...Object.keys(VIDEO_TYPE_BY_EXTENSION).map((extension) => `.${extension}`)].join(',');

/**
 * Why a file cannot become a draft, as a code the window words (views/queue/intake-words.ts): the
 * file's extension when it has one, never its MIME type (words a creator does not use).
 */
export type VideoFileProblem = { code: 'not_video'; extension: string | null } | { code: 'empty' } | { code: 'too_large'; limitBytes: number };

export type VideoFileCheck = { ok: true; mimeType: VideoMimeType } | { ok: false; problem: VideoFileProblem };

export function checkVideoFile(file: Pick<File, 'name' | 'type' | 'size'>): VideoFileCheck {
  const extension = extensionOf(file.name);
  const byType = (VIDEO_MIME_TYPES as readonly string[]).includes(file.type) ? (file.type as VideoMimeType) : null;
  const byExtension = videoTypeOf(file.name);
  // The type decides when the browser knows it; the extension only when it does not.
  const mimeType = byType ?? (UNKNOWN_TYPES.has(file.type) ? byExtension : null);
  if (!mimeType) return { ok: false, problem: { code: 'not_video', extension: extension ? `.${extension}` : null } };
  if (file.size === 0) return { ok: false, problem: { code: 'empty' } };
  if (file.size > MAX_VIDEO_BYTES) return { ok: false, problem: { code: 'too_large', limitBytes: MAX_VIDEO_BYTES } };
  return { ok: true, mimeType };
}
