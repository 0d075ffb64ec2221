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

export function describeDraft(draft: DraftView): DraftWords {
  const label = STATE_LABELS[draft.state];
  const sent = percent(draft.uploadedBytes, draft.size);
  switch (draft.state) {
    case 'queued':
      return { label, detail: draft.reason ?? 'Starts when an upload slot is free', tone: 'neutral', progress: null };
    case 'waiting':
      return { label, detail: draft.reason, tone: 'warning', progress: draft.uploadedBytes > 0 ? sent : null };
    case 'uploading': {
      const parts: string[] = [];
      if (draft.speedBps !== null && draft.speedBps > 0) parts.push(formatSpeed(draft.speedBps));
      if (draft.etaSeconds !== null) parts.push(formatTimeLeft(draft.etaSeconds));
      return { label: `Uploading ${sent}%`, detail: parts.join(' · ') || draft.reason || `${formatBytes(draft.uploadedBytes)} of ${formatBytes(draft.size)} sent`, tone: 'active', progress: sent };
    }
    case 'processing':
      return { label, detail: 'The platform is checking the video', tone: 'active', progress: 100 };
    case 'inbox':
      return { label, detail: 'Finish the post in the platform’s app', tone: 'success', progress: 100 };
    case 'posted':
      return { label, detail: null, tone: 'success', progress: 100 };
    case 'failed':
      return { label, detail: draft.reason, tone: 'danger', progress: null };
    case 'paused':
      return { label, detail: draft.uploadedBytes > 0 ? `${formatBytes(draft.uploadedBytes)} of ${formatBytes(draft.size)} sent` : null, tone: 'neutral', progress: draft.uploadedBytes > 0 ? sent : null };
    case 'cancelled':
      return { label, detail: null, tone: 'neutral', progress: null };
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

/** What a person can do with a draft in each state (the upload service's rules). */
export function actionsFor(state: DraftState): DraftActionName[] {
  switch (state) {
    case 'queued':
    case 'waiting':
    case 'uploading':
    case 'processing':
      return ['pause', 'cancel'];
    case 'paused':
      return ['resume', 'cancel'];
    case 'failed':
    case 'cancelled':
      return ['retry', 'remove'];
    case 'inbox':
    case 'posted':
      return ['remove'];
  }
}
