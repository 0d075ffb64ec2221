/**
 * What the platform accepts in a photo post (docs/PLATFORM.md, "Photos"): 1-35 images, JPEG or
 * WebP, each at most 20 MB and 1080 px on its short side; a title of at most 90 and a description
 * of at most 4000 characters; URLs under a prefix the platform has verified for the app. The app
 * checks these before anything is sent, so a post fails only for what it cannot know (a download
 * the platform could not make). Pure.
 */
export const MAX_PHOTOS_PER_POST = 35;
export const MAX_TITLE_CHARS = 90;
export const MAX_DESCRIPTION_CHARS = 4000;
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
export const MAX_SHORT_SIDE_PX = 1080;
/** Formats the platform takes as they are; everything else is converted to JPEG. */
export const POSTABLE_FORMATS = ['jpeg', 'webp'] as const;
export type PostableFormat = (typeof POSTABLE_FORMATS)[number];

/** Characters as a person counts them (code points), as the platform does, not UTF-16 units. */
export const charCount = (text: string): number => [...text].length;

/** Splits images into posts of at most `size`, keeping their order (the order they were dropped). */
export function groupIntoPosts<T>(items: readonly T[], size = MAX_PHOTOS_PER_POST): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

export type PostTextProblem = { field: 'title' | 'description'; message: string };

export function postTextProblems(title: string, description: string): PostTextProblem[] {
  const problems: PostTextProblem[] = [];
  if (charCount(title) > MAX_TITLE_CHARS) problems.push({ field: 'title', message: `The title has ${charCount(title)} characters; the platform allows ${MAX_TITLE_CHARS}` });
  if (charCount(description) > MAX_DESCRIPTION_CHARS) problems.push({ field: 'description', message: `The description has ${charCount(description)} characters; the platform allows ${MAX_DESCRIPTION_CHARS}` });
  return problems;
}
