/** A draft's state in words, with the detail that matters for it, and how it looks. Pure. */
import type { DraftState, DraftView } from '../../api/contract';
import { formatBytes, formatSpeed, formatTimeLeft, percent } from '../../format';

export type Tone = 'neutral' | 'active' | 'warning' | 'success' | 'danger';

export interface DraftWords {
  label: string;
  detail: string | null;
  tone: Tone;
  /** 0–100 for the progress bar; null when progress means nothing (queued, cancelled). */
  progress: number | null;
}

export const STATE_LABELS: Record<DraftState, string> = {
  queued: 'Queued',
  waiting: 'Waiting',
  uploading: 'Uploading',
  processing: 'Processing',
  inbox: 'In inbox',
  posted: 'Posted',
  failed: 'Failed',
  paused: 'Paused',
  cancelled: 'Cancelled',
};

/**
 * Which bytes a row shows, and its percentage always from the same figure: while uploading, the
 * bytes written to the connection ("sent"; the host has not confirmed the chunk under way yet, so
 * it stays below 100% until the last chunk is acknowledged); otherwise the bytes the upload host
 * acknowledged ("received by the platform"), which is where a resume continues from.
 */
function bytesFigure(draft: DraftView, bytes: number, words: string): { progress: number; text: string } {
  return { progress: percent(bytes, draft.size), text: `${formatBytes(bytes)} of ${formatBytes(draft.size)} ${words}` };
}

/** `reason` is the draft's reason already said in the window's language (i18n/main-words.ts), or null. */
export function describeDraft(draft: DraftView, reason: string | null): DraftWords {
  if (draft.kind === 'video_url') return describeUrlDraft(draft, reason);
  if (draft.kind === 'photo' && draft.state === 'uploading' && draft.photo) return describeHosting(draft, reason, draft.photo.hosted);
  const label = STATE_LABELS[draft.state];
  const received = bytesFigure(draft, draft.uploadedBytes, 'received by the platform');
  switch (draft.state) {
    case 'queued':
      return { label, detail: reason ?? 'Starts when an upload slot is free', tone: 'neutral', progress: null };
    case 'waiting':
      return { label, detail: [reason, draft.uploadedBytes > 0 ? received.text : null].filter(Boolean).join(' · ') || null, tone: 'warning', progress: draft.uploadedBytes > 0 ? received.progress : null };
    case 'uploading': {
      const sent = bytesFigure(draft, draft.sentBytes, 'sent');
      const parts = [sent.text];
      if (draft.speedBps !== null && draft.speedBps > 0) parts.push(formatSpeed(draft.speedBps));
      if (draft.etaSeconds !== null) parts.push(formatTimeLeft(draft.etaSeconds));
      return { label: `Uploading ${sent.progress}%`, detail: reason ? `${reason} · ${parts.join(' · ')}` : parts.join(' · '), tone: 'active', progress: sent.progress };
    }
    case 'processing':
      return { label, detail: 'The platform is checking the video', tone: 'active', progress: 100 };
    case 'inbox':
      return { label, detail: 'Finish the post in the platform’s app', tone: 'success', progress: 100 };
    case 'posted':
      return { label, detail: null, tone: 'success', progress: 100 };
    case 'failed':
      return { label, detail: reason, tone: 'danger', progress: null };
    case 'paused':
      return { label, detail: draft.uploadedBytes > 0 ? received.text : null, tone: 'neutral', progress: draft.uploadedBytes > 0 ? received.progress : null };
    case 'cancelled':
      return { label, detail: null, tone: 'neutral', progress: null };
  }
}

/**
 * A photo post under way: its photos go to the photo host one by one, then the platform is asked
 * to start the post (it pulls them). The row counts the photos on the host and their bytes.
 */
function describeHosting(draft: DraftView, reason: string | null, hosted: NonNullable<DraftView['photo']>['hosted']): DraftWords {
  if (hosted.photos >= hosted.ofPhotos) return { label: 'Starting the post', detail: reason ?? 'Asking the platform to start the post', tone: 'active', progress: 100 };
  const progress = percent(hosted.bytes, hosted.ofBytes);
  const detail = `${hosted.photos} of ${hosted.ofPhotos} photos hosted · ${formatBytes(hosted.bytes)} of ${formatBytes(hosted.ofBytes)}`;
  return { label: `Hosting photos ${progress}%`, detail: reason ? `${reason} · ${detail}` : detail, tone: 'active', progress };
}

/**
 * A video the platform pulls from a URL: no bytes leave this computer. Its progress is the
 * platform's, from the status reads: downloading (how much it has so far; the total is not
 * known until it is done, so the bar is indeterminate), then processing.
 */
function describeUrlDraft(draft: DraftView, reason: string | null): DraftWords {
  const label = STATE_LABELS[draft.state];
  const downloaded = draft.downloadedBytes > 0 ? `the platform has downloaded ${formatBytes(draft.downloadedBytes)}` : null;
  switch (draft.state) {
    case 'queued':
      return { label, detail: reason ?? 'The platform is asked to download it when a slot is free', tone: 'neutral', progress: null };
    case 'uploading':
      return { label: 'Asking the platform', detail: reason ?? 'Asking the platform to download the video', tone: 'active', progress: null };
    case 'processing':
      if (draft.platformStatus === 'PROCESSING_DOWNLOAD' || draft.platformStatus === null) {
        return { label: 'Platform downloading', detail: downloaded ? `${downloaded[0]!.toUpperCase()}${downloaded.slice(1)}; then it checks the video` : 'The platform is downloading the video', tone: 'active', progress: null };
      }
      return { label, detail: 'The platform is checking the video', tone: 'active', progress: null };
    case 'failed':
      return { label, detail: reason, tone: 'danger', progress: null };
    default: {
      const words = describeDraft({ ...draft, kind: 'video', uploadedBytes: 0 }, reason);
      return { ...words, progress: draft.state === 'inbox' || draft.state === 'posted' ? 100 : null };
    }
  }
}

/** The header's counts, busiest first, only those that are not zero. */
const SUMMARY_ORDER: [DraftState, string][] = [
  ['uploading', 'uploading'],
  ['processing', 'processing'],
  ['waiting', 'waiting'],
  ['queued', 'queued'],
  ['paused', 'paused'],
  ['inbox', 'in inbox'],
  ['posted', 'posted'],
  ['failed', 'failed'],
  ['cancelled', 'cancelled'],
];

export function summaryParts(counts: Readonly<Record<DraftState, number>>): string[] {
  return SUMMARY_ORDER.filter(([state]) => counts[state] > 0).map(([state, words]) => `${counts[state].toLocaleString()} ${words}`);
}

export type DraftActionName = 'pause' | 'resume' | 'cancel' | 'retry' | 'remove';

/** What a person can do with a draft in each state (the upload service's rules): Retry only where it can help. */
export function actionsFor(draft: Pick<DraftView, 'state' | 'retryable'>): DraftActionName[] {
  switch (draft.state) {
    case 'queued':
    case 'waiting':
    case 'uploading':
    case 'processing':
      return ['pause', 'cancel'];
    case 'paused':
      return ['resume', 'cancel'];
    case 'failed':
    case 'cancelled':
      return draft.retryable ? ['retry', 'remove'] : ['remove'];
    case 'inbox':
    case 'posted':
      return ['remove'];
  }
}
