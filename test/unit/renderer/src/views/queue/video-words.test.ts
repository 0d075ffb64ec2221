/** A video's facts and verdict in the window's words, from the codes and numbers the main process sends. */
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { en } from '../../../../../../renderer/src/i18n/messages/en';
import { factsWords, verdictWords } from '../../../../../../renderer/src/views/queue/video-words';
import { judgeProbeFailure, judgeVideo, type VideoProbe } from '../../../../../../common/video-rules';

const intl = createIntl({ locale: 'en', messages: en });
const phone: VideoProbe = {
  container: 'mp4', duration_ms: 30_000, width: 1920, height: 1080, rotation: 90, fps: 29.97,
  video_codec: 'h264', video_profile: 'High', bit_depth: 8, audio_codec: 'aac', size_bytes: 60_000_000,
};

describe('video words', () => {
  it('says the picture as displayed, the frame rate and the codec', () => {
    expect(factsWords(intl, phone)).toBe('1080×1920 · 29.97 fps · H.264');
    expect(factsWords(intl, { ...phone, rotation: 0, video_codec: 'hevc', bit_depth: 10, fps: null })).toBe('1920×1080 · H.265 10-bit');
  });

  it('says which rule a video breaks and what happens to it', () => {
    expect(verdictWords(intl, judgeVideo(phone))).toBeNull();
    expect(verdictWords(intl, judgeVideo({ ...phone, duration_ms: 12 * 60_000 }))).toBe('Not sent: it lasts 12:00; the longest video the platform takes lasts 10:00. Draftdeck does not cut videos.');
    expect(verdictWords(intl, judgeVideo({ ...phone, container: 'mkv' }))).toBe('Needs a new container: MKV is not a container the platform takes (MP4, MOV or WebM). It goes into MP4 as it is, with no re-encoding.');
    expect(verdictWords(intl, judgeVideo({ ...phone, video_codec: 'prores', bit_depth: 10, fps: 120 }))).toBe(
      'The platform would refuse it as it is: the platform does not take ProRes video (H.264, H.265, VP8 or VP9), it is 10-bit; the platform takes 8-bit video, and it plays 120 frames a second; the platform takes at most 60. It needs converting to H.264.',
    );
    expect(verdictWords(intl, judgeProbeFailure({ code: 'not_a_container' }))).toBe('Not sent: its headers cannot be read as an MP4, MOV, WebM or MKV video.');
  });
});
