import { describe, expect, it } from 'vitest';
import { judgeVideo, type VideoProbe } from '../../../../../common/video-rules.js';
import { fixPlan } from '../../../../../electron/services/video-fix/fix-plan.js';
import { outputSize } from '../../../../../electron/services/video-fix/fix-args.js';

const probe = (over: Partial<VideoProbe> = {}): VideoProbe => ({ container: 'mp4', duration_ms: 30_000, width: 1920, height: 1080, rotation: 0, fps: 30, video_codec: 'h264', video_profile: 'High', bit_depth: 8, audio_codec: 'aac', size_bytes: 50e6, ...over });
const planOf = (p: VideoProbe) => fixPlan(p, judgeVideo(p));

describe('fixPlan', () => {
  it('has nothing to do for a video the platform takes, or one it would refuse whatever the app did', () => {
    expect(planOf(probe())).toBeNull();
    expect(planOf(probe({ duration_ms: 12 * 60_000, container: 'mkv' }))).toBeNull();
  });

  it('remuxes H.264 and HEVC out of MKV into MP4, VP9 into WebM', () => {
    expect(planOf(probe({ container: 'mkv' }))).toMatchObject({ action: 'remux', into: 'mp4', videoCodec: 'h264', audioCodec: 'aac' });
    expect(planOf(probe({ container: 'mkv', video_codec: 'hevc' }))).toMatchObject({ action: 'remux', into: 'mp4' });
    expect(planOf(probe({ container: 'mkv', video_codec: 'vp9', audio_codec: 'opus' }))).toMatchObject({ action: 'remux', into: 'webm' });
  });

  it('transcodes ProRes, 10-bit HEVC, over-size and over-fast video into MP4 within the rules', () => {
    expect(planOf(probe({ container: 'mov', video_codec: 'prores', bit_depth: 10 }))).toMatchObject({ action: 'transcode', into: 'mp4', durationMs: 30_000 });
    expect(planOf(probe({ video_codec: 'hevc', bit_depth: 10 }))).toMatchObject({ action: 'transcode' });
    expect(planOf(probe({ fps: 120 }))).toMatchObject({ action: 'transcode', fps: 120, limits: { maxFps: 60 } });
    const eightK = planOf(probe({ width: 7680, height: 4320 }))!;
    expect(outputSize(eightK)).toEqual({ width: 4096, height: 2304 });
  });

  it('works in displayed sizes: a rotated portrait video stays portrait', () => {
    const plan = planOf(probe({ width: 7680, height: 4320, rotation: 90 }))!;
    expect(plan).toMatchObject({ width: 4320, height: 7680 });
    expect(outputSize(plan)).toEqual({ width: 2304, height: 4096 });
  });
});
