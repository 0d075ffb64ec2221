/**
 * The video rules the app and the sandbox follow (docs/PLATFORM.md "Video rules": where each
 * number comes from), as plain data, the probe's result type and the app's verdict. Pure: no Node,
 * no DOM, so the main process, the renderer (which words a verdict) and the sandbox import it.
 *
 * Interface for the FFmpeg work (issue 29, points 3–5):
 *
 * - `VideoProbe` is what `probeVideo` (common/video-probe/) reads from a file's container headers
 *   without decoding: container, duration, coded size, rotation, frame rate, the first video
 *   track's codec (ffprobe's `codec_name`: h264, hevc, vp8, vp9, av1, prores, dnxhd, mpeg4, …),
 *   profile (ffprobe's words: "High", "Main 10", …, or null), bit depth, the first audio track's
 *   codec (or null) and the file's size. The main process probes every video added
 *   (electron/services/uploads/video-probe-file.ts); a file it cannot read is a `VideoProbeFailure`.
 * - `judgeVideo(probe)` is the app's verdict: `ok` (send as it is), `remux` (only the container
 *   is wrong: copy the streams into `into`, no re-encoding), `transcode` (re-encode to H.264 8-bit
 *   within the bounds; `broken` says why: codec, bit depth, resolution, frame rate, size) or
 *   `refused` (nothing the app does fixes it: too long, too short, unreadable; never sent).
 *   `broken` lists every rule broken, each as a code and its numbers, never a sentence: the window
 *   words them (renderer), in the person's language once i18n is in.
 * - A fixed file must judge `ok` when probed again; the FFmpeg side's targets are the limits in
 *   `VIDEO_RULES` (e.g. scale the long side to ≤ max_side_px, cap fps at max_fps).
 *
 * The sandbox reads the same table (the numbers are one convention, written once) but keeps its own
 * check of a probe against it (sandbox/media/video-check.ts), so its refusals stay an independent
 * test of this verdict (docs/ARCHITECTURE.md "Layers").
 */

export type VideoContainer = 'mp4' | 'mov' | 'webm' | 'mkv';

/** What the container headers say about a video. Sizes are the coded picture before rotation. */
export interface VideoProbe {
  container: VideoContainer;
  duration_ms: number;
  width: number;
  height: number;
  /** Clockwise degrees a player turns the picture (a phone's portrait MP4: 90). */
  rotation: 0 | 90 | 180 | 270;
  /** Frames per second (the track's average), or null when the headers do not tell (some WebM). */
  fps: number | null;
  video_codec: string;
  video_profile: string | null;
  /** Luma bit depth; null when the headers do not tell (VP8 is always 8). */
  bit_depth: number | null;
  audio_codec: string | null;
  size_bytes: number;
}

/** Why a file is no video the probe can read. */
export type VideoProbeFailure =
  | { code: 'not_a_container' }
  | { code: 'no_video_track'; container: VideoContainer }
  | { code: 'unreadable'; container: VideoContainer | null; where: string };

export const VIDEO_RULES = {
  containers: ['mp4', 'mov', 'webm'] as readonly VideoContainer[],
  video_codecs: ['h264', 'hevc', 'vp8', 'vp9'] as readonly string[],
  bit_depth: 8,
  min_duration_ms: 1_000,
  max_duration_ms: 10 * 60_000,
  max_side_px: 4096,
  max_fps: 60,
  max_size_bytes: 4 * 1024 ** 3,
} as const;

/** Codecs a remux keeps as they are, and the container they go into. */
export const REMUX_INTO: Readonly<Record<string, 'mp4' | 'webm'>> = { h264: 'mp4', hevc: 'mp4', vp8: 'webm', vp9: 'webm' };

export type VideoRuleCode =
  | 'container'
  | 'video_codec'
  | 'bit_depth'
  | 'duration_short'
  | 'duration_long'
  | 'resolution'
  | 'fps'
  | 'size'
  | 'unreadable';

/** One broken rule: its code, what the file has and the limit (numbers in the rule's unit). */
export interface BrokenVideoRule {
  rule: VideoRuleCode;
  actual: number | string;
  limit: number | string | readonly string[];
}

export type VideoVerdict =
  | { kind: 'ok' }
  | { kind: 'remux'; into: 'mp4' | 'webm'; broken: BrokenVideoRule[] }
  | { kind: 'transcode'; broken: BrokenVideoRule[] }
  | { kind: 'refused'; broken: BrokenVideoRule[] };

/** Rules nothing but cutting would fix; the app does not cut. */
const REFUSING: ReadonlySet<VideoRuleCode> = new Set(['duration_short', 'duration_long', 'unreadable']);

/**
 * Every rule the probe breaks, in the order of VIDEO_RULES. Only upper bounds on resolution and
 * frame rate: a small clip or a 15 fps screen capture plays, and meeting a lower bound would mean
 * inventing pixels or frames (docs/PLATFORM.md "Video rules").
 */
export function brokenVideoRules(probe: VideoProbe): BrokenVideoRule[] {
  const r = VIDEO_RULES;
  const broken: BrokenVideoRule[] = [];
  if (!r.containers.includes(probe.container)) broken.push({ rule: 'container', actual: probe.container, limit: r.containers });
  if (!r.video_codecs.includes(probe.video_codec)) broken.push({ rule: 'video_codec', actual: probe.video_codec, limit: r.video_codecs });
  if (probe.bit_depth !== null && probe.bit_depth > r.bit_depth) broken.push({ rule: 'bit_depth', actual: probe.bit_depth, limit: r.bit_depth });
  if (probe.duration_ms < r.min_duration_ms) broken.push({ rule: 'duration_short', actual: probe.duration_ms, limit: r.min_duration_ms });
  if (probe.duration_ms > r.max_duration_ms) broken.push({ rule: 'duration_long', actual: probe.duration_ms, limit: r.max_duration_ms });
  const long = Math.max(probe.width, probe.height);
  if (long > r.max_side_px) broken.push({ rule: 'resolution', actual: long, limit: r.max_side_px });
  if (probe.fps !== null && probe.fps > r.max_fps) broken.push({ rule: 'fps', actual: probe.fps, limit: r.max_fps });
  if (probe.size_bytes > r.max_size_bytes) broken.push({ rule: 'size', actual: probe.size_bytes, limit: r.max_size_bytes });
  return broken;
}

/** The app's verdict on a probed video: send, remux, transcode or refuse (see the top of this file). */
export function judgeVideo(probe: VideoProbe): VideoVerdict {
  const broken = brokenVideoRules(probe);
  if (broken.length === 0) return { kind: 'ok' };
  if (broken.some((b) => REFUSING.has(b.rule))) return { kind: 'refused', broken };
  const into = REMUX_INTO[probe.video_codec];
  if (into && broken.every((b) => b.rule === 'container')) return { kind: 'remux', into, broken };
  return { kind: 'transcode', broken };
}

/** A file the probe cannot read is refused: the platform could not read it either. */
export function judgeProbeFailure(failure: VideoProbeFailure): VideoVerdict {
  return { kind: 'refused', broken: [{ rule: 'unreadable', actual: failure.code, limit: VIDEO_RULES.containers }] };
}
