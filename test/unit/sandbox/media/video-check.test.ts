/**
 * The sandbox's own check against the shared rule table agrees with the app's verdict on every
 * combination of the rules' edges (a probe the app would send as it is passes processing, and
 * anything else fails it), and the headers the sandbox's samples carry read back as declared.
 */
import { describe, expect, it } from 'vitest';
import { bufferReader, probeVideo } from '../../../../common/video-probe/index.js';
import { judgeVideo, type VideoProbe } from '../../../../common/video-rules.js';
import { brokenRule } from '../../../../sandbox/media/video-check.js';
import { isoBmffHeader, mdatHeader, webmHeader } from '../../../../sandbox/media/video-header.js';

const base: VideoProbe = {
  container: 'mp4', duration_ms: 30_000, width: 1080, height: 1920, rotation: 0, fps: 30,
  video_codec: 'h264', video_profile: 'High', bit_depth: 8, audio_codec: 'aac', size_bytes: 10_000_000,
};

describe('brokenRule (sandbox) against judgeVideo (app)', () => {
  const edges: Partial<VideoProbe>[][] = [
    [{}, { container: 'mkv' }, { container: 'mov' }, { container: 'webm', video_codec: 'vp9' }],
    [{}, { video_codec: 'prores' }, { video_codec: 'hevc' }, { video_codec: 'av1' }],
    [{}, { bit_depth: 10 }, { bit_depth: null }],
    [{}, { duration_ms: 600_000 }, { duration_ms: 600_001 }, { duration_ms: 999 }, { duration_ms: 1000 }],
    [{}, { width: 4096, height: 2160 }, { width: 4097, height: 2160 }, { width: 2160, height: 7680 }],
    [{}, { fps: 60 }, { fps: 60.5 }, { fps: null }],
    [{}, { size_bytes: 4 * 1024 ** 3 }, { size_bytes: 4 * 1024 ** 3 + 1 }],
  ];
  it('passes exactly what the app sends as it is', () => {
    let combos: Partial<VideoProbe>[] = [{}];
    for (const axis of edges) combos = combos.flatMap((c) => axis.map((e) => ({ ...c, ...e })));
    expect(combos.length).toBe(4 * 4 * 3 * 5 * 4 * 4 * 3);
    for (const combo of combos) {
      const probe = { ...base, ...combo };
      expect(brokenRule(probe) === null, JSON.stringify(combo)).toBe(judgeVideo(probe).kind === 'ok');
    }
  });
});

describe('sample headers', () => {
  it('read back as a 10 s 1080x1920 30 fps video', async () => {
    const mp4 = Buffer.concat([isoBmffHeader('isom'), mdatHeader(1000), Buffer.alloc(1000)]);
    expect(await probeVideo(bufferReader(mp4))).toMatchObject({ ok: true, value: { container: 'mp4', width: 1080, height: 1920, duration_ms: 10_000, fps: 30, video_codec: 'h264', video_profile: 'Main', bit_depth: 8 } });
    const mov = Buffer.concat([isoBmffHeader('qt  '), mdatHeader(0)]);
    expect(await probeVideo(bufferReader(mov))).toMatchObject({ ok: true, value: { container: 'mov' } });
    const webm = Buffer.concat([webmHeader(), Buffer.alloc(1000)]);
    expect(await probeVideo(bufferReader(webm))).toMatchObject({ ok: true, value: { container: 'webm', width: 1080, height: 1920, duration_ms: 10_000, fps: 30, video_codec: 'vp9' } });
  });
});
