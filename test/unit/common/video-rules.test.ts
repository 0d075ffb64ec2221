/** The app's verdict on a probe: what is sent, remuxed, transcoded or refused, and the rules named. */
import { describe, expect, it } from 'vitest';
import { judgeProbeFailure, judgeVideo, type VideoProbe } from '../../../common/video-rules.js';

const phone: VideoProbe = {
  container: 'mp4', duration_ms: 30_000, width: 1920, height: 1080, rotation: 90, fps: 30,
  video_codec: 'h264', video_profile: 'High', bit_depth: 8, audio_codec: 'aac', size_bytes: 60_000_000,
};

describe('judgeVideo', () => {
  it('sends a phone video as it is', () => {
    expect(judgeVideo(phone)).toEqual({ kind: 'ok' });
    expect(judgeVideo({ ...phone, container: 'webm', video_codec: 'vp9', fps: null, bit_depth: null })).toEqual({ kind: 'ok' });
  });

  it('refuses a 12-minute video (the app does not cut), naming every rule it breaks', () => {
    expect(judgeVideo({ ...phone, duration_ms: 12 * 60_000, fps: 120 })).toEqual({
      kind: 'refused',
      broken: [{ rule: 'duration_long', actual: 720_000, limit: 600_000 }, { rule: 'fps', actual: 120, limit: 60 }],
    });
    expect(judgeVideo({ ...phone, duration_ms: 400 })).toMatchObject({ kind: 'refused', broken: [{ rule: 'duration_short', limit: 1000 }] });
  });

  it('remuxes an MKV into the container its codec goes in', () => {
    expect(judgeVideo({ ...phone, container: 'mkv' })).toEqual({ kind: 'remux', into: 'mp4', broken: [{ rule: 'container', actual: 'mkv', limit: ['mp4', 'mov', 'webm'] }] });
    expect(judgeVideo({ ...phone, container: 'mkv', video_codec: 'vp9' })).toMatchObject({ kind: 'remux', into: 'webm' });
  });

  it('transcodes what a new container does not fix', () => {
    expect(judgeVideo({ ...phone, width: 7680, height: 4320 })).toEqual({ kind: 'transcode', broken: [{ rule: 'resolution', actual: 7680, limit: 4096 }] });
    expect(judgeVideo({ ...phone, video_codec: 'prores', size_bytes: 3 * 1024 ** 3 })).toMatchObject({ kind: 'transcode', broken: [{ rule: 'video_codec', actual: 'prores' }] });
    expect(judgeVideo({ ...phone, size_bytes: 5 * 1024 ** 3 })).toMatchObject({ kind: 'transcode', broken: [{ rule: 'size', limit: 4 * 1024 ** 3 }] });
    // An MKV with ProRes needs more than a remux.
    expect(judgeVideo({ ...phone, container: 'mkv', video_codec: 'prores' }).kind).toBe('transcode');
    // The bounds themselves pass: 4096 px, 60 fps, 10 minutes, 4 GB.
    expect(judgeVideo({ ...phone, width: 4096, fps: 60, duration_ms: 600_000, size_bytes: 4 * 1024 ** 3 })).toEqual({ kind: 'ok' });
  });

  it('refuses a file the probe cannot read', () => {
    expect(judgeProbeFailure({ code: 'not_a_container' })).toEqual({ kind: 'refused', broken: [{ rule: 'unreadable', actual: 'not_a_container', limit: ['mp4', 'mov', 'webm'] }] });
  });
});
