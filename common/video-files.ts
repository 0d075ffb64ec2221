/**
 * Which files are videos the platform takes, by their extension (docs/PLATFORM.md "Chunk plan":
 * MP4, MOV, WebM): the window goes by it when the browser does not know a file's type, and watch
 * folders go by it for the files that appear. Pure.
 */
/**
 * MKV too: the platform does not take it, but the app remuxes an MKV of H.264/H.265 into MP4 (or
 * VP8/VP9 into WebM) before sending (electron/services/video-fix/). It travels as video/webm, the
 * Matroska subset's type, until then: the probe reads what it really is.
 */
export const VIDEO_TYPE_BY_EXTENSION = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', mkv: 'video/webm' } as const;
export type VideoTypeByExtension = (typeof VIDEO_TYPE_BY_EXTENSION)[keyof typeof VIDEO_TYPE_BY_EXTENSION];

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The media type a file's extension says, or null for anything else. */
export function videoTypeOf(name: string): VideoTypeByExtension | null {
  const extension = extensionOf(name);
  return Object.hasOwn(VIDEO_TYPE_BY_EXTENSION, extension) ? VIDEO_TYPE_BY_EXTENSION[extension as keyof typeof VIDEO_TYPE_BY_EXTENSION] : null;
}
