/**
 * A video's facts and the app's verdict on them as the window sees them (common/video-rules.ts
 * VideoProbe and VideoVerdict, checked by zod at the boundary): read from the container's headers
 * when the video is added, shown on its row, and the rule a video breaks as a code and its numbers,
 * which the window words (docs/PLATFORM.md "Video rules").
 */
import { z } from 'zod';

export const VideoProbeView = z.object({
  container: z.enum(['mp4', 'mov', 'webm', 'mkv']),
  duration_ms: z.number().nonnegative(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  fps: z.number().nonnegative().nullable(),
  video_codec: z.string().max(64),
  video_profile: z.string().max(64).nullable(),
  bit_depth: z.number().int().positive().nullable(),
  audio_codec: z.string().max(64).nullable(),
  size_bytes: z.number().int().nonnegative(),
});
export type VideoProbeView = z.infer<typeof VideoProbeView>;

export const VIDEO_RULE_CODES = ['container', 'video_codec', 'bit_depth', 'duration_short', 'duration_long', 'resolution', 'fps', 'size', 'unreadable'] as const;
const BrokenVideoRule = z.object({
  rule: z.enum(VIDEO_RULE_CODES),
  actual: z.union([z.number(), z.string().max(64)]),
  limit: z.union([z.number(), z.string().max(64), z.array(z.string().max(64)).max(20).readonly()]),
});
export const VideoVerdictView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ok') }),
  z.object({ kind: z.literal('remux'), into: z.enum(['mp4', 'webm']), broken: z.array(BrokenVideoRule) }),
  z.object({ kind: z.literal('transcode'), broken: z.array(BrokenVideoRule) }),
  z.object({ kind: z.literal('refused'), broken: z.array(BrokenVideoRule) }),
]);
export type VideoVerdictView = z.infer<typeof VideoVerdictView>;

/** What the headers said (null when they could not be read) and the verdict. */
export const VideoCheckView = z.object({ probe: VideoProbeView.nullable(), verdict: VideoVerdictView });
export type VideoCheckView = z.infer<typeof VideoCheckView>;
