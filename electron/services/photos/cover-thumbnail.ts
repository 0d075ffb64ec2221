/**
 * A photo post's picture in the queue: its cover, made small (the size of a video row's frame) from
 * the prepared file when the post is queued. The cover's own file may be gone later (a delivered
 * post's photos are deleted), the picture stays in the thumbnail cache with the draft.
 */
import { loadSharp } from './image-prep.js';

/** Twice the row's 80×45 box: sharp on a high-density screen, still a few KB. */
const WIDTH = 160;
const HEIGHT = 90;

export async function coverThumbnail(path: string): Promise<string> {
  const sharp = await loadSharp();
  const bytes = await sharp(path).resize({ width: WIDTH, height: HEIGHT, fit: 'cover' }).jpeg({ quality: 75 }).toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}
