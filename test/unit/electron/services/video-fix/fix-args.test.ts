import { describe, expect, it } from 'vitest';
import { SOFTWARE } from '../../../../../electron/services/video-fix/encoders.js';
import { expectedOutputBytes, outputFps, outputSize, remuxArgs, transcodeArgs, videoBitrate, type FixPlan } from '../../../../../electron/services/video-fix/fix-args.js';

const LIMITS = { maxLongSide: 1920, maxShortSide: 1080, maxFps: 60 };
const plan = (over: Partial<FixPlan> = {}): FixPlan => ({ action: 'transcode', into: 'mp4', durationMs: 60_000, width: 3840, height: 2160, fps: 25, videoCodec: 'prores', audioCodec: 'pcm_s16le', limits: LIMITS, ...over });

describe('fix arguments', () => {
  it('scales down to fit the limits, aspect kept, even sides, portrait too', () => {
    expect(outputSize(plan())).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(plan({ width: 2160, height: 3840 }))).toEqual({ width: 1080, height: 1920 });
    expect(outputSize(plan({ width: 4096, height: 2160 }))).toEqual({ width: 1920, height: 1012 });
    expect(outputSize(plan({ width: 1280, height: 720 }))).toEqual({ width: 1280, height: 720 });
  });

  it('slows only a frame rate over the limit', () => {
    expect(outputFps(plan({ fps: 120 }))).toBe(60);
    expect(outputFps(plan({ fps: 60 }))).toBeNull();
    expect(outputFps(plan({ fps: null }))).toBeNull();
  });

  it('picks the bitrate by the output short side', () => {
    expect(videoBitrate(1920, 1080)).toBe(8_000_000);
    expect(videoBitrate(1080, 1920)).toBe(8_000_000);
    expect(videoBitrate(1280, 720)).toBe(5_000_000);
    expect(videoBitrate(640, 360)).toBe(2_500_000);
  });

  it('remuxes with -c copy and faststart, tags HEVC hvc1, keeps AAC, encodes PCM', () => {
    const args = remuxArgs('in.mkv', 'out.mp4', plan({ action: 'remux', videoCodec: 'hevc', audioCodec: 'aac' }));
    expect(args.join(' ')).toBe('-protocol_whitelist file -i file:in.mkv -map 0:v:0 -map 0:a:0? -c:v copy -tag:v hvc1 -c:a copy -movflags +faststart -f mp4 file:out.mp4');
    expect(remuxArgs('in.mov', 'o.mp4', plan({ action: 'remux', videoCodec: 'h264' })).join(' ')).toContain('-c:v copy -c:a aac -b:a 192k');
  });

  it('transcodes 4K ProRes to 1080p H.264 at 8 Mb/s with AAC audio', () => {
    const args = transcodeArgs('in.mov', 'out.mp4', plan({ fps: 120 }), SOFTWARE).join(' ');
    expect(args).toBe('-protocol_whitelist file -i file:in.mov -map 0:v:0 -map 0:a:0? -vf scale=1920:1080,fps=60,format=yuv420p -c:v libx264 -preset veryfast -profile:v high -b:v 8000000 -maxrate 12000000 -bufsize 16000000 -c:a aac -b:a 192k -movflags +faststart -f mp4 file:out.mp4');
    expect(transcodeArgs('in.mov', 'o.mp4', plan({ audioCodec: null, width: 1280, height: 720 }), SOFTWARE).join(' ')).toContain('-vf format=yuv420p -c:v libx264');
  });

  it('names files so FFmpeg reads no protocol, option or stdin in a file name', () => {
    for (const name of ['concat:a.mp4|b.mp4', 'http://example.com/v.mp4', '-', '-y']) {
      const remux = remuxArgs(name, 'o.mp4', plan({ action: 'remux', videoCodec: 'h264' }));
      const transcode = transcodeArgs(name, 'o.mp4', plan(), SOFTWARE);
      for (const args of [remux, transcode]) {
        expect(args[args.indexOf('-i') + 1]).toBe(`file:${name}`);
        expect(args.slice(args.indexOf('-i') - 2, args.indexOf('-i'))).toEqual(['-protocol_whitelist', 'file']);
        expect(args.at(-1)).toBe('file:o.mp4');
      }
    }
  });

  it('expects a remux the input size and a transcode its bitrates worth', () => {
    expect(expectedOutputBytes(plan({ action: 'remux' }), 1000)).toBe(1050);
    // 1080p: 12 Mb/s peak + audio, 60 s, a fifth more: about 109 MB.
    expect(expectedOutputBytes(plan(), 3e9)).toBeCloseTo(((12_192_000 / 8) * 60 * 1.2), -2);
  });
});
