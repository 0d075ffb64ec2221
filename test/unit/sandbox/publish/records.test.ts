import { describe, expect, it } from 'vitest';
import { derivePublishState, processingMs, type PublishRecord } from '../../../../sandbox/publish/records.js';

const base: PublishRecord = {
  publish_id: 'p', kind: 'video_file', client_key: 'k', open_id: 'u', created_at: 0,
  upload: { video_size: 100, chunk_size: 100, total_chunk_count: 1, credential_key: 'h', url_expires_at: 3_600_000, received_bytes: 0, chunks_received: 0, content_type: null },
  pull: null, photo: null, file: 'p', received_at: null, processing_ends_at: null, verdict: null, failure: null, sha256: null, posted_at: null, post_ids: [],
};

describe('derivePublishState', () => {
  it('a file upload is PROCESSING_UPLOAD until processing ends, then in the inbox, then complete once posted', () => {
    expect(derivePublishState(base, 1000).status).toBe('PROCESSING_UPLOAD');
    const received = { ...base, received_at: 5000, processing_ends_at: 6000, verdict: { ok: true } };
    expect(derivePublishState(received, 5999).status).toBe('PROCESSING_UPLOAD');
    expect(derivePublishState(received, 6000)).toEqual({ status: 'SEND_TO_USER_INBOX', fail_reason: '', detail: '' });
    expect(derivePublishState({ ...received, posted_at: 7000, post_ids: [1] }, 7000).status).toBe('PUBLISH_COMPLETE');
  });

  it('a failed check shows only when processing ends', () => {
    const bad = { ...base, received_at: 0, processing_ends_at: 500, verdict: { ok: false, fail_reason: 'file_format_check_failed' as const, detail: 'x' } };
    expect(derivePublishState(bad, 499).status).toBe('PROCESSING_UPLOAD');
    expect(derivePublishState(bad, 500)).toEqual({ status: 'FAILED', fail_reason: 'file_format_check_failed', detail: 'x' });
  });

  it('an upload not finished within the URL’s hour fails', () => {
    expect(derivePublishState(base, 3_599_999).status).toBe('PROCESSING_UPLOAD');
    expect(derivePublishState(base, 3_600_000)).toMatchObject({ status: 'FAILED', fail_reason: 'internal' });
  });

  it('pulls are PROCESSING_DOWNLOAD; a failed download fails at once', () => {
    const pull: PublishRecord = { ...base, kind: 'video_url', upload: null, pull: { urls: ['u'], downloaded_bytes: 0 } };
    expect(derivePublishState(pull, 10 ** 12).status).toBe('PROCESSING_DOWNLOAD');
    expect(derivePublishState({ ...pull, failure: { fail_reason: 'video_pull_failed', detail: 'd', at: 1 } }, 2)).toEqual({ status: 'FAILED', fail_reason: 'video_pull_failed', detail: 'd' });
  });

  it('processing takes seconds_per_gb per GiB, at least half a second', () => {
    expect(processingMs(1024 ** 3, 2)).toBe(2000);
    expect(processingMs(10, 2)).toBe(500);
    expect(processingMs(4 * 1024 ** 3, 60)).toBe(240_000);
  });
});
