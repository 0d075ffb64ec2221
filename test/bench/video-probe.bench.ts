/**
 * video-probe: the main process's probe of a video's container headers (electron/services/uploads/
 * video-probe-file.ts, common/video-probe) beside `ffmpeg -i` reading the same files (FFmpeg opens
 * the container and its streams' headers and prints them; the closest command-line equivalent),
 * alternating probe, ffmpeg, probe, ffmpeg … three times each in the same run.
 *   probe_100_ms, ffmpeg_100_ms, ratio_100   100 files of mixed containers (MP4 with moov at the end
 *                                             and at the start, MOV, WebM, MKV), one after the other
 *   probe_2gb_ms, ffmpeg_2gb_ms, ratio_2gb   one 2 GB MP4 (a real short file whose mdat is padded
 *                                             by a sparse hole, moov at the end): headers only
 *   probe_rss_mb                              peak RSS of this process (the probes run here; FFmpeg
 *                                             runs in children of its own)
 * Medians of the runs; ratio = ffmpeg / probe (how many times faster). Targets (issue 29):
 * probe_100_ms ≤ 2000 and probe_2gb_ms ≤ 50; the benchmark exits 1 when one is missed. Every
 * probe's answer is checked against what the file was made as. Run: npm run bench -- video-probe
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeVideoFile } from '../../electron/services/uploads/video-probe-file.js';
import { AAC, FFMPEG, H264, makeClip, type ClipSpec } from '../support/ffmpeg-fixtures.js';
import { padMp4 } from '../support/video-padding.js';
import { peakRssMb, percentile, reporter } from './lib/report.js';

const report = reporter('video-probe');
const RUNS = 3;
const FILES = 100;
const VP9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'];
const KINDS: { name: string; spec: ClipSpec; container: string }[] = [
  { name: 'end.mp4', spec: { video: H264, audio: AAC, width: 1280, height: 720, seconds: 6 }, container: 'mp4' },
  { name: 'start.mp4', spec: { video: [...H264, '-movflags', '+faststart'], audio: AAC, width: 1280, height: 720, seconds: 6 }, container: 'mp4' },
  { name: 'clip.mov', spec: { video: H264, audio: AAC, width: 1080, height: 1920, seconds: 6 }, container: 'mov' },
  { name: 'clip.webm', spec: { video: VP9, audio: ['-c:a', 'libopus'], width: 1280, height: 720, seconds: 6 }, container: 'webm' },
  { name: 'clip.mkv', spec: { video: H264, audio: AAC, width: 1280, height: 720, seconds: 6 }, container: 'mkv' },
];

async function probeAll(paths: readonly string[], expected: readonly string[]): Promise<number> {
  const started = performance.now();
  for (const [i, path] of paths.entries()) {
    const { probe } = await probeVideoFile(path);
    if (probe?.container !== expected[i]) throw new Error(`${path}: probed as ${probe?.container ?? 'unreadable'}, made as ${expected[i]}`);
  }
  return performance.now() - started;
}

function ffmpegInfo(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // With no output FFmpeg exits 1 once it has described the input: the description is the work.
    const child = spawn(FFMPEG, ['-hide_banner', '-i', path], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', () => (/Stream #0:\d+.*Video:/.test(err) ? resolve() : reject(new Error(`ffmpeg could not read ${path}: ${err.slice(-300)}`))));
  });
}

async function ffmpegAll(paths: readonly string[]): Promise<number> {
  const started = performance.now();
  for (const path of paths) await ffmpegInfo(path);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'video-probe-bench-'));
  try {
    const made = await Promise.all(KINDS.map(async (kind) => ({ ...kind, path: await makeClip(dir, kind.name, kind.spec) })));
    const paths: string[] = [];
    const expected: string[] = [];
    for (let i = 0; i < FILES; i++) {
      const kind = made[i % made.length]!;
      const path = join(dir, `${String(i).padStart(3, '0')}-${kind.name}`);
      await copyFile(kind.path, path);
      paths.push(path);
      expected.push(kind.container);
    }
    const big = join(dir, 'big.mp4');
    await padMp4(await readFile(made[0]!.path), big, 2 * 1024 ** 3);

    const probe100: number[] = [];
    const ffmpeg100: number[] = [];
    const probe2gb: number[] = [];
    const ffmpeg2gb: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      probe100.push(await probeAll(paths, expected));
      probe2gb.push(await probeAll([big], ['mp4']));
      ffmpeg100.push(await ffmpegAll(paths));
      ffmpeg2gb.push(await ffmpegAll([big]));
      console.error(`# run ${run}: 100 files probe ${probe100.at(-1)!.toFixed(1)} ms, ffmpeg ${ffmpeg100.at(-1)!.toFixed(0)} ms; 2 GB probe ${probe2gb.at(-1)!.toFixed(2)} ms, ffmpeg ${ffmpeg2gb.at(-1)!.toFixed(1)} ms`);
    }
    const median = (xs: number[]) => percentile(xs, 50);
    report('probe_100_ms', median(probe100), 'ms');
    report('ffmpeg_100_ms', median(ffmpeg100), 'ms');
    report('ratio_100', median(ffmpeg100) / median(probe100), 'x');
    report('probe_2gb_ms', median(probe2gb), 'ms');
    report('ffmpeg_2gb_ms', median(ffmpeg2gb), 'ms');
    report('ratio_2gb', median(ffmpeg2gb) / median(probe2gb), 'x');
    report('probe_rss_mb', await peakRssMb(), 'MB');
    const missed = [median(probe100) > 2000 ? 'probe_100_ms > 2000' : null, median(probe2gb) > 50 ? 'probe_2gb_ms > 50' : null].filter(Boolean);
    if (missed.length > 0) {
      console.error(`# target missed: ${missed.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
