/**
 * From the probe and the app's verdict (common/video-rules.ts) to what FFmpeg is asked to do: a
 * remux into the container the verdict names, or a transcode within the rules' bounds. A video
 * judged ok or refused has no fix. The sizes are as displayed (FFmpeg turns a rotated video upright
 * while decoding), so a portrait phone video keeps its long side vertical.
 */
import { VIDEO_RULES, type VideoProbe, type VideoVerdict } from '../../../common/video-rules.js';
import type { FixPlan } from './fix-args.js';

export function fixPlan(probe: VideoProbe, verdict: VideoVerdict): FixPlan | null {
  if (verdict.kind !== 'remux' && verdict.kind !== 'transcode') return null;
  const turned = probe.rotation === 90 || probe.rotation === 270;
  return {
    action: verdict.kind,
    into: verdict.kind === 'remux' ? verdict.into : 'mp4',
    durationMs: probe.duration_ms,
    width: turned ? probe.height : probe.width,
    height: turned ? probe.width : probe.height,
    fps: probe.fps,
    videoCodec: probe.video_codec,
    audioCodec: probe.audio_codec,
    limits: { maxLongSide: VIDEO_RULES.max_side_px, maxShortSide: VIDEO_RULES.max_side_px, maxFps: VIDEO_RULES.max_fps },
  };
}
