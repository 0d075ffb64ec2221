/**
 * The fix's pure parts: the draft's fix at add from the verdict and the setting, which file a
 * draft sends (the fixed one once made, the added one when sent as it is), the person's choice as
 * a transition, and the files a done or removed draft deletes.
 */
import { describe, expect, it } from 'vitest';
import { judgeVideo, type VideoProbe } from '../../../../../common/video-rules.js';
import type { DraftFix } from '../../../../../electron/services/uploads/draft.js';
import { FIXED_FILE_LOST, transition } from '../../../../../electron/services/uploads/transitions.js';
import { heldFiles, needsFix, newDraftFix, sendsFixedFile } from '../../../../../electron/services/uploads/video-fix-step.js';
import { draftRecord } from '../../../../support/draft-fixture.js';

const probe: VideoProbe = { container: 'mkv', duration_ms: 2000, width: 320, height: 240, rotation: 0, fps: 30, video_codec: 'h264', video_profile: 'High', bit_depth: 8, audio_codec: 'aac', size_bytes: 1000 };
const source: DraftFix['source'] = { filePath: '/incoming/a.mkv', ownsFile: true, size: 1000, fingerprint: { size: 1000, mtimeMs: 1, edgeSha256: 'a' }, mimeType: 'video/mp4' };
const fix = (over: Partial<DraftFix> = {}): DraftFix => ({ ...newDraftFix({ probe, verdict: judgeVideo(probe) }, 'auto', source)!, ...over });
const fixedFile = { filePath: '/cache/d1.mp4', size: 900, fingerprint: { size: 900, mtimeMs: 2, edgeSha256: 'b' }, mimeType: 'video/mp4' as const };

describe('a draft’s video fix', () => {
  it('follows the setting, and a video with nothing to fix (or no headers) has none', () => {
    const check = { probe, verdict: judgeVideo(probe) };
    expect(newDraftFix(check, 'auto', source)).toMatchObject({ choice: 'fix', plan: { action: 'remux', into: 'mp4' }, fixedPath: null });
    expect(newDraftFix(check, 'ask', source)?.choice).toBe('ask');
    expect(newDraftFix(check, 'never', source)?.choice).toBe('as_is');
    const fine = { ...probe, container: 'mp4' as const };
    expect(newDraftFix({ probe: fine, verdict: judgeVideo(fine) }, 'auto', source)).toBeNull();
    expect(newDraftFix({ probe: null, verdict: { kind: 'refused', broken: [] } }, 'auto', source)).toBeNull();
  });

  it('sends the fixed file once made, and is fixed again only when it is not the one sent', () => {
    const draft = draftRecord({ filePath: source.filePath, fix: fix() });
    expect(needsFix(draft)).toBe(true);
    const fixed = transition(draft, { type: 'fixed', file: fixedFile });
    expect(fixed.ok && fixed.value).toMatchObject({ filePath: '/cache/d1.mp4', size: 900, fingerprint: fixedFile.fingerprint, fix: { fixedPath: '/cache/d1.mp4' } });
    expect(fixed.ok && needsFix(fixed.value)).toBe(false);
    expect(needsFix(draftRecord({ fix: fix({ choice: 'as_is' }) }))).toBe(false);
  });

  it('a fixed file lost from the cache: back to the file as added, fixed again, and the fresh publish says why', () => {
    const sending = draftRecord({ state: 'uploading', filePath: fixedFile.filePath, size: 900, fingerprint: fixedFile.fingerprint, publishId: 'p1', uploadUrl: 'http://host/u', uploadUrlIssuedAt: 1, chunkSize: 900, totalChunkCount: 1, fix: fix({ fixedPath: fixedFile.filePath }) });
    expect(sendsFixedFile(sending)).toBe(true);
    const lost = transition(sending, { type: 'fixLost' });
    expect(lost.ok && lost.value).toMatchObject({ filePath: source.filePath, size: 1000, fingerprint: source.fingerprint, publishId: null, uploadUrl: null, nextChunk: 0, fix: { fixedPath: null } });
    expect(lost.ok && needsFix(lost.value)).toBe(true);
    expect(lost.ok && sendsFixedFile(lost.value)).toBe(false);
    const reopened = lost.ok && transition(lost.value, { type: 'publishOpened', publish: { publishId: 'p2', uploadUrl: 'http://host/v', uploadUrlIssuedAt: 2, chunkSize: 900, totalChunkCount: 1 }, stopped: false });
    expect(reopened && reopened.ok && reopened.value.reason).toEqual(FIXED_FILE_LOST);
    expect(sendsFixedFile(draftRecord({ filePath: source.filePath, fix: fix({ choice: 'as_is', fixedPath: fixedFile.filePath }) }))).toBe(false);
  });

  it('the choice in the row: a draft waiting for it goes on; "as is" sends the file as added; too late once a publish is open', () => {
    const waiting = draftRecord({ state: 'paused', resumeState: 'queued', filePath: fixedFile.filePath, fix: fix({ choice: 'ask', fixedPath: fixedFile.filePath }) });
    const asIs = transition(waiting, { type: 'fixChosen', choice: 'as_is' });
    expect(asIs.ok && asIs.value).toMatchObject({ state: 'queued', filePath: source.filePath, size: 1000, fingerprint: source.fingerprint, fix: { choice: 'as_is' } });
    const late = transition({ ...waiting, state: 'uploading', publishId: 'p1' }, { type: 'fixChosen', choice: 'fix' });
    expect(late.ok ? null : late.error.code).toBe('fix_too_late');
    const none = transition(draftRecord(), { type: 'fixChosen', choice: 'fix' });
    expect(none.ok ? null : none.error.code).toBe('not_fixable');
  });

  it('a done or removed draft deletes its fixed file and our copy of the file as added, never a file it does not own', () => {
    const fixed = draftRecord({ filePath: fixedFile.filePath, ownsFile: true, fix: fix({ fixedPath: fixedFile.filePath }) });
    expect(heldFiles(fixed).sort()).toEqual(['/cache/d1.mp4', '/incoming/a.mkv']);
    const theirs = draftRecord({ filePath: fixedFile.filePath, fix: fix({ fixedPath: fixedFile.filePath, source: { ...source, ownsFile: false, filePath: '/Users/me/a.mkv' } }) });
    expect(heldFiles(theirs)).toEqual(['/cache/d1.mp4']);
    expect(heldFiles(draftRecord({ ownsFile: true, filePath: '/incoming/b.mp4' }))).toEqual(['/incoming/b.mp4']);
    expect(heldFiles(draftRecord({ filePath: '/Users/me/b.mp4' }))).toEqual([]);
  });
});
