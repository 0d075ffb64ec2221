import { describe, expect, it } from 'vitest';
import { checkVideoFile } from '../../../../../renderer/src/media/video-file-rules.js';

describe('which dropped files become drafts', () => {
  it('takes an MKV, which the app remuxes before sending, whatever type the browser gives it', () => {
    expect(checkVideoFile({ name: 'clip.mkv', type: 'video/x-matroska', size: 10 })).toEqual({ ok: true, mimeType: 'video/webm' });
    expect(checkVideoFile({ name: 'clip.MKV', type: '', size: 10 })).toEqual({ ok: true, mimeType: 'video/webm' });
  });

  it('still refuses what is no video the app can send or fix', () => {
    expect(checkVideoFile({ name: 'clip.avi', type: 'video/x-msvideo', size: 10 })).toMatchObject({ ok: false });
    expect(checkVideoFile({ name: 'notes.mkv.txt', type: 'text/plain', size: 10 })).toMatchObject({ ok: false });
  });
});
