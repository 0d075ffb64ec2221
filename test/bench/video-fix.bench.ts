/**
 * video-fix: the app's video fixer (electron/services/video-fix/video-fixer.ts: FFmpeg as a child
 * process, its progress read from -progress pipe:1) beside the `ffmpeg` command line doing the same
 * work with the same settings (fix-args.ts builds both argument lists), alternating app, command
 * line, app, command line … RUNS times each in the same run.
 *   remux_app_ms, remux_cli_ms, remux_ratio              a 1 GB MOV (H.264 + AAC) into MP4,
 *                                                         `-c copy` + faststart
 *   transcode_app_ms, transcode_cli_ms, transcode_ratio  a 60 s 4K ProRes clip to 1080p H.264
 *                                                         (libx264 veryfast, 8 Mb/s) + AAC
 *   rss_mb                                                peak RSS of this process (the app's side:
 *                                                         FFmpeg runs in children of its own)
 * Medians of the runs; ratio = command line / app (1 = no overhead). Targets (issue 29):
 * remux_ratio ≥ 0.9 and transcode_ratio ≥ 0.95; the benchmark exits 1 when one is missed. Both
 * outputs are checked (container, codec, size). The software encoder on both sides: the
 * comparison is of the app's running of FFmpeg, not of the machine's GPU.
 * Knobs for a shorter run: VIDEO_FIX_BENCH_REMUX_MB (1024), VIDEO_FIX_BENCH_SECONDS (60),
 * VIDEO_FIX_BENCH_SIZE (3840x2160), VIDEO_FIX_BENCH_RUNS (3).
 * Run: npm run bench -- video-fix
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOFTWARE } from '../../electron/services/video-fix/encoders.js';
import { remuxArgs, transcodeArgs, type FixPlan } from '../../electron/services/video-fix/fix-args.js';
import { VideoFixer } from '../../electron/services/video-fix/video-fixer.js';
import { createLogger } from '../../common/log.js';
import { AAC, FFMPEG, H264, makeClip, PCM, PRORES, streams } from '../support/ffmpeg-fixtures.js';
import { peakRssMb, percentile, reporter } from './lib/report.js';

const report = reporter('video-fix');
const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const RUNS = env('VIDEO_FIX_BENCH_RUNS', 3);
const REMUX_MB = env('VIDEO_FIX_BENCH_REMUX_MB', 1024);
const SECONDS = env('VIDEO_FIX_BENCH_SECONDS', 60);
const [WIDTH, HEIGHT] = (process.env.VIDEO_FIX_BENCH_SIZE ?? '3840x2160').split('x').map(Number) as [number, number];
/** The piece a long input is looped from (`-stream_loop`, no re-encoding): making 60 s of 4K ProRes frame by frame would take longer than the benchmark. */
const PIECE_SECONDS = 2;
const LIMITS_1080P = { maxLongSide: 1920, maxShortSide: 1080, maxFps: 60 };

function ffmpeg(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${err.slice(-400)}`))));
  });
}

/** `piece` looped `times` over into `out`, streams copied. */
const loop = (piece: string, times: number, out: string) => ffmpeg(['-stream_loop', String(times - 1), '-i', piece, '-c', 'copy', out]);

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * App, command line, app, command line …: the medians of each. Before each run (untimed) the
 * outputs go, so neither side pays for deleting the previous run's file.
 */
async function alternate(outputs: readonly [app: string, cli: string], app: () => Promise<unknown>, cli: () => Promise<unknown>): Promise<{ app: number; cli: number }> {
  const apps: number[] = [];
  const clis: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await rm(outputs[0], { force: true });
    apps.push(await timed(app));
    await rm(outputs[1], { force: true });
    clis.push(await timed(cli));
  }
  return { app: percentile(apps, 50), cli: percentile(clis, 50) };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'video-fix-bench-'));
  const fixer = new VideoFixer({ binary: FFMPEG, cacheDir: join(dir, 'cache'), log: createLogger({ name: 'bench', level: 'warn' }), platform: 'none' });
  let missed = false;
  try {
    // Remux: a high-bitrate H.264 MOV looped up to the size.
    const piece = await makeClip(dir, 'piece.mov', { video: [...H264, '-b:v', '40M', '-g', '30'], audio: AAC, width: 1920, height: 1080, seconds: 4 });
    const pieceBytes = (await stat(piece)).size;
    const big = join(dir, 'big.mov');
    await loop(piece, Math.max(1, Math.round((REMUX_MB * 1024 * 1024) / pieceBytes)), big);
    const bigBytes = (await stat(big)).size;
    const remux: FixPlan = { action: 'remux', into: 'mp4', durationMs: 4000 * Math.round(bigBytes / pieceBytes), width: 1920, height: 1080, fps: 30, videoCodec: 'h264', audioCodec: 'aac', limits: LIMITS_1080P };
    const remuxed = await alternate(
      [join(dir, 'cache', 'remux.mp4'), join(dir, 'cli-remux.mp4')],
      () => fixer.fix({ id: 'remux', input: big, fileName: 'big.mov', plan: remux }),
      () => ffmpeg(remuxArgs(big, join(dir, 'cli-remux.mp4'), remux)),
    );
    for (const out of [join(dir, 'cache', 'remux.mp4'), join(dir, 'cli-remux.mp4')]) {
      const info = await streams(out);
      if (!info.container.includes('mp4') || !info.video.startsWith('h264') || (await stat(out)).size < bigBytes * 0.95) throw new Error(`${out}: not the remuxed video (${info.container}, ${info.video})`);
    }
    console.log(`# remux ${(bigBytes / 1024 / 1024).toFixed(0)} MB MOV: app ${remuxed.app.toFixed(0)} ms, command line ${remuxed.cli.toFixed(0)} ms`);
    report('remux_app_ms', Math.round(remuxed.app), 'ms');
    report('remux_cli_ms', Math.round(remuxed.cli), 'ms');
    const remuxRatio = remuxed.cli / remuxed.app;
    report('remux_ratio', remuxRatio, 'x');
    await rm(big);

    // Transcode: 4K ProRes (with PCM audio, as cameras and editors export it) looped up to the length.
    const proresPiece = await makeClip(dir, 'piece-prores.mov', { video: PRORES, audio: PCM, width: WIDTH, height: HEIGHT, seconds: Math.min(PIECE_SECONDS, SECONDS) });
    const prores = join(dir, 'prores.mov');
    const loops = Math.max(1, Math.round(SECONDS / Math.min(PIECE_SECONDS, SECONDS)));
    await loop(proresPiece, loops, prores);
    const transcode: FixPlan = { action: 'transcode', into: 'mp4', durationMs: loops * Math.min(PIECE_SECONDS, SECONDS) * 1000, width: WIDTH, height: HEIGHT, fps: 30, videoCodec: 'prores', audioCodec: 'pcm_s16le', limits: LIMITS_1080P };
    const transcoded = await alternate(
      [join(dir, 'cache', 'transcode.mp4'), join(dir, 'cli-transcode.mp4')],
      () => fixer.fix({ id: 'transcode', input: prores, fileName: 'prores.mov', plan: transcode }),
      () => ffmpeg(transcodeArgs(prores, join(dir, 'cli-transcode.mp4'), transcode, SOFTWARE)),
    );
    for (const out of [join(dir, 'cache', 'transcode.mp4'), join(dir, 'cli-transcode.mp4')]) {
      const info = await streams(out);
      if (!info.video.startsWith('h264') || !info.video.includes('1920x1080') || !info.audio?.startsWith('aac')) throw new Error(`${out}: not 1080p H.264 + AAC (${info.video}; ${info.audio})`);
    }
    console.log(`# transcode ${loops * Math.min(PIECE_SECONDS, SECONDS)} s ${WIDTH}x${HEIGHT} ProRes to 1080p H.264: app ${transcoded.app.toFixed(0)} ms, command line ${transcoded.cli.toFixed(0)} ms`);
    report('transcode_app_ms', Math.round(transcoded.app), 'ms');
    report('transcode_cli_ms', Math.round(transcoded.cli), 'ms');
    const transcodeRatio = transcoded.cli / transcoded.app;
    report('transcode_ratio', transcodeRatio, 'x');
    report('rss_mb', Math.round(await peakRssMb()), 'MB');

    if (remuxRatio < 0.9) {
      console.error(`remux_ratio ${remuxRatio.toFixed(3)} is under 0.9`);
      missed = true;
    }
    if (transcodeRatio < 0.95) {
      console.error(`transcode_ratio ${transcodeRatio.toFixed(3)} is under 0.95`);
      missed = true;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (missed) process.exitCode = 1;
}

await main();
