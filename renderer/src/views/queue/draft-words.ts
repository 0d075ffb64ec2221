/**
 * A draft's state in the window's words, with the detail that matters for it, and how it looks.
 * Pure: the words come from the intl it is given (the row's), so a change of language rewords it.
 */
import type { IntlShape } from 'react-intl';
import type { DraftState, DraftView } from '../../api/contract';
import { percent } from '../../format';
import { formatBytes, formatSpeed, formatTimeLeft } from '../../i18n/format';

export type Tone = 'neutral' | 'active' | 'warning' | 'success' | 'danger';

export interface DraftWords {
  label: string;
  detail: string | null;
  tone: Tone;
  /** 0–100 for the progress bar; null when progress means nothing (queued, cancelled). */
  progress: number | null;
}

/** Every state, in the order the filters offer them. */
export const DRAFT_STATES: readonly DraftState[] = ['queued', 'waiting', 'uploading', 'processing', 'inbox', 'posted', 'failed', 'paused', 'cancelled'];

export function stateLabel(intl: IntlShape, state: DraftState): string {
  return intl.formatMessage({ id: `queue.state.${state}` });
}

/** The state's label inside a sentence ("uploading until …"): its first letter in lower case, where the script has cases. */
export function stateInline(intl: IntlShape, state: DraftState): string {
  const label = stateLabel(intl, state);
  return label.charAt(0).toLocaleLowerCase(intl.locale) + label.slice(1);
}

/** "3 waiting": a count of drafts in a state, in the language's plural. */
export function stateCount(intl: IntlShape, state: DraftState, count: number): string {
  return intl.formatMessage({ id: `queue.count.${state}` }, { count });
}

/** Parts of one line: the reason, then the figures. */
const joinParts = (parts: readonly (string | null)[]) => parts.filter(Boolean).join(' · ') || null;

/**
 * Which bytes a row shows, and its percentage always from the same figure: while uploading, the
 * bytes written to the connection ("sent"; the host has not confirmed the chunk under way yet, so
 * it stays below 100% until the last chunk is acknowledged); otherwise the bytes the upload host
 * acknowledged ("received by the platform"), which is where a resume continues from.
 */
function bytesFigure(intl: IntlShape, draft: DraftView, bytes: number, id: 'queue.row.received' | 'queue.row.sent'): { progress: number; text: string } {
  return { progress: percent(bytes, draft.size), text: intl.formatMessage({ id }, { bytes: formatBytes(intl, bytes), size: formatBytes(intl, draft.size) }) };
}

const percentWords = (intl: IntlShape, progress: number) => intl.formatNumber(progress / 100, { style: 'percent' });

/** `reason` is the draft's reason already said in the window's language (i18n/main-words.ts), or null. */
export function describeDraft(intl: IntlShape, draft: DraftView, reason: string | null): DraftWords {
  if (draft.kind === 'video_url') return describeUrlDraft(intl, draft, reason);
  if (draft.kind === 'photo' && draft.state === 'uploading' && draft.photo) return describeHosting(intl, reason, draft.photo.hosted);
  const label = stateLabel(intl, draft.state);
  const received = bytesFigure(intl, draft, draft.uploadedBytes, 'queue.row.received');
  switch (draft.state) {
    case 'queued':
      return { label, detail: reason ?? intl.formatMessage({ id: 'queue.row.queued' }), tone: 'neutral', progress: null };
    case 'waiting':
      return { label, detail: joinParts([reason, draft.uploadedBytes > 0 ? received.text : null]), tone: 'warning', progress: draft.uploadedBytes > 0 ? received.progress : null };
    case 'uploading': {
      const sent = bytesFigure(intl, draft, draft.sentBytes, 'queue.row.sent');
      const speed = draft.speedBps !== null && draft.speedBps > 0 ? formatSpeed(intl, draft.speedBps) : null;
      const left = draft.etaSeconds !== null ? formatTimeLeft(intl, draft.etaSeconds) : null;
      return { label: intl.formatMessage({ id: 'queue.row.uploading' }, { percent: percentWords(intl, sent.progress) }), detail: joinParts([reason, sent.text, speed, left]), tone: 'active', progress: sent.progress };
    }
    case 'processing':
      return { label, detail: intl.formatMessage({ id: 'queue.row.processing' }), tone: 'active', progress: 100 };
    case 'inbox':
      return { label, detail: intl.formatMessage({ id: 'queue.row.inbox' }), tone: 'success', progress: 100 };
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
function describeHosting(intl: IntlShape, reason: string | null, hosted: NonNullable<DraftView['photo']>['hosted']): DraftWords {
  if (hosted.photos >= hosted.ofPhotos) {
    return { label: intl.formatMessage({ id: 'queue.row.startingPost' }), detail: reason ?? intl.formatMessage({ id: 'queue.row.startingPost.detail' }), tone: 'active', progress: 100 };
  }
  const progress = percent(hosted.bytes, hosted.ofBytes);
  const detail = intl.formatMessage({ id: 'queue.row.hosted' }, { photos: hosted.photos, ofPhotos: hosted.ofPhotos, bytes: formatBytes(intl, hosted.bytes), ofBytes: formatBytes(intl, hosted.ofBytes) });
  return { label: intl.formatMessage({ id: 'queue.row.hosting' }, { percent: percentWords(intl, progress) }), detail: joinParts([reason, detail]), tone: 'active', progress };
}

/**
 * A video the platform pulls from a URL: no bytes leave this computer. Its progress is the
 * platform's, from the status reads: downloading (how much it has so far; the total is not
 * known until it is done, so the bar is indeterminate), then processing.
 */
function describeUrlDraft(intl: IntlShape, draft: DraftView, reason: string | null): DraftWords {
  const label = stateLabel(intl, draft.state);
  switch (draft.state) {
    case 'queued':
      return { label, detail: reason ?? intl.formatMessage({ id: 'queue.row.url.queued' }), tone: 'neutral', progress: null };
    case 'uploading':
      return { label: intl.formatMessage({ id: 'queue.row.url.asking' }), detail: reason ?? intl.formatMessage({ id: 'queue.row.url.asking.detail' }), tone: 'active', progress: null };
    case 'processing':
      if (draft.platformStatus === 'PROCESSING_DOWNLOAD' || draft.platformStatus === null) {
        const detail = draft.downloadedBytes > 0 ? intl.formatMessage({ id: 'queue.row.url.downloaded' }, { size: formatBytes(intl, draft.downloadedBytes) }) : intl.formatMessage({ id: 'queue.row.url.downloading.detail' });
        return { label: intl.formatMessage({ id: 'queue.row.url.downloading' }), detail, tone: 'active', progress: null };
      }
      return { label, detail: intl.formatMessage({ id: 'queue.row.processing' }), tone: 'active', progress: null };
    case 'failed':
      return { label, detail: reason, tone: 'danger', progress: null };
    default: {
      const words = describeDraft(intl, { ...draft, kind: 'video', uploadedBytes: 0 }, reason);
      return { ...words, progress: draft.state === 'inbox' || draft.state === 'posted' ? 100 : null };
    }
  }
}

/** The header's counts, busiest first, only those that are not zero. */
const SUMMARY_ORDER: readonly DraftState[] = ['uploading', 'processing', 'waiting', 'queued', 'paused', 'inbox', 'posted', 'failed', 'cancelled'];

export function summaryParts(intl: IntlShape, counts: Readonly<Record<DraftState, number>>): string[] {
  return SUMMARY_ORDER.filter((state) => counts[state] > 0).map((state) => stateCount(intl, state, counts[state]));
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
