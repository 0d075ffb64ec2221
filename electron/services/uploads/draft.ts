/**
 * A draft: one item of media on its way to one account's inbox. The record is what the journal
 * keeps; the renderer sees it as the contract's DraftView (no path, no upload URL).
 */
import { z } from 'zod';
import { asText, DRAFT_STATES, DraftMimeType, PHOTO_MIME_TYPES, VIDEO_FIX_CHOICES, VideoCheckView, Words, type DraftState } from '../../core/contract/index.js';

export type { DraftState };

export const FINAL: ReadonlySet<DraftState> = new Set(['inbox', 'posted', 'failed', 'cancelled']);

/** A reason saved as a sentence by an earlier version reads as that sentence, passed on as it is. */
const legacyWords = (value: unknown) => (typeof value === 'string' ? asText(value) : value);

const Fingerprint = z.object({ size: z.number().int().nonnegative(), mtimeMs: z.number(), edgeSha256: z.string() });

/** What a draft carries (media-kind.ts). Records from before kinds existed are videos. */
export const MEDIA_KINDS = ['video', 'video_url', 'photo'] as const;

/** One image of a photo post: a prepared file the app hosts, or a URL the person pasted (already hosted). */
export const PhotoImage = z.object({
  /** The prepared file (ours, under the data dir); null for a pasted URL. */
  path: z.string().nullable(),
  /** The name it is hosted under (unique per draft and image, the same on every attempt). */
  name: z.string(),
  contentType: z.enum(PHOTO_MIME_TYPES),
  bytes: z.number().int().nonnegative(),
  /** Where the platform downloads it; null until hosted. */
  url: z.string().nullable(),
});
export type PhotoImage = z.infer<typeof PhotoImage>;

export const PhotoPost = z.object({
  title: z.string(),
  description: z.string(),
  coverIndex: z.number().int().nonnegative(),
  /** Leave the hosted files on the host once the post has left processing. */
  keepHosted: z.boolean(),
  images: z.array(PhotoImage).min(1),
  /**
   * Hosting has begun since the photos were last removed: any of them may be on the host, also
   * one whose answer a stop cut off (its URL never journaled), so removing them names each one.
   */
  hosting: z.boolean().default(false),
});
export type PhotoPost = z.infer<typeof PhotoPost>;

/** What FFmpeg is asked to do (services/video-fix/fix-args.ts FixPlan), as the journal keeps it. */
const FixPlanRecord = z.object({
  action: z.enum(['remux', 'transcode']),
  into: z.enum(['mp4', 'webm']),
  durationMs: z.number().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  fps: z.number().positive().nullable(),
  videoCodec: z.string(),
  audioCodec: z.string().nullable(),
  limits: z.object({ maxLongSide: z.number().int().positive(), maxShortSide: z.number().int().positive(), maxFps: z.number().positive() }),
});

/**
 * A video the app fixes before sending (video-fix-step.ts). Once fixed, the record's file (path,
 * size, fingerprint, type) is the fixed one in the cache, so everything after (chunks, the resume
 * check) sends and checks the fixed file; `source` keeps the file as added.
 */
export const DraftFix = z.object({
  plan: FixPlanRecord,
  choice: z.enum(VIDEO_FIX_CHOICES),
  source: z.object({ filePath: z.string(), ownsFile: z.boolean(), size: z.number().int().positive(), fingerprint: Fingerprint, mimeType: DraftMimeType }),
  /** The fixed file in the data dir's cache, once made. */
  fixedPath: z.string().nullable(),
});
export type DraftFix = z.infer<typeof DraftFix>;
export type MediaKindName = (typeof MEDIA_KINDS)[number];

export const DraftRecord = z.object({
  id: z.string().min(1),
  kind: z.enum(MEDIA_KINDS).default('video'),
  openId: z.string().min(1),
  fileName: z.string(),
  filePath: z.string(),
  /** True when the file is our own copy (web mode streams dropped files to the host): delete it when done. */
  ownsFile: z.boolean(),
  mimeType: DraftMimeType,
  size: z.number().int().positive(),
  durationMs: z.number().nonnegative().nullable(),
  fingerprint: Fingerprint,
  /** What the file holds (content-fingerprint.ts), for the duplicate rule; null for photo posts and drafts from before it. */
  contentKey: z.string().nullable().default(null),
  /** video_url drafts: the address the platform pulls the video from (op 4 PULL_FROM_URL). */
  sourceUrl: z.string().nullable().default(null),
  /** video_url drafts: how much of it the platform says it has downloaded (op 6). */
  downloadedBytes: z.number().int().nonnegative().default(0),
  addedAt: z.number(),
  state: z.enum(DRAFT_STATES),
  /** Why it waits or failed, as words the window says in its language (a string is a record written before codes: its English as it was). */
  reason: z.preprocess(legacyWords, Words.nullable()),
  failCode: z.string().nullable(),
  publishId: z.string().nullable(),
  uploadUrl: z.string().nullable(),
  uploadUrlIssuedAt: z.number().nullable(),
  chunkSize: z.number().int().positive().nullable(),
  totalChunkCount: z.number().int().positive().nullable(),
  /** Index of the next chunk to send; chunks before it were acknowledged by the upload host. */
  nextChunk: z.number().int().nonnegative(),
  uploadedBytes: z.number().int().nonnegative(),
  platformStatus: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  notBefore: z.number().nullable(),
  /** Why the next publish will be a fresh one (link expired, host lost it), to say so when it opens. */
  freshPublishReason: z.preprocess(legacyWords, Words.nullable()).default(null),
  /** Where it was before a pause, to resume into the right phase. */
  resumeState: z.enum(DRAFT_STATES).nullable(),
  /** Photo posts only: the images, their text, and which are hosted. */
  photo: PhotoPost.nullable().default(null),
  /** It was under way when Draftdeck stopped unexpectedly, and this run carried it on (clean-stop.ts). */
  resumedAfterCrash: z.boolean().default(false),
  /** Videos from a file: the container headers' facts and the verdict when it was added (video-probe-file.ts); null for the others and drafts from before. */
  video: VideoCheckView.nullable().default(null),
  /** The drafts added in one action share it: the person hears about them once (batch-notices.ts). Null before batches existed. */
  batchId: z.string().nullable().default(null),
  /** Videos the app fixes before sending (a new container, or H.264); null for the others and drafts from before. */
  fix: DraftFix.nullable().default(null),
});
export type DraftRecord = z.infer<typeof DraftRecord>;

export function parseDraftRecord(raw: unknown): DraftRecord | null {
  const parsed = DraftRecord.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
