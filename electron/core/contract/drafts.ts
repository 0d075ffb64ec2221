/**
 * The drafts (upload queue) channels and events. A draft as the renderer sees it carries no file
 * path and no upload URL (the URL is a one-hour credential).
 */
import { z } from 'zod';
import { HTTPS_OR_LOOPBACK_RULE, isHttpsOrLoopback } from '../../../common/url-policy.js';
import { NoInput, type ChannelTable, type EventTable, type ContractDocs } from './table.js';
import { Words } from './words.js';
import { VideoCheckView } from './video.js';

export const DRAFT_STATES = ['queued', 'waiting', 'uploading', 'processing', 'inbox', 'posted', 'failed', 'paused', 'cancelled'] as const;
export const DraftState = z.enum(DRAFT_STATES);
export type DraftState = z.infer<typeof DraftState>;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const VideoMimeType = z.enum(VIDEO_MIME_TYPES);
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/webp'] as const;
/** A draft's media type: its video's, or its photo post's cover image's. */
export const DraftMimeType = z.enum([...VIDEO_MIME_TYPES, ...PHOTO_MIME_TYPES]);
/** video: a file sent in chunks; video_url: a video the platform pulls from a URL; photo: a photo post. */
export const DraftKind = z.enum(['video', 'video_url', 'photo']);

/** A photo post as the queue shows it: its text and images (their public URLs once hosted; never a local path). */
export const PhotoPostView = z.object({
  title: z.string(),
  description: z.string(),
  coverIndex: z.number(),
  images: z.array(z.object({ name: z.string(), bytes: z.number(), url: z.string().nullable() })),
  /** Hosting progress: of the photos the app hosts (pasted URLs are not), how many are on the photo host, and their bytes. */
  hosted: z.object({ photos: z.number(), ofPhotos: z.number(), bytes: z.number(), ofBytes: z.number() }),
});
export type PhotoPostView = z.infer<typeof PhotoPostView>;

/**
 * A video the platform would refuse that the app fixes before sending (docs/APP.md "Videos the
 * platform takes"): `remux` (a new container, the streams untouched) or `transcode` (H.264 within
 * the rules). `choice`: `ask` (it waits, paused, for the person), `fix`, or `as_is` (sent unfixed).
 */
export const VIDEO_FIX_CHOICES = ['ask', 'fix', 'as_is'] as const;
export const VideoFixChoice = z.enum(VIDEO_FIX_CHOICES);
export type VideoFixChoice = z.infer<typeof VideoFixChoice>;
export const VideoFixView = z.object({
  action: z.enum(['remux', 'transcode']),
  choice: VideoFixChoice,
  /** The fixed file is made: the draft sends it (its `size` is the fixed file's). */
  fixed: z.boolean(),
  /** While FFmpeg runs: 0..1 of the video done, and the seconds left (null until there is a pace). */
  progress: z.number().nullable(),
  etaSeconds: z.number().nullable(),
});
export type VideoFixView = z.infer<typeof VideoFixView>;

/** A draft as the renderer sees it: no file path, no upload URL (it carries a credential). */
export const DraftView = z.object({
  id: z.string(),
  kind: DraftKind,
  openId: z.string(),
  fileName: z.string(),
  mimeType: DraftMimeType,
  size: z.number(),
  durationMs: z.number().nullable(),
  addedAt: z.number(),
  state: DraftState,
  /** Why it waits or failed: words (a code and values, contract/words.ts) the window says in its language. */
  reason: Words.nullable(),
  failCode: z.string().nullable(),
  /** Whether Retry can help (a failure it cannot fix says what to do instead in `reason`). */
  retryable: z.boolean(),
  publishId: z.string().nullable(),
  /** Bytes the upload host acknowledged (the platform has them; journaled). */
  uploadedBytes: z.number(),
  /** Bytes written to the connection so far (≥ uploadedBytes while a chunk is on its way; equal otherwise). */
  sentBytes: z.number(),
  /** URL drafts: bytes the platform says it has downloaded (op 6's downloaded_bytes). */
  downloadedBytes: z.number(),
  /** URL drafts: the address the platform pulls the video from. */
  sourceUrl: z.string().nullable(),
  /** Whether the thumbnail cache has a picture for this draft (drafts.thumbnail answers it). */
  hasThumbnail: z.boolean(),
  platformStatus: z.string().nullable(),
  totalChunkCount: z.number().nullable(),
  nextChunk: z.number(),
  /** Bytes per second over the last seconds while uploading. */
  speedBps: z.number().nullable(),
  etaSeconds: z.number().nullable(),
  /** Photo posts only. */
  photo: PhotoPostView.nullable(),
  /**
   * A draft waiting for inbox space: when it will most likely go (the moment enough of the
   * account's pending shares reach their 24-hour mark; sooner if the creator posts one). Null otherwise.
   */
  expectedAt: z.number().nullable(),
  /** It was under way when Draftdeck stopped unexpectedly; this run carried it on. */
  resumedAfterCrash: z.boolean(),
  /** Videos from a file: what the container's headers say and the verdict on them (docs/PLATFORM.md "Video rules"); null for the others. */
  video: VideoCheckView.nullable(),
  /** Videos the app fixes before sending; null for the others. */
  fix: VideoFixView.nullable(),
});
export type DraftView = z.infer<typeof DraftView>;

/** A draft with the same content for the same account, queued or delivered before (docs/ARCHITECTURE.md "Duplicates"). */
export const EarlierDraft = z.object({
  /** Null once it has left the queue (delivered, then removed or cleared). */
  draftId: z.string().nullable(),
  openId: z.string(),
  fileName: z.string(),
  state: DraftState,
  addedAt: z.number(),
});
export type EarlierDraft = z.infer<typeof EarlierDraft>;

/**
 * The Queue's first screen, answered before the whole queue (drafts.list) so the window can draw
 * it at once: the first `size` drafts in the order the Queue shows them (unfinished first, each
 * part in queue order: common/queue-order.ts), and the whole queue's count and counts per account
 * and state, so the counts and filters are right from the first paint.
 */
export const DraftsFirstPage = z.object({
  drafts: z.array(DraftView),
  total: z.number(),
  counts: z.array(z.object({ openId: z.string(), state: DraftState, count: z.number() })),
});
export type DraftsFirstPage = z.infer<typeof DraftsFirstPage>;
/** A few screens of rows at most: the page is for drawing at once, the rest comes with drafts.list. */
export const MAX_FIRST_PAGE = 500;

/** Bulk actions on many drafts at once; each is the row action's transition, journaled per draft. */
export const BULK_ACTIONS = ['pause', 'resume', 'cancel', 'retry', 'remove'] as const;
export const BulkAction = z.enum(BULK_ACTIONS);
export type BulkAction = z.infer<typeof BulkAction>;

/** What a bulk action did: the drafts it changed, and per draft it could not change, why. */
export const BulkOutcome = z.object({
  changed: z.array(DraftView),
  removed: z.array(z.string()),
  /** `message` in English; `words` the same for the window to say in its language. */
  refused: z.array(z.object({ id: z.string(), fileName: z.string(), code: z.string(), message: z.string(), words: Words })),
});
export type BulkOutcome = z.infer<typeof BulkOutcome>;

/** An account's inbox places on the platform (pending shares within 24 hours) and the drafts holding them now, each until when. */
export const InboxPlaces = z.object({
  places: z.number(),
  held: z.array(z.object({ draftId: z.string(), fileName: z.string(), state: DraftState, until: z.number() })),
});
export type InboxPlaces = z.infer<typeof InboxPlaces>;

/** Whether an account could take drafts now: its inbox has a free place, and how many of them it already has the content of. */
export const MoveTarget = z.object({ openId: z.string(), full: z.boolean(), duplicates: z.number() });
export type MoveTarget = z.infer<typeof MoveTarget>;

const DraftId = z.object({ id: z.string().uuid() }).strict();
const OpenId = z.string().min(1).max(200);
const DraftIds = z.array(z.string().uuid()).min(1).max(100_000);

/** THUMB_WIDTH-wide JPEG frames are a few KB; the bound keeps a page from filling the data dir. */
export const MAX_THUMBNAIL_CHARS = 200_000;
export const ThumbnailDataUrl = z.string().max(MAX_THUMBNAIL_CHARS).regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+={0,2}$/, 'must be a JPEG data URL');

/** A file for a new draft: a path (Electron, read by the main process) or a file streamed to the web host. */
export const DraftFileInput = z
  .object({
    source: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }).strict(),
      z.object({ kind: z.literal('incoming'), fileId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }).strict(),
    ]),
    name: z.string().min(1).max(255),
    mimeType: VideoMimeType,
    durationMs: z.number().nonnegative().max(24 * 3600 * 1000).nullable(),
    /** The frame the window read (a small JPEG data URL), kept in the data dir's thumbnail cache. */
    thumbnail: ThumbnailDataUrl.nullable().optional(),
  })
  .strict();

/** A video's address for a PULL_FROM_URL draft: https (plain http only on loopback, the sandbox's), no credentials in it. */
export const VideoUrl = z.string().trim().max(2048).refine(isHttpsOrLoopback, `must be ${HTTPS_OR_LOOPBACK_RULE}, with no user name or password`);

/**
 * drafts.add: one draft per file and account (`openId`, or several in `openIds`). `duplicates`
 * "ask" (the default) refuses the whole call with `duplicate_content` when a file's content was
 * already queued or delivered to the same account; "allow" adds it again (the person said so).
 */
export const AddDraftsInput = z
  .object({
    openId: OpenId.optional(),
    openIds: z.array(OpenId).min(1).max(20).optional(),
    files: z.array(DraftFileInput).min(1).max(500),
    duplicates: z.enum(['ask', 'allow']).default('ask'),
  })
  .strict()
  .refine((input) => (input.openId === undefined) !== (input.openIds === undefined), { message: 'name the account in openId or the accounts in openIds, not both' })
  .refine((input) => !input.openIds || new Set(input.openIds).size === input.openIds.length, { message: 'openIds names an account more than once', path: ['openIds'] });

export const draftsChannels = {
  'drafts.list': { input: NoInput, output: z.array(DraftView) },
  'drafts.firstPage': { input: z.object({ size: z.number().int().min(1).max(MAX_FIRST_PAGE) }).strict(), output: DraftsFirstPage },
  'drafts.add': { input: AddDraftsInput, output: z.array(DraftView) },
  /** Which of these files' contents are already queued or delivered to which of these accounts (asked before drafts.add). */
  'drafts.duplicates': {
    input: z.object({ openIds: z.array(OpenId).min(1).max(20), files: z.array(DraftFileInput.pick({ source: true, name: true })).min(1).max(500) }).strict(),
    output: z.array(z.object({ fileIndex: z.number(), openId: z.string(), earlier: z.array(EarlierDraft) })),
  },
  /** What each file's container headers say and the verdict on them, read before anything is sent (asked before drafts.add). */
  'drafts.probe': { input: z.object({ files: z.array(DraftFileInput.pick({ source: true, name: true })).min(1).max(500) }).strict(), output: z.array(VideoCheckView) },
  /** A video the platform pulls from a URL on a prefix verified for the app (op 4 PULL_FROM_URL). */
  'drafts.addUrl': { input: z.object({ openId: z.string().min(1).max(200), url: VideoUrl }).strict(), output: DraftView },
  /** The draft's cached thumbnail as a data URL (no path ever reaches the page), or null. */
  'drafts.thumbnail': { input: DraftId, output: z.object({ dataUrl: ThumbnailDataUrl.nullable() }) },
  'drafts.pause': { input: DraftId, output: DraftView },
  'drafts.resume': { input: DraftId, output: DraftView },
  'drafts.cancel': { input: DraftId, output: DraftView },
  'drafts.retry': { input: DraftId, output: DraftView },
  'drafts.remove': { input: DraftId, output: z.object({ removed: z.literal(true) }) },
  'drafts.reorder': { input: z.object({ ids: z.array(z.string().uuid()).max(100_000) }).strict(), output: z.array(DraftView) },
  'drafts.bulk': { input: z.object({ ids: DraftIds, action: BulkAction }).strict(), output: BulkOutcome },
  /** Sends drafts that have not started a publish (queued, waiting, paused; failed or cancelled ones start afresh) to another account. */
  'drafts.move': { input: z.object({ ids: DraftIds, openId: OpenId }).strict(), output: BulkOutcome },
  /** Removes drafts that are done (in the inbox or posted), of one account or all. */
  'drafts.clearFinished': { input: z.object({ openId: OpenId.optional() }).strict(), output: z.object({ removed: z.array(z.string()) }) },
  /** Why an inbox is full: its places and the drafts holding them (a cancelled upload the platform still counts included). */
  'drafts.inboxPlaces': { input: z.object({ openId: OpenId }).strict(), output: InboxPlaces },
  /** Which of these accounts could take these drafts now (asked before offering "send to"). */
  'drafts.moveTargets': { input: z.object({ ids: DraftIds, openIds: z.array(OpenId).min(1).max(20) }).strict(), output: z.array(MoveTarget) },
  /** A video's fix, chosen in its row: fix it, or send it as it is (before its upload has begun). */
  'drafts.chooseFix': { input: z.object({ id: z.string().uuid(), choice: VideoFixChoice.exclude(['ask']) }).strict(), output: DraftView },
} as const satisfies ChannelTable;

export const draftsEvents = {
  /** One draft changed (batched and coalesced per draft: a batch holds each draft's latest). */
  'drafts.updated': DraftView,
  'drafts.removed': z.object({ ids: z.array(z.string()) }),
  /** The whole queue, after a change of order. */
  'drafts.reset': z.array(DraftView),
} as const satisfies EventTable;

export const draftsDocs = {
  title: 'Drafts (the queue)',
  channels: {
    'drafts.list': {
      output:
        "the queue, in order: each draft's `id`, `kind` (`video`/`video_url`/`photo`), `openId`, `fileName`, `mimeType`, `size` (1 for a URL draft: not known before the platform downloads it), " +
        '`durationMs`, `state` (`queued`/`waiting`/`uploading`/`processing`/`inbox`/`posted`/`failed`/`paused`/`cancelled`), `reason` (why it waits or failed, with what to do: words `{code, params}`, see [Words](#words)), ' +
        '`failCode`, `retryable` (whether Retry can help), `publishId`, `uploadedBytes` (acknowledged by the upload host), `sentBytes` (written to the connection; ≥ `uploadedBytes` while a chunk is on its way), ' +
        '`downloadedBytes` and `sourceUrl` (URL drafts), `hasThumbnail`, `nextChunk`, `totalChunkCount`, `platformStatus`, `speedBps`, `etaSeconds`, ' +
        '`expectedAt` (a draft waiting for inbox space: when it will most likely go), `photo` (photo posts: `title`, `description`, `coverIndex`, `images` with `name`, `bytes` and the hosted `url`, `hosted`: `{photos, ofPhotos, bytes, ofBytes}` of the photos the app hosts; a post is `uploading` from when its hosting begins), ' +
        '`resumedAfterCrash` (it was under way when Draftdeck stopped unexpectedly, and this run carried it on), ' +
        '`video` (a video from a file: `{probe: {container, duration_ms, width, height, rotation, fps, video_codec, video_profile, bit_depth, audio_codec, size_bytes} or null when unreadable, verdict: {kind: "ok"|"remux"|"transcode"|"refused", into, broken: [{rule, actual, limit}]}}`, else null), ' +
        '`fix` (a video the app fixes before sending: `{action: "remux"|"transcode", choice: "ask"|"fix"|"as_is", fixed, progress (0..1 while FFmpeg runs), etaSeconds}`, else null)',
    },
    'drafts.firstPage': {
      input: '`size`: how many drafts (1–500)',
      output:
        "`{drafts, total, counts}`: the first `size` drafts in the order the Queue shows them (unfinished first, then those in the inbox, posted or cancelled, each part in queue order), each as in `drafts.list`; " +
        '`total`, the number of drafts in the queue; `counts`, `[{openId, state, count}]` for the whole queue. The window draws its first screen from it, then loads the rest with `drafts.list`',
    },
    'drafts.add': {
      input:
        '`openId` or `openIds` (1–20: one draft per file and account); `thumbnail`: a JPEG data URL of at most 200,000 characters, kept in the thumbnail cache; ' +
        '`source` is `{kind:"incoming", fileId}` (a file sent to `POST /api/files`) or, in Electron only, `{kind:"path", path}`, which only the preload writes, ' +
        'from a File the person dropped or chose (a path named by the page is refused); `duplicates`: `"ask"` (the default) or `"allow"`',
      output:
        'the new drafts; refused at once for an account that cannot receive drafts, an empty file or one over 4 GB, and (unless `duplicates` is `"allow"`) ' +
        'with `duplicate_content` for a file whose content the account already has queued or delivered, and with `video_refused` for a video that breaks a rule nothing but cutting fixes (too long, too short, unreadable)',
    },
    'drafts.probe': {
      input: 'sources as for `drafts.add`',
      output: 'per file, in order: `{probe, verdict}` as in a draft\'s `video`, read from the container\'s headers (docs/PLATFORM.md "Video rules")',
    },
    'drafts.duplicates': {
      input: 'sources as for `drafts.add`',
      output: 'per file and account that already has its content: `{fileIndex, openId, earlier: [{draftId (null once cleared from the queue), openId, fileName, state, addedAt}]}`',
    },
    'drafts.addUrl': {
      input: 'https, or http on loopback; no user name or password',
      output: 'the new `video_url` draft; the platform pulls the video (op 4 `PULL_FROM_URL`)',
    },
    'drafts.thumbnail': { output: "`{dataUrl}`: the draft's cached thumbnail as a JPEG data URL, or null" },
    'drafts.pause': { output: 'the draft' },
    'drafts.resume': { output: 'the draft' },
    'drafts.cancel': { output: 'the draft' },
    'drafts.retry': { output: 'the draft; a retry that cannot help is refused with the fail code and what to do instead' },
    'drafts.remove': { output: '`{removed: true}`' },
    'drafts.reorder': {
      input: 'the new order; drafts not named keep their order after them',
      output: 'the queue; an id named twice is `invalid_input`, one not in the queue `no_such_draft`, and nothing changes',
    },
    'drafts.bulk': { output: '`{changed, removed, refused: [{id, fileName, code, message, words}]}` (`message` in English, `words` the same, see [Words](#words)): each draft as its row action would, the others still changed' },
    'drafts.move': {
      output: 'the same shape as `drafts.bulk`: drafts that have not opened a publish go to that account (`not_movable` otherwise; `duplicate_content` when it has the content)',
    },
    'drafts.clearFinished': { output: '`{removed}`: drafts in the inbox or posted, of one account or all' },
    'drafts.inboxPlaces': { output: '`{places, held: [{draftId, fileName, state, until}]}`: the drafts holding a place in the inbox now, the longest-held first, each until when (a cancelled upload the platform still counts included)' },
    'drafts.moveTargets': { output: 'per account: `{openId, full, duplicates}`: whether its inbox has no free place now, and how many of the drafts it already has the content of' },
    'drafts.chooseFix': {
      input: '`choice`: `fix` (remux or transcode it, as `fix.action` says, then send the fixed file) or `as_is` (send the file unfixed)',
      output: 'the draft; a draft waiting for the choice (paused) goes on; refused with `not_fixable` for a draft with no fix and `fix_too_late` once its upload has begun',
    },
  },
  events: {
    'drafts.updated': "one draft (a batch holds each changed draft's latest state once)",
    'drafts.removed': '`{ids}`',
    'drafts.reset': 'the whole queue, after a reorder',
  },
} satisfies ContractDocs<typeof draftsChannels, typeof draftsEvents>;
