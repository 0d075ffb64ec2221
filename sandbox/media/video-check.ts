/**
 * The platform's processing check of a received video (docs/PLATFORM.md "Video rules"): the
 * container's headers are probed (common/video-probe: the container and its first video track, a
 * few small reads, nothing decoded) and held against the rule table. Anything broken fails the
 * publish with file_format_check_failed and a detail naming the rule and the numbers. The table is
 * shared with the app as data; this check of a probe against it is the sandbox's own, written
 * apart from the app's judgeVideo, so the sandbox stays an independent test of the app's verdict.
 */
import { open } from 'node:fs/promises';
import { handleReader, probeVideo } from '../../common/video-probe/index.js';
import { VIDEO_RULES, type VideoProbe, type VideoProbeFailure } from '../../common/video-rules.js';

export type VideoCheck = { ok: true; probe: VideoProbe } | { ok: false; fail_reason: 'file_format_check_failed'; detail: string };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;

function unreadable(failure: VideoProbeFailure): string {
  if (failure.code === 'not_a_container') return 'the file is not an MP4, MOV or WebM container';
  if (failure.code === 'no_video_track') return `the ${failure.container.toUpperCase()} file has no video track`;
  return `the container's headers cannot be read (${failure.where})`;
}

/** The first rule the probe breaks, worded for the status's detail, or null. */
export function brokenRule(probe: VideoProbe): string | null {
  const r = VIDEO_RULES;
  if (!r.containers.includes(probe.container)) return `the container is ${probe.container.toUpperCase()}; only MP4, MOV and WebM are accepted`;
  if (!r.video_codecs.includes(probe.video_codec)) return `the video codec is ${probe.video_codec}; only H.264, H.265, VP8 and VP9 are accepted`;
  if ((probe.bit_depth ?? 8) > r.bit_depth) return `the video is ${probe.bit_depth}-bit; only 8-bit video is accepted`;
  if (probe.duration_ms > r.max_duration_ms) return `the video lasts ${seconds(probe.duration_ms)}; the longest accepted is ${seconds(r.max_duration_ms)}`;
  if (probe.duration_ms < r.min_duration_ms) return `the video lasts ${seconds(probe.duration_ms)}; the shortest accepted is ${seconds(r.min_duration_ms)}`;
  if (probe.width > r.max_side_px || probe.height > r.max_side_px) return `the picture is ${probe.width}x${probe.height}; each side may be at most ${r.max_side_px} px`;
  if (probe.fps !== null && probe.fps > r.max_fps) return `the frame rate is ${probe.fps} fps; at most ${r.max_fps} fps is accepted`;
  if (probe.size_bytes > r.max_size_bytes) return `the file is ${gib(probe.size_bytes)}; at most ${gib(r.max_size_bytes)} is accepted`;
  return null;
}

export async function checkVideoFile(path: string): Promise<VideoCheck> {
  const handle = await open(path, 'r');
  try {
    const result = await probeVideo(handleReader(handle, (await handle.stat()).size));
    if (!result.ok) return { ok: false, fail_reason: 'file_format_check_failed', detail: unreadable(result.error) };
    const broken = brokenRule(result.value);
    return broken === null ? { ok: true, probe: result.value } : { ok: false, fail_reason: 'file_format_check_failed', detail: broken };
  } finally {
    await handle.close();
  }
}
