/**
 * A draft's states and transitions as a pure function: (record, event) → the next record, or a
 * refusal a person can act on. Nothing here reads a clock, a file or the network, so every rule
 * of the queue is tested without servers; queue.ts journals what this returns.
 *
 *   queued ─▶ uploading ─▶ processing ─▶ inbox ─▶ posted
 *     │  ▲        │  ▲          │
 *     ▼  │        ▼  │          └──────▶ failed (the platform's FAILED)
 *   waiting ◀─────┘  └── (fresh publish: link expired, host lost it)
 *   paused / cancelled / failed (from any unfinished state; see each event)
 *
 * The queue always shows what the platform has: once the host acknowledged a publish's last
 * chunk the video is the platform's, so a cancel that comes after is refused ("already delivered").
 */
import { words, type Words } from '../../core/contract/index.js';
import { err, ok, type Result } from '../../core/result.js';
import { FINAL, type DraftRecord, type DraftState } from './draft.js';
import { describeFailReason, failRule } from './fail-codes.js';
import { sayWords } from '../main-words.js';
import type { PublishStatus } from '../../../platform-api/publish.js';

/** Why a fresh publish opened after the fixed file was lost (fixLost). */
export const FIXED_FILE_LOST = words('restart.fixed_file_lost');

/** failCode of a draft that waits for its account to be signed in again. */
export const AUTH_WAIT = 'waiting_for_sign_in';

export interface OpenedPublish {
  publishId: string;
  uploadUrl: string;
  uploadUrlIssuedAt: number;
  chunkSize: number;
  totalChunkCount: number;
}

export type DraftEvent =
  // what the person does
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel' }
  | { type: 'retry' }
  /** Send it to another account instead (only before a publish is opened on its own). */
  | { type: 'move'; openId: string }
  // what the engine learns
  | { type: 'wait'; reason: Words; until: number; code?: string | null; attempts: number }
  | { type: 'fail'; code: string; reason?: Words }
  | { type: 'signedInAgain' }
  /** Op 4 answered. `stopped`: paused or cancelled meanwhile, so keep the publish but not the phase. */
  | { type: 'publishOpened'; publish: OpenedPublish; stopped: boolean }
  /** The publish cannot continue (link expired, host lost it): the next run opens a fresh one, and says why. */
  | { type: 'publishAbandoned'; reason: Words }
  /** The link's hour ran out while the draft waited: the next publish is fresh; the old one still counts until the platform drops it. */
  | { type: 'linkRanOut'; reason: Words }
  | { type: 'chunkAcknowledged'; index: number; uploadedBytes: number; stopped: boolean }
  /** The host says how far it has the upload (a 416 with uploaded_bytes on a chunk boundary). */
  | { type: 'hostHas'; nextChunk: number; uploadedBytes: number }
  | { type: 'delivered' }
  | { type: 'note'; reason: Words }
  | { type: 'statusRead'; status: PublishStatus }
  | { type: 'posted'; platformStatus: string }
  /** A photo post's run begins hosting its photos: it is under way (uploading) from here, and its photos may be on the host. */
  | { type: 'hostingPhotos' }
  /** A photo post's image is on the photo host (journaled, so a restart does not host it again). */
  | { type: 'photoHosted'; index: number; url: string }
  /** The post's hosted files were removed: a retry hosts them again. */
  | { type: 'photosUnhosted' }
  /** The person chose, in the row, to fix the video or send it as it is (before its upload began). */
  | { type: 'fixChosen'; choice: 'fix' | 'as_is' }
  /** A run begins fixing the video (FFmpeg): it is under way from here. */
  | { type: 'fixing' }
  /** The fixed file is made: the draft sends it from here (path, size, fingerprint and type are its). */
  | { type: 'fixed'; file: Pick<DraftRecord, 'filePath' | 'size' | 'fingerprint' | 'mimeType'> }
  /** The fixed file is gone from the cache or is no longer the one made: the draft goes back to the file as added, to be fixed again. */
  | { type: 'fixLost' };

export interface Refusal {
  code: string;
  message: string;
}

export type Transition = Result<DraftRecord, Refusal>;

/** Every chunk of the current publish was acknowledged: the platform has the whole video. */
export function isDelivered(draft: DraftRecord): boolean {
  return draft.totalChunkCount !== null && draft.publishId !== null && draft.nextChunk >= draft.totalChunkCount;
}

const NO_PUBLISH = { publishId: null, uploadUrl: null, uploadUrlIssuedAt: null, chunkSize: null, totalChunkCount: null, nextChunk: 0, uploadedBytes: 0, downloadedBytes: 0 } as const;

export function transition(draft: DraftRecord, event: DraftEvent): Transition {
  switch (event.type) {
    case 'pause':
      if (FINAL.has(draft.state) || draft.state === 'paused') return refuse('not_pausable', words('draft.not_pausable', { state: draft.state }));
      return ok({ ...draft, state: 'paused', resumeState: draft.state, reason: null, notBefore: null });
    case 'resume': {
      if (draft.state !== 'paused') return refuse('not_paused', words('draft.not_paused'));
      const state: DraftState = draft.resumeState === 'processing' || isDelivered(draft) ? 'processing' : draft.publishId ? 'uploading' : 'queued';
      return ok({ ...draft, state, resumeState: null, attempts: 0 });
    }
    case 'cancel':
      if (FINAL.has(draft.state)) return refuse('not_cancellable', words('draft.not_cancellable'));
      if (draft.state === 'processing' || draft.resumeState === 'processing' || isDelivered(draft)) {
        // Every byte is on the platform already: cancelling here would only make a retry send it twice.
        return refuse('already_delivered', words('draft.already_delivered', { kind: draft.kind === 'photo' ? 'photo' : 'video' }));
      }
      // Our copy of a dropped file stays until the draft is removed: a cancelled draft can be retried.
      return ok({ ...draft, state: 'cancelled', reason: null, notBefore: null });
    case 'retry':
      if (draft.state !== 'failed' && draft.state !== 'cancelled') return refuse('not_retryable', words('draft.not_retryable'));
      // Sending the same draft again would fail the same way: the words say what to do instead.
      if (draft.state === 'failed' && draft.failCode !== null && !failRule(draft.failCode).retryHelps) return refuse(draft.failCode, describeFailReason(draft.failCode));
      // The platform cannot continue a failed publish: a retry is a fresh one.
      return ok({ ...draft, ...NO_PUBLISH, state: 'queued', reason: null, failCode: null, attempts: 0, platformStatus: null, freshPublishReason: null, resumedAfterCrash: false });
    case 'move': {
      if (draft.openId === event.openId) return refuse('same_account', words('draft.same_account'));
      if (draft.state === 'failed' || draft.state === 'cancelled') {
        // Starts afresh on the other account, as a retry would on its own.
        const retried = transition(draft, { type: 'retry' });
        return retried.ok ? ok({ ...retried.value, openId: event.openId }) : retried;
      }
      // A publish the platform opened belongs to its account; an abandoned one (a fresh one is due anyway) does not hold the draft.
      const started = draft.publishId !== null && draft.freshPublishReason === null;
      if (draft.state !== 'queued' && draft.state !== 'waiting' && draft.state !== 'paused') return refuse('not_movable', words('draft.not_movable'));
      if (started) return refuse('not_movable', words('draft.started'));
      const moved = { ...draft, ...NO_PUBLISH, openId: event.openId, freshPublishReason: null, attempts: 0 };
      if (draft.state === 'paused') return ok({ ...moved, resumeState: 'queued' });
      return ok({ ...moved, state: 'queued', reason: null, failCode: null, notBefore: null });
    }
    case 'wait':
      return ok({ ...draft, attempts: event.attempts, state: 'waiting', reason: event.reason, failCode: event.code ?? null, notBefore: event.until, resumeState: null });
    case 'fail':
      // A failed draft keeps our copy of its file, for a retry.
      return ok({ ...draft, state: 'failed', failCode: event.code, reason: event.reason ?? describeFailReason(event.code), notBefore: null });
    case 'signedInAgain':
      if (draft.state !== 'waiting' || draft.failCode !== AUTH_WAIT) return ok(draft);
      return ok({ ...draft, notBefore: null, failCode: null });
    case 'publishOpened': {
      const opened = { ...draft, ...event.publish, nextChunk: 0, uploadedBytes: 0, platformStatus: null };
      if (event.stopped) return ok(opened);
      return ok({ ...opened, state: 'uploading', notBefore: null, reason: draft.freshPublishReason, freshPublishReason: null });
    }
    case 'publishAbandoned':
      // An issue time of 0 reads as expired: the next run opens a fresh publish.
      return ok({ ...draft, uploadUrlIssuedAt: 0, freshPublishReason: event.reason });
    case 'linkRanOut':
      return ok({ ...draft, freshPublishReason: event.reason });
    case 'chunkAcknowledged': {
      const progressed = { ...draft, nextChunk: event.index + 1, uploadedBytes: event.uploadedBytes };
      // Paused or cancelled meanwhile: keep the progress the host confirmed, nothing else.
      if (event.stopped) return ok(progressed);
      // A chunk got through: the draft is under way again, also when it had been waiting (offline,
      // the platform starting) with its publish open, which opens no publish to say so.
      return ok({ ...progressed, state: 'uploading', notBefore: null, attempts: 0, failCode: null, reason: event.index === 0 ? draft.reason : null });
    }
    case 'hostHas':
      return ok({ ...draft, nextChunk: event.nextChunk, uploadedBytes: event.uploadedBytes });
    case 'delivered':
      return ok({ ...draft, state: 'processing', reason: null, notBefore: null, attempts: 0 });
    case 'note':
      return ok({ ...draft, reason: event.reason });
    case 'statusRead': {
      const { status } = event;
      // What the platform has pulled so far (pulled media); never goes back within a publish.
      const downloadedBytes = Math.max(draft.downloadedBytes, status.downloadedBytes ?? 0);
      // The last status read is what the platform says, failed or not.
      if (status.status === 'FAILED') {
        const code = status.failReason ?? 'internal';
        return ok({ ...draft, state: 'failed', platformStatus: status.status, failCode: code, reason: describeFailReason(code), notBefore: null, downloadedBytes });
      }
      const state: DraftState = status.status === 'SEND_TO_USER_INBOX' ? 'inbox' : status.status === 'PUBLISH_COMPLETE' ? 'posted' : 'processing';
      return ok({ ...draft, state, platformStatus: status.status, reason: null, downloadedBytes });
    }
    case 'posted':
      return ok({ ...draft, state: 'posted', platformStatus: event.platformStatus });
    case 'hostingPhotos': {
      if (!draft.photo) return refuse('not_a_photo', words('draft.no_photos'));
      const photo = { ...draft.photo, hosting: true };
      // Only a draft a run may take goes under way; one paused or cancelled meanwhile keeps its state.
      if (draft.state !== 'queued' && draft.state !== 'waiting' && draft.state !== 'uploading') return ok({ ...draft, photo });
      return ok({ ...draft, photo, state: 'uploading', reason: null, failCode: null, notBefore: null });
    }
    case 'photoHosted': {
      if (!draft.photo || !draft.photo.images[event.index]) return refuse('not_a_photo', words('draft.no_such_photo'));
      const images = draft.photo.images.map((image, i) => (i === event.index ? { ...image, url: event.url } : image));
      return ok({ ...draft, photo: { ...draft.photo, images } });
    }
    case 'fixChosen':
    case 'fixing':
    case 'fixed':
    case 'fixLost':
      return fixTransition(draft, event);
    case 'photosUnhosted':
      if (!draft.photo) return ok(draft);
      // Pasted URLs were never ours: they stay.
      return ok({ ...draft, photo: { ...draft.photo, hosting: false, images: draft.photo.images.map((image) => (image.path ? { ...image, url: null } : image)) } });
  }
}

/** The video fix's events (video-fix-step.ts): the person's choice, a run fixing it, the fixed file. */
function fixTransition(draft: DraftRecord, event: Extract<DraftEvent, { type: 'fixChosen' | 'fixing' | 'fixed' | 'fixLost' }>): Transition {
  const fix = draft.fix;
  if (!fix) return refuse('not_fixable', words('draft.not_fixable'));
  switch (event.type) {
    case 'fixChosen': {
      if (draft.publishId !== null || (draft.state !== 'queued' && draft.state !== 'waiting' && draft.state !== 'paused' && draft.state !== 'failed' && draft.state !== 'cancelled')) {
        return refuse('fix_too_late', words('draft.fix_too_late'));
      }
      // Sent as it is: the file as added again (a fixed file stays in the cache until the draft is done or removed).
      const file = event.choice === 'as_is' ? { filePath: fix.source.filePath, size: fix.source.size, fingerprint: fix.source.fingerprint, mimeType: fix.source.mimeType } : {};
      const chosen = { ...draft, ...file, fix: { ...fix, choice: event.choice } };
      // A draft waiting for this choice (added paused, "ask") goes on.
      if (draft.state === 'paused' && fix.choice === 'ask') return ok({ ...chosen, state: 'queued', resumeState: null, reason: null });
      return ok(chosen);
    }
    case 'fixing':
      if (draft.state !== 'queued' && draft.state !== 'waiting' && draft.state !== 'uploading') return ok(draft);
      return ok({ ...draft, state: 'uploading', reason: null, failCode: null, notBefore: null });
    case 'fixed':
      return ok({ ...draft, ...event.file, fix: { ...fix, fixedPath: event.file.filePath } });
    case 'fixLost': {
      const { source } = fix;
      // A fix made again need not be the same bytes: a publish opened for the lost file cannot take
      // them, so the next one is fresh, and its row says why.
      return ok({ ...draft, ...NO_PUBLISH, filePath: source.filePath, size: source.size, fingerprint: source.fingerprint, mimeType: source.mimeType, fix: { ...fix, fixedPath: null }, freshPublishReason: FIXED_FILE_LOST });
    }
  }
}

/** A refusal in words (`main.draft.*`), with the same in English as its message. */
function refuse(code: string, said: Words): Transition {
  return err({ code, message: sayWords(said), words: said });
}
