/**
 * FFmpeg's arguments for a fix, decided from what the probe found (pure, so a test and the
 * benchmark's command line use exactly what the app runs):
 *
 * - remux: the streams copied into MP4 untouched (`-c copy`), the index moved to the front
 *   (`+faststart`) so the platform can start processing before reading to the end. H.265 is
 *   tagged hvc1, the tag players and the platform's pipeline expect in MP4. Audio MP4 cannot carry
 *   as it is (PCM from a camera's MOV, Vorbis from an MKV) becomes AAC.
 * - transcode: H.264 High, 8-bit 4:2:0, scaled down to fit the largest size allowed and slowed to
 *   the highest frame rate allowed where it is over, at a bitrate for the output's size (the
 *   ladder below, the usual figures for uploads of each size); audio becomes AAC.
 */

export type FixAction = 'remux' | 'transcode';
/** What a fix writes: MP4, or WebM for VP8/VP9 remuxed out of an MKV (a transcode is always MP4). */
export type FixContainer = 'mp4' | 'webm';

export interface FixPlan {
  action: FixAction;
  into: FixContainer;
  /** The input's length, for progress and the output's size estimate. */
  durationMs: number;
  /** As displayed (rotation applied): FFmpeg rotates while decoding, so the output is upright. */
  width: number;
  height: number;
  fps: number | null;
  videoCodec: string;
  /** null when the video has no audio. */
  audioCodec: string | null;
  /** The largest long and short sides and frame rate the platform takes (docs/PLATFORM.md). */
  limits: { maxLongSide: number; maxShortSide: number; maxFps: number };
}

/** An H.264 encoder and the arguments it needs around the common ones. */
export interface VideoEncoder {
  name: string;
  /** Before `-i` (a hardware device). */
  inputArgs: readonly string[];
  /** Filters appended after scaling (an upload to the GPU's memory). */
  filterTail: readonly string[];
  /** After `-c:v <name>`: the encoder's own settings. */
  codecArgs: readonly string[];
}

/** Audio each container carries as it is; any other is encoded (AAC into MP4, Opus into WebM). */
const KEEPS_AUDIO: Record<FixContainer, ReadonlySet<string>> = { mp4: new Set(['aac', 'mp3']), webm: new Set(['opus', 'vorbis']) };
const AUDIO_BITRATE = '192k';

/** Video bitrate by the output's short side (bits per second). */
const LADDER: readonly [shortSide: number, bps: number][] = [
  [480, 2_500_000],
  [720, 5_000_000],
  [1080, 8_000_000],
  [1440, 16_000_000],
  [Number.POSITIVE_INFINITY, 35_000_000],
];

export function videoBitrate(width: number, height: number): number {
  const short = Math.min(width, height);
  return LADDER.find(([side]) => short <= side)![1];
}

/** The output's size: the input's, scaled down (aspect kept, even sides) to fit the limits. */
export function outputSize(plan: Pick<FixPlan, 'width' | 'height' | 'limits'>): { width: number; height: number } {
  const { width, height, limits } = plan;
  const landscape = width >= height;
  const [maxW, maxH] = landscape ? [limits.maxLongSide, limits.maxShortSide] : [limits.maxShortSide, limits.maxLongSide];
  const scale = Math.min(1, maxW / width, maxH / height);
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  return { width: even(width), height: even(height) };
}

/** The output's frame rate: the input's, or the limit where it is over. */
export function outputFps(plan: Pick<FixPlan, 'fps' | 'limits'>): number | null {
  return plan.fps !== null && plan.fps > plan.limits.maxFps ? plan.limits.maxFps : null;
}

function audioArgs(plan: FixPlan): string[] {
  if (plan.audioCodec === null) return ['-an'];
  if (plan.action === 'remux' && KEEPS_AUDIO[plan.into].has(plan.audioCodec)) return ['-c:a', 'copy'];
  return plan.into === 'webm' ? ['-c:a', 'libopus', '-b:a', AUDIO_BITRATE] : ['-c:a', 'aac', '-b:a', AUDIO_BITRATE];
}

/**
 * How a path reaches FFmpeg: with `file:` in front, so no part of a file's name can be read as a
 * protocol (`concat:a|b`, `http:`, `subfile,,…:`) or, for a name `-`, as stdin; and the input may
 * open files only, so nothing inside a container (a reference, a playlist) makes FFmpeg fetch a URL.
 * The paths the app passes are absolute today; this holds if one ever is not.
 */
const fileUrl = (path: string) => `file:${path}`;
const input = (path: string) => ['-protocol_whitelist', 'file', '-i', fileUrl(path)];

/** The first video stream and the first audio stream if any: subtitles and data tracks MP4 may not take stay behind. */
const MAPS = ['-map', '0:v:0', '-map', '0:a:0?'];

export function remuxArgs(from: string, to: string, plan: FixPlan): string[] {
  if (plan.into === 'webm') return [...input(from), ...MAPS, '-c:v', 'copy', ...audioArgs(plan), '-f', 'webm', fileUrl(to)];
  const tag = plan.videoCodec === 'hevc' ? ['-tag:v', 'hvc1'] : [];
  return [...input(from), ...MAPS, '-c:v', 'copy', ...tag, ...audioArgs(plan), '-movflags', '+faststart', '-f', 'mp4', fileUrl(to)];
}

export function transcodeArgs(from: string, to: string, plan: FixPlan, encoder: VideoEncoder): string[] {
  plan = { ...plan, into: 'mp4' };
  const size = outputSize(plan);
  const fps = outputFps(plan);
  const bitrate = videoBitrate(size.width, size.height);
  const filters = [
    ...(size.width !== plan.width || size.height !== plan.height ? [`scale=${size.width}:${size.height}`] : []),
    ...(fps !== null ? [`fps=${fps}`] : []),
    'format=yuv420p',
    ...encoder.filterTail,
  ];
  return [
    ...encoder.inputArgs,
    ...input(from), ...MAPS,
    '-vf', filters.join(','),
    '-c:v', encoder.name, ...encoder.codecArgs,
    '-b:v', String(bitrate), '-maxrate', String(Math.round(bitrate * 1.5)), '-bufsize', String(bitrate * 2),
    ...audioArgs(plan),
    '-movflags', '+faststart', '-f', 'mp4', fileUrl(to),
  ];
}

/** Bytes the output may take, for the free-space check: the input's size for a remux, the bitrates' worth (and a fifth more) for a transcode. */
export function expectedOutputBytes(plan: FixPlan, inputBytes: number): number {
  if (plan.action === 'remux') return Math.ceil(inputBytes * 1.05);
  const size = outputSize(plan);
  const bps = videoBitrate(size.width, size.height) * 1.5 + 192_000;
  return Math.ceil(((bps / 8) * plan.durationMs) / 1000 * 1.2);
}
