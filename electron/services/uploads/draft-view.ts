/**
 * The live part of a draft's row view, sent to the windows with its record (queue.ts's
 * LiveFigures): speed, time left and bytes on the wire while a run uploads it, whether a
 * thumbnail is cached, and when a draft waiting for inbox space will most likely go.
 */
import type { PhotoPostView, VideoFixView } from '../../core/contract/index.js';
import type { Activity } from './draft-runner.js';
import type { DraftRecord, PhotoPost } from './draft.js';
import type { LiveFigures } from './queue.js';
import { INBOX_WAIT } from './scheduler.js';

export interface ViewSources {
  /** The run under way for a draft, if any. */
  activity(id: string): Pick<Activity, 'sent' | 'speed' | 'preparing'> | undefined;
  hasThumbnail(draft: DraftRecord): boolean;
  /** The inbox forecast's expected start (inbox-waits.ts); asked only of drafts waiting for inbox space. */
  expectedStart(id: string): number | null;
}

export function liveFigures(sources: ViewSources): LiveFigures {
  return (draft) => {
    const activity = sources.activity(draft.id);
    const uploading = draft.state === 'uploading' && activity !== undefined;
    // Written bytes count only for the publish they were written to; acknowledged ones always do.
    const sentBytes = uploading && activity.sent.publishId === draft.publishId ? Math.max(draft.uploadedBytes, activity.sent.bytes) : draft.uploadedBytes;
    // Videos are added with a frame, photo posts with their cover (thumbnail-cache.ts, keyed by the draft's fingerprint).
    const hasThumbnail = sources.hasThumbnail(draft);
    const expectedAt = draft.failCode === INBOX_WAIT ? sources.expectedStart(draft.id) : null;
    return { ...(uploading ? activity.speed.figures(draft.size) : { speedBps: null, etaSeconds: null }), sentBytes, hasThumbnail, expectedAt, fix: fixView(draft, activity?.preparing ?? null) };
  };
}

/** A video fix as its row shows it: what, the choice, whether the fixed file is made, and FFmpeg's progress while it runs. */
export function fixView(draft: DraftRecord, preparing: Activity['preparing']): VideoFixView | null {
  if (!draft.fix) return null;
  const fixed = draft.fix.fixedPath !== null && draft.filePath === draft.fix.fixedPath;
  return {
    action: draft.fix.plan.action,
    choice: draft.fix.choice,
    fixed,
    progress: preparing ? preparing.fraction : null,
    etaSeconds: preparing && preparing.etaMs !== null ? Math.ceil(preparing.etaMs / 1000) : null,
  };
}

/** A photo post as its row shows it: its hosting progress counts the photos the app hosts, not pasted URLs. */
export function photoPostView(post: PhotoPost): PhotoPostView {
  const ours = post.images.filter((image) => image.path !== null);
  const hosted = ours.filter((image) => image.url !== null);
  const bytes = (images: typeof ours) => images.reduce((sum, image) => sum + image.bytes, 0);
  return {
    title: post.title,
    description: post.description,
    coverIndex: post.coverIndex,
    images: post.images.map((image) => ({ name: image.name, bytes: image.bytes, url: image.url })),
    hosted: { photos: hosted.length, ofPhotos: ours.length, bytes: bytes(hosted), ofBytes: bytes(ours) },
  };
}
