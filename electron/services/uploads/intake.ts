/**
 * What a new draft is made of before it joins the queue (docs/ARCHITECTURE.md "Duplicates"):
 * files checked (a readable file within the chunk rules), keyed by content and fingerprinted in
 * one read, one record per file and account under the duplicate rule, and a link of our own copy
 * of a dropped file for each further account. Videos by URL and photo posts get their records here
 * too, so every draft starts from the same defaults.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, link, stat } from 'node:fs/promises';
import { AppError } from '../../core/result.js';
import { refusal } from '../main-words.js';
import { isPlan, planChunks } from './chunk-plan.js';
import { fileKeys } from './content-fingerprint.js';
import type { DraftRecord, PhotoPost } from './draft.js';
import { earlierDrafts, type DeliveredContent } from './duplicates.js';
import type { Fingerprint } from './fingerprint.js';
import { probeVideoFile, refusalMessage, type VideoCheck } from './video-probe-file.js';
import { newDraftFix } from './video-fix-step.js';
import { words, type VideoFixMode } from '../../core/contract/index.js';

export interface NewDraftFile {
  filePath: string;
  fileName: string;
  mimeType: DraftRecord['mimeType'];
  durationMs: number | null;
  ownsFile: boolean;
  /** The frame the window read, for the thumbnail cache. */
  thumbnail?: string | null;
}

/** "ask": refuse a file whose content is already queued or delivered to the account (duplicates.ts); "allow": the person said to add it again. */
export type DuplicatePolicy = 'ask' | 'allow';

export interface CheckedFile {
  file: NewDraftFile;
  size: number;
  fingerprint: Fingerprint;
  contentKey: string;
  /** The container headers' facts and the verdict (video-probe-file.ts). */
  video: VideoCheck;
}

/**
 * Every file checked before any is queued: the first that cannot be read or sent refuses the whole
 * call, and so does a video the platform would refuse that no fix helps (too long, unreadable).
 */
export async function checkFiles(files: readonly NewDraftFile[]): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const info = await stat(file.filePath).catch(() => null);
    if (!info?.isFile()) throw unreadable(file.fileName);
    const plan = planChunks(info.size);
    if (!isPlan(plan)) throw refusal(`file_${plan.code}`, plan.code === 'empty' ? 'file.empty' : 'file.too_large', { name: file.fileName });
    const { fingerprint, contentKey } = await fileKeys(file.filePath).catch(() => {
      throw unreadable(file.fileName);
    });
    const video = await probeVideoFile(file.filePath).catch((): VideoCheck => {
      throw unreadable(file.fileName);
    });
    // The English names each rule with its numbers (scripts, logs); the words name the first rule in plain terms.
    if (video.verdict.kind === 'refused') throw new AppError('video_refused', refusalMessage(file.fileName, video.verdict), words('file.video_refused', { name: file.fileName, rule: video.verdict.broken[0]?.rule ?? 'other' }));
    checked.push({ file, size: fingerprint.size, fingerprint, contentKey, video });
  }
  return checked;
}

const unreadable = (name: string) => refusal('file_missing', 'file.unreadable', { name });

/**
 * One video draft per file and account, file by file, all in one batch. With "ask", a file whose
 * content the account already has (queued, delivered, or earlier in this same call) refuses the call.
 */
export function videoDrafts(
  accounts: readonly string[],
  checked: readonly CheckedFile[],
  context: { duplicates: DuplicatePolicy; index: Map<string, DraftRecord[]>; delivered: DeliveredContent; now: number; fixMode?: VideoFixMode },
): DraftRecord[] {
  const batchId = randomUUID();
  const drafts: DraftRecord[] = [];
  for (const { file, size, fingerprint, contentKey, video } of checked) {
    for (const openId of accounts) {
      if (context.duplicates === 'ask') {
        const earlier = earlierDrafts(openId, contentKey, context.index, context.delivered)[0];
        if (earlier) throw refusal('duplicate_content', 'file.duplicate', { name: file.fileName, earlier: earlier.fileName, delivered: earlier.state === 'inbox' || earlier.state === 'posted' ? 'yes' : 'no' });
      }
      // A video the app can fix: fixed before it is sent, sent as it is, or (ask) paused until the person chooses in its row.
      const fix = newDraftFix(video, context.fixMode ?? 'auto', { filePath: file.filePath, ownsFile: file.ownsFile, size, fingerprint, mimeType: file.mimeType });
      const draft = newDraft({ kind: 'video', openId, fileName: file.fileName, filePath: file.filePath, ownsFile: file.ownsFile, mimeType: file.mimeType, size, durationMs: video.probe?.duration_ms ?? file.durationMs, fingerprint, contentKey, batchId, video, fix }, context.now);
      if (fix?.choice === 'ask') Object.assign(draft, { state: 'paused', resumeState: 'queued' });
      // A later file with the same content in this call is a duplicate of this one.
      const key = `${openId} ${contentKey}`;
      context.index.set(key, [...(context.index.get(key) ?? []), draft]);
      drafts.push(draft);
    }
  }
  return drafts;
}

/** Our own copy of a dropped file is deleted when its draft is done: each further account's draft gets its own link to it. */
export async function linkCopies(drafts: readonly DraftRecord[]): Promise<void> {
  const copies = new Map<string, number>();
  for (const draft of drafts) {
    if (!draft.ownsFile) continue;
    const seen = copies.get(draft.filePath) ?? 0;
    copies.set(draft.filePath, seen + 1);
    if (seen > 0) draft.filePath = await ownCopy(draft.filePath, seen);
    // Its fix (if any) starts from the same link.
    if (seen > 0 && draft.fix) draft.fix = { ...draft.fix, source: { ...draft.fix.source, filePath: draft.filePath } };
  }
}

/**
 * A video the platform pulls from a URL (video-url-kind.ts). Its size is not known until the
 * platform has downloaded it: the record carries 1 byte, and the queue shows the address and
 * the downloaded bytes instead.
 */
export function urlDraft(openId: string, url: string, now: number): DraftRecord {
  const address = new URL(url);
  const last = address.pathname.split('/').filter(Boolean).at(-1) ?? '';
  // The file name the address ends with, as a person reads it (a malformed %-escape stays as typed).
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // keep it as typed
  }
  name ||= address.host;
  return newDraft({ kind: 'video_url', openId, fileName: name.slice(0, 255), mimeType: 'video/mp4', size: 1, sourceUrl: url }, now);
}

/** Photo posts, each for one account: drafts of the photo kind, in the same queue as videos; one action, so one batch. */
export function photoDrafts(posts: readonly { openId: string; post: PhotoPost }[], now: number): DraftRecord[] {
  const batchId = randomUUID();
  return posts.map(({ openId, post }) => photoDraft(openId, post, batchId, now));
}

function photoDraft(openId: string, post: PhotoPost, batchId: string, now: number): DraftRecord {
  const bytes = post.images.reduce((sum, image) => sum + image.bytes, 0);
  const cover = post.images[post.coverIndex] ?? post.images[0]!;
  const fileName = post.title || `${post.images.length} photo${post.images.length === 1 ? '' : 's'}`;
  // A post has no file of its own: its fingerprint names its cover's hosted name (unique per draft and image), the key of its row's picture in the thumbnail cache.
  return newDraft({ kind: 'photo', openId, fileName, mimeType: cover.contentType, size: Math.max(1, bytes), fingerprint: { size: bytes, mtimeMs: 0, edgeSha256: `cover:${cover.name}` }, photo: post, batchId }, now);
}

type DraftStart = Pick<DraftRecord, 'kind' | 'openId' | 'fileName' | 'mimeType' | 'size'> & Partial<Pick<DraftRecord, 'filePath' | 'ownsFile' | 'durationMs' | 'fingerprint' | 'contentKey' | 'sourceUrl' | 'photo' | 'batchId' | 'video' | 'fix'>>;

/** A queued draft that has done nothing yet: what it is, plus the defaults every new draft shares. */
function newDraft(start: DraftStart, now: number): DraftRecord {
  return {
    id: randomUUID(), filePath: '', ownsFile: false, durationMs: null, fingerprint: { size: 0, mtimeMs: 0, edgeSha256: '' }, contentKey: null, sourceUrl: null, photo: null, batchId: randomUUID(), video: null, fix: null,
    ...start,
    downloadedBytes: 0, addedAt: now, state: 'queued', reason: null, failCode: null, publishId: null, uploadUrl: null,
    uploadUrlIssuedAt: null, chunkSize: null, totalChunkCount: null, nextChunk: 0, uploadedBytes: 0, platformStatus: null,
    attempts: 0, notBefore: null, resumeState: null, freshPublishReason: null, resumedAfterCrash: false,
  };
}

/** A second name for our copy of a dropped file (a hard link; a copy where links are not possible), for another account's draft. */
async function ownCopy(path: string, n: number): Promise<string> {
  const copy = `${path}~${n}`;
  await link(path, copy).catch(() => copyFile(path, copy));
  return copy;
}
