import { describe, expect, it } from 'vitest';
import { describeFailReason, failRule } from '../../../../../electron/services/uploads/fail-codes.js';
import { classifyFailure } from '../../../../../electron/services/uploads/failure.js';
import { transition } from '../../../../../electron/services/uploads/transitions.js';
import { draftRecord, withPublish } from '../../../../support/draft-fixture.js';
import { words } from '../../../../../electron/core/contract/index.js';
import { sayWords } from '../../../../../electron/services/main-words.js';

describe('fail codes', () => {
  it('refuses a retry that would fail the same way, saying what to do instead', () => {
    for (const code of ['file_format_check_failed', 'url_ownership_unverified', 'file_changed', 'file_missing', 'file_too_large', 'account_removed']) {
      const next = transition(draftRecord({ state: 'failed', failCode: code }), { type: 'retry' });
      expect(next.ok, code).toBe(false);
      if (!next.ok) expect(next.error).toEqual({ code, message: sayWords(describeFailReason(code)), words: describeFailReason(code) });
    }
    expect(describeFailReason('file_format_check_failed')).toEqual(words('fail.file_format_check_failed'));
    expect(sayWords(describeFailReason('file_format_check_failed'))).toMatch(/convert it to MP4/);
    expect(sayWords(describeFailReason('url_ownership_unverified'))).toMatch(/only takes links on websites verified for this app/);
    expect(sayWords(describeFailReason('url_ownership_unverified'), 'es')).toMatch(/solo acepta enlaces de sitios web verificados/);
  });

  it('allows a retry where one can help, and for a cancelled draft whatever it failed with before', () => {
    for (const code of ['video_pull_failed', 'photo_pull_failed', 'internal', 'publish_lost', 'upload_rejected', 'spam_risk_too_many_pending_share']) {
      expect(transition(draftRecord({ state: 'failed', failCode: code }), { type: 'retry' }).ok, code).toBe(true);
      expect(failRule(code).retryHelps).toBe(true);
    }
    expect(transition(draftRecord({ state: 'cancelled', failCode: null }), { type: 'retry' }).ok).toBe(true);
  });

  it('names an unknown platform code and leaves a retry to the person', () => {
    expect(failRule('brand_new_code')).toEqual({ retryHelps: true });
    expect(sayWords(describeFailReason('brand_new_code'))).toBe('The platform refused this draft (brand_new_code)');
    expect(sayWords(describeFailReason('brand_new_code'), 'ja')).toBe('プラットフォームがこの下書きを拒否しました (brand_new_code)');
  });

  it('says the photo host refused, not the platform, for a photo host’s code', () => {
    expect(sayWords(describeFailReason('photo_host_host_refused'))).toBe('The photo host refused this post (photo_host_host_refused)');
    const refused = classifyFailure({ kind: 'platform', httpStatus: 400, code: 'photo_host_bad_keys', message: 'The bucket refused the access keys' });
    expect(refused).toEqual({ kind: 'fatal', code: 'photo_host_bad_keys', words: words('fail.refused', { who: 'photo_host', message: 'The bucket refused the access keys' }) });
    expect(refused.kind === 'fatal' && sayWords(refused.words)).toBe('The photo host refused this post: The bucket refused the access keys');
    const bad = classifyFailure({ kind: 'platform', httpStatus: 400, code: 'invalid_params', message: 'bad' });
    expect(bad.kind === 'fatal' && sayWords(bad.words)).toBe('The platform refused this draft: bad');
    // An upload host out of disk space: tried again (the draft goes on once there is room), never failed for good.
    expect(classifyFailure({ kind: 'platform', httpStatus: 507, code: 'upload_host_error', message: 'The upload host answered 507' })).toMatchObject({ kind: 'retry', words: words('wait.retry.host_disk_full') });
  });

  it('retries a photo bucket out of reach, naming it, instead of calling the app offline', () => {
    const message = "Can't reach your photo bucket s3.example.com — check Settings › Photos";
    const failure = classifyFailure({ kind: 'network', code: 'photo_host_unreachable', message });
    expect(failure).toEqual({ kind: 'retry', words: words('wait.retry.text', { text: message }), offline: false });
    expect(failure.kind === 'retry' && sayWords(failure.words)).toBe(`Retrying: ${message}`);
  });

  it('a status read keeps the downloaded bytes (pulled media) and a FAILED read fails with the words', () => {
    const pulling = { ...withPublish(draftRecord({ kind: 'video_url', sourceUrl: 'https://cdn.example/a.mp4' }), 1, 1), state: 'processing' as const };
    const read = transition(pulling, { type: 'statusRead', status: { status: 'PROCESSING_DOWNLOAD', failReason: null, uploadedBytes: 0, downloadedBytes: 4096 } });
    expect(read.ok && read.value.downloadedBytes).toBe(4096);
    const failed = transition(read.ok ? read.value : pulling, { type: 'statusRead', status: { status: 'FAILED', failReason: 'video_pull_failed', uploadedBytes: 0, downloadedBytes: 0 } });
    expect(failed.ok && failed.value).toMatchObject({ state: 'failed', failCode: 'video_pull_failed', downloadedBytes: 4096, reason: describeFailReason('video_pull_failed') });
  });

  it('words a photo bucket’s failure in the window’s language, not the English of its message', () => {
    const unreachable = words('photo.bucket.unreachable', { host: 's3.example.com' });
    const waiting = classifyFailure({ kind: 'network', code: 'photo_host_unreachable', message: sayWords(unreachable), words: unreachable });
    expect(waiting).toEqual({ kind: 'retry', words: words('wait.retry.text', { text: unreachable }), offline: false });
    expect(waiting.kind === 'retry' && sayWords(waiting.words, 'ja')).toContain('写真バケット s3.example.com に接続できません');
    const wrongKey = words('photo.bucket.wrong_key', { host: 's3.example.com' });
    const failed = classifyFailure({ kind: 'platform', httpStatus: 400, code: 'photo_host_wrong_key', message: sayWords(wrongKey), words: wrongKey });
    expect(failed.kind === 'fatal' && sayWords(failed.words, 'es')).toMatch(/s3\.example\.com rechazó las claves de acceso/);
    expect(failed.kind === 'fatal' && sayWords(failed.words)).toBe('The photo host refused this post: Your photo bucket s3.example.com refused the access keys — check the keys in Settings › Photos');
  });
});
