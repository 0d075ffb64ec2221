/**
 * A video draft's fix, run as the first step of its run (media-kind.ts `prepare`): FFmpeg makes
 * the file the platform will take (services/video-fix/), and the draft sends that file from then
 * on (docs/ARCHITECTURE.md "Video fixes"). What was chosen and the fixed file are journaled, so a
 * fixed file is made once: a restart, a pause or a retry after it sends it without fixing again.
 * A stop during the fix kills FFmpeg; the next run starts the fix over.
 */
import type { Logger } from '../../../common/log.js';
import type { VideoFixMode } from '../../core/contract/index.js';
import { AppError } from '../../core/result.js';
import { fixPlan } from '../video-fix/fix-plan.js';
import type { FixedFile, FixJob } from '../video-fix/video-fixer.js';
import type { DraftFix, DraftRecord } from './draft.js';
import { fingerprintFile } from './fingerprint.js';
import type { PrepareContext, PrepareOutcome } from './media-kind.js';
import type { VideoCheck } from './video-probe-file.js';

/** What the engine needs of the fixer (services/video-fix/video-fixer.ts). */
export interface VideoFixPort {
  fix(job: FixJob): Promise<FixedFile>;
  remove(path: string): Promise<void>;
}

/** Whether the draft sends a fixed file it does not have yet. An unanswered "ask" resumed by hand is fixed: the default the rules call for. */
export function needsFix(draft: DraftRecord): boolean {
  const fix = draft.fix;
  return fix !== null && fix.choice !== 'as_is' && (fix.fixedPath === null || draft.filePath !== fix.fixedPath);
}

export async function prepareVideo(draft: DraftRecord, fixer: VideoFixPort, ctx: PrepareContext, log: Logger): Promise<PrepareOutcome> {
  const fix = draft.fix;
  if (!fix || !needsFix(draft)) return { kind: 'ready' };
  ctx.record({ type: 'fixing' });
  try {
    const fixed = await fixer.fix({
      id: draft.id,
      input: fix.source.filePath,
      fileName: draft.fileName,
      plan: fix.plan,
      signal: ctx.signal,
      onProgress: (progress) => ctx.progress({ fraction: progress.fraction, etaMs: progress.etaMs }),
    });
    const fingerprint = await fingerprintFile(fixed.path);
    ctx.record({ type: 'fixed', file: { filePath: fixed.path, size: fixed.bytes, fingerprint, mimeType: fix.plan.into === 'webm' ? 'video/webm' : 'video/mp4' } });
    log.info({ draftId: draft.id, action: fix.plan.action, encoder: fixed.encoder, bytes: fixed.bytes }, 'video fixed');
    return { kind: 'ready' };
  } catch (error) {
    if (ctx.signal.aborted) return { kind: 'stopped' };
    log.warn({ draftId: draft.id, err: error }, 'video fix failed');
    return { kind: 'failed', code: error instanceof AppError ? error.code : 'video_fix_failed' };
  }
}

/** The files a done or removed draft holds: the fixed file, and our copy of the file as added. */
export function heldFiles(draft: DraftRecord): string[] {
  const source = draft.fix?.source ?? draft;
  const paths = new Set<string>();
  if (draft.fix?.fixedPath) paths.add(draft.fix.fixedPath);
  if (source.ownsFile) paths.add(source.filePath);
  return [...paths];
}

/**
 * A new draft's fix, from what its file's headers said and the verdict: none for a video the
 * platform takes as it is; for one a remux or transcode saves, the setting's default choice.
 */
export function newDraftFix(check: VideoCheck, mode: VideoFixMode, source: DraftFix['source']): DraftFix | null {
  const plan = check.probe ? fixPlan(check.probe, check.verdict) : null;
  if (!plan) return null;
  return { plan, choice: mode === 'auto' ? 'fix' : mode === 'never' ? 'as_is' : 'ask', source, fixedPath: null };
}
