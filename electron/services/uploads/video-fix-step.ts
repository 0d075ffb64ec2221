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
import { fingerprintFile, sameFingerprint, type Fingerprint } from './fingerprint.js';
import type { PrepareContext, PrepareOutcome, SourceCheck } from './media-kind.js';
import type { DraftEvent } from './transitions.js';
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

/** Whether the draft sends its fixed file (not the file as added). */
export function sendsFixedFile(draft: DraftRecord): boolean {
  return draft.fix !== null && draft.fix.fixedPath !== null && draft.filePath === draft.fix.fixedPath;
}

/** Whether the file at `path` is still the one fingerprinted. */
export async function checkFile(path: string, fingerprint: Fingerprint): Promise<SourceCheck> {
  const current = await fingerprintFile(path).catch(() => null);
  if (!current) return 'file_missing';
  return sameFingerprint(current, fingerprint) ? 'ok' : 'file_changed';
}

/**
 * The file a video draft sends is still the one it started with. A fixed file is the app's own
 * copy in a cache the person (or a disk cleaner) may empty: one gone or changed is made again from
 * the file as added (prepareVideo), so only that one must be intact.
 */
export async function checkVideoSource(draft: DraftRecord): Promise<SourceCheck> {
  const sent = await checkFile(draft.filePath, draft.fingerprint);
  if (sent === 'ok' || !sendsFixedFile(draft)) return sent;
  return checkFile(draft.fix!.source.filePath, draft.fix!.source.fingerprint);
}

/** Records that the draft's fixed file is lost: it goes back to the file as added, to be fixed again. */
export function loseFix(draft: DraftRecord, record: (event: DraftEvent) => DraftRecord, log: Logger): DraftRecord {
  log.warn({ draftId: draft.id }, 'the fixed video is gone or changed; fixing it again');
  return record({ type: 'fixLost' });
}

export async function prepareVideo(draft: DraftRecord, fixer: VideoFixPort, ctx: PrepareContext, log: Logger): Promise<PrepareOutcome> {
  if (sendsFixedFile(draft) && (await checkFile(draft.filePath, draft.fingerprint)) !== 'ok') draft = loseFix(draft, ctx.record, log);
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
