import { describe, expect, it } from 'vitest';
import { checkVideoFile } from '../../../../../renderer/src/media/video-file-rules.js';

describe('which dropped files become drafts', () => {
  it('takes an MKV, which the app remuxes before sending, whatever type the browser gives it', () => {
    expect(checkVideoFile({ name: 'clip.mkv', type: 'video/x-matroska', size: 10 })).toEqual({ ok: true, mimeType: 'video/webm' });
    expect(checkVideoFile({ name: 'clip.MKV', type: '', size: 10 })).toEqual({ ok: true, mimeType: 'video/webm' });
  });

  it('still refuses what is no video the app can send or fix', () => {
    // As a code the window words, with the extension a creator knows rather than the browser's MIME type.
    expect(checkVideoFile({ name: 'clip.avi', type: 'video/x-msvideo', size: 10 })).toEqual({ ok: false, problem: { code: 'not_video', extension: '.avi' } });
    expect(checkVideoFile({ name: 'notes.mkv.txt', type: 'text/plain', size: 10 })).toEqual({ ok: false, problem: { code: 'not_video', extension: '.txt' } });
    expect(checkVideoFile({ name: 'empty.mp4', type: 'video/mp4', size: 0 })).toEqual({ ok: false, problem: { code: 'empty' } });
    expect(checkVideoFile({ name: 'huge.webm', type: 'video/webm', size: 4 * 1024 ** 3 + 1 })).toEqual({ ok: false, problem: { code: 'too_large', limitBytes: 4 * 1024 ** 3 } });
  });
});
