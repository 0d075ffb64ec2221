import { describe, expect, it } from 'vitest';
import { ffmpegBinaryPath } from '../../../../../electron/services/video-fix/ffmpeg-binary.js';

describe('ffmpeg binary', () => {
  it('is in the package for the OS and arch, through app.asar.unpacked when packaged', () => {
    expect(ffmpegBinaryPath('/repo', 'linux', 'x64')).toBe('/repo/node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
    expect(ffmpegBinaryPath('/Applications/Draftdeck.app/Contents/Resources/app.asar', 'darwin', 'arm64')).toBe('/Applications/Draftdeck.app/Contents/Resources/app.asar.unpacked/node_modules/@ffmpeg-installer/darwin-arm64/ffmpeg');
    expect(ffmpegBinaryPath('/opt/app.asar.d', 'linux', 'x64')).toBe('/opt/app.asar.d/node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
  });
});
