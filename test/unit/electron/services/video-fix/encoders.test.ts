import { describe, expect, it } from 'vitest';
import { encoderChoices, encoderNames } from '../../../../../electron/services/video-fix/encoders.js';

describe('encoders', () => {
  const listing = ' V..... = Video\n ------\n V..... libx264              libx264 H.264\n V..... h264_vaapi           H.264/AVC (VAAPI)\n V..... h264_nvenc  NVIDIA\n A..... aac                  AAC\n';

  it('reads the names in `ffmpeg -encoders`', () => {
    expect(encoderNames(listing)).toEqual(new Set(['=', 'libx264', 'h264_vaapi', 'h264_nvenc', 'aac']));
  });

  it("tries the OS's hardware encoder the build has, then libx264", () => {
    const names = encoderNames(listing);
    expect(encoderChoices('linux', names, () => true).map((e) => e.name)).toEqual(['h264_vaapi', 'libx264']);
    expect(encoderChoices('linux', names, () => false).map((e) => e.name)).toEqual(['libx264']);
    expect(encoderChoices('win32', names).map((e) => e.name)).toEqual(['h264_nvenc', 'libx264']);
    expect(encoderChoices('darwin', names).map((e) => e.name)).toEqual(['libx264']);
    expect(encoderChoices('darwin', new Set(['h264_videotoolbox'])).map((e) => e.name)).toEqual(['h264_videotoolbox', 'libx264']);
  });
});
