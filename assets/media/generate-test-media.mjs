#!/usr/bin/env node
// Writes the small, real video clips the end-to-end tests and the queue benchmark drop on the
// app into test/fixtures/media/. The outputs are committed, so CI never needs ffmpeg; run this
// again (needs ffmpeg on PATH) only to change them. Output is deterministic for one ffmpeg build
// (no timestamps or encoder strings in the files), so a re-run does not churn the repository.
//
//   node assets/media/generate-test-media.mjs [--out DIR]
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outFlag = process.argv.indexOf('--out');
const outDir = outFlag > 0 ? resolve(process.argv[outFlag + 1]) : join(root, 'test', 'fixtures', 'media');

// Each clip: ffmpeg's test pattern with a moving timer, so a thumbnail is visibly a video frame.
// `bitexact` flags keep the encoder's version string out of the container.
const BITEXACT = ['-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1'];
const clips = [
  {
    // H.264 in MP4: what most cameras and editors write. Debian's Chromium decodes it.
    name: 'testsrc-2s-h264.mp4',
    input: 'testsrc=duration=2:size=320x240:rate=15',
    codec: ['-c:v', 'libx264', '-preset', 'veryslow', '-crf', '38', '-pix_fmt', 'yuv420p', '-profile:v', 'baseline', '-x264-params', 'threads=1', '-movflags', '+faststart'],
  },
  {
    // VP9 in WebM: royalty-free, decoded by every Chromium build, so duration and thumbnail are certain.
    name: 'testsrc2-2s-vp9.webm',
    input: 'testsrc2=duration=2:size=320x240:rate=15',
    codec: ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '50', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '0', '-threads', '1'],
  },
  {
    // MPEG-4 part 2 in a QuickTime container: a .mov whose codec a browser may not decode, so the
    // app must fall back to a placeholder and still send it.
    name: 'smptebars-1s-mpeg4.mov',
    input: 'smptebars=duration=1:size=160x120:rate=10',
    codec: ['-c:v', 'mpeg4', '-q:v', '12', '-f', 'mov'],
  },
  {
    // The smallest real clip: the queue benchmark adds it ten thousand times.
    name: 'tiny-1s-h264.mp4',
    input: 'testsrc=duration=1:size=64x48:rate=5',
    codec: ['-c:v', 'libx264', '-preset', 'veryslow', '-crf', '45', '-pix_fmt', 'yuv420p', '-profile:v', 'baseline', '-x264-params', 'threads=1', '-movflags', '+faststart'],
  },
];

const probe = spawnSync('ffmpeg', ['-version'], { encoding: 'utf8' });
if (probe.error || probe.status !== 0) {
  console.error('ffmpeg is not on PATH. The committed clips in test/fixtures/media/ are enough for the tests; install ffmpeg only to regenerate them.');
  process.exit(1);
}

mkdirSync(outDir, { recursive: true });
for (const clip of clips) {
  const target = join(outDir, clip.name);
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', clip.input, '-an', ...clip.codec, ...BITEXACT, target];
  const run = spawnSync('ffmpeg', args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) {
    console.error(`ffmpeg failed for ${clip.name}`);
    process.exit(1);
  }
  process.stdout.write(`${clip.name}\t${statSync(target).size} bytes\n`);
}
