/**
 * The photos channels and events: prepare dropped images for posting (what was fixed, what cannot
 * be), and post them as photo drafts to one or more accounts in the one queue.
 */
import { z } from 'zod';
import { DraftView } from './drafts.js';
import { S3PhotoHost } from './settings.js';
import { NoInput, type ChannelTable, type EventTable, type ContractDocs } from './table.js';
import { Words } from './words.js';

const MAX_TITLE = 90;
const MAX_DESCRIPTION = 4000;
const codePoints = (text: string) => [...text].length;

const ImageSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }).strict(),
  z.object({ kind: z.literal('incoming'), fileId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }).strict(),
]);

const Size = z.object({ width: z.number(), height: z.number() });

/** One fix made to a photo, as facts: the window words it in its language (sizes in its units). */
export const PhotoChange = z.discriminatedUnion('kind', [
  /** `from`: the format's short name (`png`, `heif`, `avif`, `gif`, `tiff`). */
  z.object({ kind: z.literal('converted'), from: z.string() }),
  z.object({ kind: z.literal('rotated'), orientation: z.number() }),
  z.object({ kind: z.literal('resized'), from: Size, to: Size }),
  z.object({ kind: z.literal('recompressed'), fromBytes: z.number(), toBytes: z.number(), quality: z.number() }),
  z.object({ kind: z.literal('location_removed') }),
  z.object({ kind: z.literal('flattened') }),
  z.object({ kind: z.literal('first_frame'), frames: z.number() }),
]);
export type PhotoChange = z.infer<typeof PhotoChange>;

export const PreparedImage = z.object({
  /** Names the prepared file in photos.post; null when it was refused. */
  imageId: z.string().nullable(),
  name: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  bytes: z.number().nullable(),
  format: z.enum(['jpeg', 'webp']).nullable(),
  /** What was fixed; empty when sent as it was. */
  changes: z.array(PhotoChange),
  /** Why it cannot be posted, when it cannot: `message` in English, `words` for the window, `detail` the image library's own message (or null). */
  refusal: z.object({ code: z.string(), message: z.string(), words: Words, detail: z.string().nullable() }).nullable(),
});
export type PreparedImage = z.infer<typeof PreparedImage>;

const PostImage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('prepared'), imageId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }).strict(),
  /** A photo already on a verified prefix (pasted): posted as it is, never hosted. */
  z.object({ kind: z.literal('url'), url: z.string().url().max(2048).refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL') }).strict(),
]);

export const PhotoPostInput = z
  .object({
    title: z.string().refine((t) => codePoints(t) <= MAX_TITLE, `at most ${MAX_TITLE} characters`),
    description: z.string().refine((t) => codePoints(t) <= MAX_DESCRIPTION, `at most ${MAX_DESCRIPTION} characters`),
    coverIndex: z.number().int().min(0),
    images: z.array(PostImage).min(1).max(35),
  })
  .strict()
  .refine((post) => post.coverIndex < post.images.length, { message: 'the cover must be one of the post’s photos', path: ['coverIndex'] });
export type PhotoPostInput = z.infer<typeof PhotoPostInput>;

export const photosChannels = {
  'photos.prepare': { input: z.object({ files: z.array(z.object({ source: ImageSource, name: z.string().min(1).max(255) }).strict()).min(1).max(500) }).strict(), output: z.array(PreparedImage) },
  'photos.post': { input: z.object({ openIds: z.array(z.string().min(1).max(200)).min(1).max(20), posts: z.array(PhotoPostInput).min(1).max(100) }).strict(), output: z.array(DraftView) },
  /** Write-only: the S3 photo host's keys go to the vault. */
  'photos.setS3Keys': { input: z.object({ accessKeyId: z.string().trim().min(1).max(256), secretAccessKey: z.string().min(1).max(1024) }).strict(), output: z.object({ stored: z.literal(true) }) },
  /** Whether the S3 photo host's keys are in the vault; never the keys. */
  'photos.s3KeysStatus': { input: NoInput, output: z.object({ stored: z.boolean() }) },
  /** Settings › Photos "Test connection": put, read back and delete a small object in the bucket described (with the stored keys). */
  'photos.testS3': {
    input: z.object({ host: S3PhotoHost }).strict(),
    output: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), host: z.string() }),
      z.object({ ok: z.literal(false), step: z.enum(['put', 'read', 'delete']), words: Words, message: z.string(), detail: z.string().nullable() }),
    ]),
  },
} as const satisfies ChannelTable;

export const photosEvents = {
  /** Preparation progress of the batch being prepared. */
  'photos.progress': z.object({ done: z.number(), total: z.number() }),
} as const satisfies EventTable;

export const photosDocs = {
  title: 'Photo posts',
  channels: {
    'photos.prepare': {
      input: 'sources as for `drafts.add`, 1–500 files',
      output:
        'per file: `imageId` (null when refused), `name`, `width`, `height`, `bytes`, `format` (`jpeg`/`webp`), `changes` (what was fixed: `{kind, …}` with `kind` one of `converted` `{from}`, `rotated` `{orientation}`, `resized` `{from, to}`, `recompressed` `{fromBytes, toBytes, quality}`, `location_removed`, `flattened`, `first_frame` `{frames}`), ' +
        '`refusal` (`{code, message, words, detail}`: `code` one of `not_a_photo` (a video), `unsupported_format`, `heic_not_supported`, `unreadable`, `damaged`, `too_many_pixels`, `cannot_fit_size`, `prep_failed`; `words` as in [Words](#words); `detail` the image library\'s own message or null)',
    },
    'photos.post': {
      input: '`openIds` (1–20), `posts`: each a `title` (≤ 90), a `description` (≤ 4000), a `coverIndex` and 1–35 `images`: `{kind:"prepared", imageId}` or `{kind:"url", url}`',
      output: 'the new photo drafts (one per post and account); refused at once for an account that cannot receive drafts',
    },
    'photos.setS3Keys': { output: '`{stored: true}` (write-only, into the vault)' },
    'photos.s3KeysStatus': { output: "`{stored}`: whether the S3 photo host's keys are in the vault (never the keys)" },
    'photos.testS3': {
      input: '`host`: an S3-compatible bucket as in `settings.set` (tried with the keys in the vault, saved or not)',
      output: '`{ok: true, host}`, or `{ok: false, step, words, message, detail}`: the first of `put`, `read`, `delete` that failed, in words (`message` is their English), and the host\'s own answer',
    },
  },
  events: {
    'photos.progress': '`{done, total}` of the batch being prepared',
  },
} satisfies ContractDocs<typeof photosChannels, typeof photosEvents>;
