/**
 * The rules of a photo post (docs/PLATFORM.md "Photo posts"): 1-35 images, JPEG or WebP, at most 20 MB and 1080 px on
 * the short side each, a cover index inside the list, title <= 90 and description <= 4000
 * characters. The request-level rules are checked at init (400); the per-image ones need the
 * bytes, so they are checked after download and fail the publish. Pure.
 */
import type { ImageProbe } from '../media/image-size.js';
import type { FailReason } from './records.js';

export const MAX_PHOTOS = 35;
export const MAX_TITLE_CHARS = 90;
export const MAX_DESCRIPTION_CHARS = 4000;
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
export const MAX_SHORT_SIDE_PX = 1080;

export interface PhotoPostInput {
  photo_images: readonly string[];
  photo_cover_index?: number | undefined;
  title?: string | undefined;
  description?: string | undefined;
}

/** Characters as a person counts them (code points), not UTF-16 units. */
const charCount = (text: string) => [...text].length;

export function checkPhotoPost(input: PhotoPostInput): { ok: true } | { ok: false; message: string } {
  const count = input.photo_images.length;
  if (count < 1 || count > MAX_PHOTOS) return { ok: false, message: `source_info.photo_images must hold 1 to ${MAX_PHOTOS} URLs (got ${count})` };
  const cover = input.photo_cover_index ?? 0;
  if (!Number.isInteger(cover) || cover < 0 || cover >= count) return { ok: false, message: `source_info.photo_cover_index must be between 0 and ${count - 1}` };
  if (input.title !== undefined && charCount(input.title) > MAX_TITLE_CHARS) return { ok: false, message: `post_info.title must be at most ${MAX_TITLE_CHARS} characters` };
  if (input.description !== undefined && charCount(input.description) > MAX_DESCRIPTION_CHARS) return { ok: false, message: `post_info.description must be at most ${MAX_DESCRIPTION_CHARS} characters` };
  return { ok: true };
}

export type ImageCheck = { ok: true; format: 'jpeg' | 'webp'; width: number; height: number } | { ok: false; fail_reason: FailReason; detail: string };

export function checkPhotoImage(probe: ImageProbe, bytes: number, index: number): ImageCheck {
  const which = `photo_images[${index}]`;
  if (bytes > MAX_PHOTO_BYTES) return { ok: false, fail_reason: 'picture_size_check_failed', detail: `${which} is larger than 20 MB` };
  if (probe.kind === 'truncated') return { ok: false, fail_reason: 'file_format_check_failed', detail: `${which} is not a complete JPEG or WebP image` };
  if (probe.kind === 'unsupported') return { ok: false, fail_reason: 'file_format_check_failed', detail: `${which} is ${probe.format}; only JPEG and WebP are accepted` };
  const shortSide = Math.min(probe.width, probe.height);
  if (shortSide > MAX_SHORT_SIDE_PX) return { ok: false, fail_reason: 'picture_size_check_failed', detail: `${which} is ${probe.width}x${probe.height}; the short side may be at most ${MAX_SHORT_SIDE_PX} px` };
  return { ok: true, format: probe.format, width: probe.width, height: probe.height };
}
