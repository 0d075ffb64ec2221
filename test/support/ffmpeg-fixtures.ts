/**
 * Videos made for tests by the FFmpeg the app ships (node_modules/@ffmpeg-installer/<os>-<arch>):
 * FFmpeg's test pattern and a tone, small by default (2 s, 320×240), in the container and codecs a
 * test needs. `streams` reads a file back the same way (`ffmpeg -i` prints what it found).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegBinaryPath } from '../../electron/services/video-fix/ffmpeg-binary.js';

const run = promisify(execFile);

export const FFMPEG = ffmpegBinaryPath(process.cwd());

export interface ClipSpec {
  /** Codec arguments, e.g. ['-c:v', 'libx264'] or ['-c:v', 'prores_ks', '-profile:v', '3']. */
  video: readonly string[];
  /** Audio codec arguments; none for a silent clip. */
  audio?: readonly string[];
  seconds?: number;
  width?: number;
  height?: number;
  fps?: number;
}

export const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'] as const;
export const PRORES = ['-c:v', 'prores_ks', '-profile:v', '3'] as const;
export const HEVC_10BIT = ['-c:v', 'libx265', '-pix_fmt', 'yuv420p10le', '-x265-params', 'log-level=error'] as const;
export const AAC = ['-c:a', 'aac'] as const;
export const PCM = ['-c:a', 'pcm_s16le'] as const;

/** Makes `name` in `dir` (its extension picks the container) and answers its path. */
export async function makeClip(dir: string, name: string, spec: ClipSpec): Promise<string> {
  const { seconds = 2, width = 320, height = 240, fps = 30 } = spec;
  const path = join(dir, name);
  const audioIn = spec.audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : [];
  await run(FFMPEG, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    ...audioIn, ...spec.video, ...(spec.audio ?? []), path,
  ]);
  return path;
}

export interface StreamInfo {
  container: string;
  video: string;
  audio: string | null;
}

/** What `ffmpeg -i` says of a file: its container and the first video and audio streams' lines. */
export async function streams(path: string): Promise<StreamInfo> {
  // With no output FFmpeg exits 1 after describing the input; the description is what we want.
  const stderr = await run(FFMPEG, ['-hide_banner', '-i', path]).then(
    (r) => r.stderr,
    (error: { stderr?: string }) => error.stderr ?? '',
  );
  const container = /Input #0, ([^,]+(?:,[^,]+)*?), from/.exec(stderr)?.[1] ?? '';
  const video = /Stream #0:\d+.*?: Video: (.*)/.exec(stderr)?.[1] ?? '';
  const audio = /Stream #0:\d+.*?: Audio: (.*)/.exec(stderr)?.[1] ?? null;
  return { container, video, audio };
}
