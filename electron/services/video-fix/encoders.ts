/**
 * Which H.264 encoder a transcode uses. The OS's hardware encoder where FFmpeg was built with one
 * (asked once, `ffmpeg -encoders`): VideoToolbox on macOS; NVENC, Quick Sync or AMF on Windows,
 * whichever the machine's GPU answers; VA-API on Linux where a render node exists. Being built in
 * is not the GPU being there: a hardware encoder that fails is dropped for the rest of the run and
 * the transcode starts again on libx264 (software), which every build here has.
 */
import { existsSync } from 'node:fs';
import type { VideoEncoder } from './fix-args.js';

export const SOFTWARE: VideoEncoder = {
  name: 'libx264',
  inputArgs: [],
  filterTail: [],
  // veryfast: close to faster presets' quality at this bitrate, several times the speed of medium on a laptop.
  codecArgs: ['-preset', 'veryfast', '-profile:v', 'high'],
};

const VAAPI_DEVICE = '/dev/dri/renderD128';

/** The hardware encoders worth trying on an OS, best first. */
export function hardwareCandidates(platform: string): VideoEncoder[] {
  switch (platform) {
    case 'darwin':
      return [{ name: 'h264_videotoolbox', inputArgs: [], filterTail: [], codecArgs: ['-profile:v', 'high'] }];
    case 'win32':
      return [
        { name: 'h264_nvenc', inputArgs: [], filterTail: [], codecArgs: ['-profile:v', 'high'] },
        { name: 'h264_qsv', inputArgs: [], filterTail: [], codecArgs: ['-profile:v', 'high'] },
        { name: 'h264_amf', inputArgs: [], filterTail: [], codecArgs: [] },
      ];
    case 'linux':
      return [{ name: 'h264_vaapi', inputArgs: ['-vaapi_device', VAAPI_DEVICE], filterTail: ['format=nv12', 'hwupload'], codecArgs: [] }];
    default:
      return [];
  }
}

/** The names in `ffmpeg -encoders` output (lines like " V..... libx264   libx264 H.264 …"). */
export function encoderNames(listing: string): Set<string> {
  const names = new Set<string>();
  for (const line of listing.split('\n')) {
    const match = /^\s*[VAS][A-Z.]{5}\s+(\S+)/.exec(line);
    if (match) names.add(match[1]!);
  }
  return names;
}

/** The encoders to try, in order: the OS's hardware ones this build has (and, for VA-API, a device for), then libx264. */
export function encoderChoices(platform: string, available: ReadonlySet<string>, deviceExists: (path: string) => boolean = existsSync): VideoEncoder[] {
  const hardware = hardwareCandidates(platform).filter((encoder) => available.has(encoder.name) && (encoder.name !== 'h264_vaapi' || deviceExists(VAAPI_DEVICE)));
  return [...hardware, SOFTWARE];
}
