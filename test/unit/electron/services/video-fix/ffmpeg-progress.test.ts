import { describe, expect, it } from 'vitest';
import { ProgressReader } from '../../../../../electron/services/video-fix/ffmpeg-progress.js';

describe('progress', () => {
  it('reads blocks into fraction, time left and speed, in chunks cut anywhere', () => {
    const reader = new ProgressReader(10_000, 0);
    expect(reader.push('frame=10\nout_time_us=2500', 1000)).toEqual([]);
    expect(reader.push('000\nspeed=2.5x\nprogress=continue\n', 1000)).toEqual([{ fraction: 0.25, etaMs: 3000, speed: 2.5 }]);
    expect(reader.push('out_time_ms=5000000\nspeed=N/A\nprogress=continue\nprogress=end\n', 2000)).toEqual([
      { fraction: 0.5, etaMs: 2000, speed: null },
      { fraction: 1, etaMs: 0, speed: null },
    ]);
  });

  it('says no time left before there is a pace', () => {
    expect(new ProgressReader(10_000, 0).push('out_time_us=0\nprogress=continue\n', 500)).toEqual([{ fraction: 0, etaMs: null, speed: null }]);
  });
});
