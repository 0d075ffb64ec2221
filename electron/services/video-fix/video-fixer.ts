/**
 * The video fixer: turns a video the platform would refuse but that can be saved into one it takes
 * (fix-args.ts says how), as an FFmpeg child process, with progress, time left and cancel. The
 * fixed file is written in the data dir's cache (`<dataDir>/cache/video-fix/`) under a `.part`
 * name and renamed when whole, so a file found there under its final name is complete. Before a
 * fix starts, the disk must have room for the output it expects (fs.statfs), so a long transcode
 * does not fill the disk and fail at the end.
 */
import { mkdir, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../../common/log.js';
import { AppError } from '../../core/result.js';
import { encoderChoices, encoderNames, hardwareCandidates, SOFTWARE } from './encoders.js';
import { expectedOutputBytes, remuxArgs, transcodeArgs, type FixPlan, type VideoEncoder } from './fix-args.js';
import type { FixProgress } from './ffmpeg-progress.js';
import { FfmpegFailed, ffmpegOutput, runFfmpeg } from './ffmpeg-run.js';

const MB = 1024 * 1024;
/** Room left over after the output, for the journal and everything else the app writes. */
const SPARE_BYTES = 256 * MB;

export interface VideoFixerOptions {
  /** The FFmpeg executable (ffmpeg-binary.ts). */
  binary: string;
  /** Where fixed files go: `<dataDir>/cache/video-fix`. */
  cacheDir: string;
  log: Logger;
  platform?: string;
  /** Free bytes on the cache's volume; statfs by default (tests give a small disk). */
  freeBytes?: (dir: string) => Promise<number>;
  deviceExists?: (path: string) => boolean;
}

export interface FixJob {
  /** Names the output: one fixed file per draft. */
  id: string;
  input: string;
  /** For the person's words when it fails. */
  fileName: string;
  plan: FixPlan;
  signal?: AbortSignal;
  onProgress?: (progress: FixProgress) => void;
}

export interface FixedFile {
  path: string;
  bytes: number;
  /** The H.264 encoder a transcode used; null for a remux. */
  encoder: string | null;
}

export class VideoFixer {
  private choices: Promise<VideoEncoder[]> | undefined;
  /** Hardware encoders that failed in this run of the app: not tried again. */
  private readonly broken = new Set<string>();
  /** The `.part` files of fixes under way: a prune leaves them alone. */
  private readonly writing = new Set<string>();

  constructor(private readonly options: VideoFixerOptions) {}

  get cacheDir(): string {
    return this.options.cacheDir;
  }

  /** Where the fixed file of `id` goes. */
  outputPath(id: string, into: FixPlan['into'] = 'mp4'): string {
    return join(this.options.cacheDir, `${id}.${into}`);
  }

  async fix(job: FixJob): Promise<FixedFile> {
    const { plan } = job;
    await mkdir(this.options.cacheDir, { recursive: true, mode: 0o700 });
    const input = await stat(job.input);
    await this.checkRoom(job.fileName, expectedOutputBytes(plan, input.size));
    const output = this.outputPath(job.id, plan.action === 'remux' ? plan.into : 'mp4');
    const part = `${output}.part`;
    // Listed before FFmpeg can create it, so a prune running meanwhile never deletes it.
    this.writing.add(part);
    try {
      let encoder: string | null = null;
      if (plan.action === 'remux') await this.run(remuxArgs(job.input, part, plan), job);
      else encoder = await this.transcode(job, part);
      await rename(part, output);
      return { path: output, bytes: (await stat(output)).size, encoder };
    } catch (error) {
      await rm(part, { force: true });
      if (job.signal?.aborted || error instanceof AppError) throw error;
      this.options.log.warn({ err: error, action: plan.action }, 'video fix failed');
      throw new AppError('video_fix_failed', `${job.fileName} could not be ${plan.action === 'remux' ? 'remuxed' : 'transcoded'}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.writing.delete(part);
    }
  }

  /** Deletes a fixed file (the draft is in the inbox or removed). Never throws. */
  async remove(path: string): Promise<void> {
    await rm(path, { force: true }).catch((error: unknown) => this.options.log.warn({ err: error }, 'could not delete a fixed video'));
  }

  /**
   * Deletes the cache's files that no draft holds (a stop during a fix leaves a .part; a removed
   * draft's file whose delete failed). It runs at start beside the queue, so a fix may begin
   * meanwhile: its .part is spared however the two interleave (checked at each delete).
   */
  async prune(kept: ReadonlySet<string>): Promise<void> {
    const names = await readdir(this.options.cacheDir).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(this.options.cacheDir, name);
      if (!kept.has(path) && !this.writing.has(path)) await this.remove(path);
    }
  }

  /** The hardware encoder first where there is one; a failed one is dropped and the next tried, libx264 last. */
  private async transcode(job: FixJob, part: string): Promise<string> {
    for (const encoder of await this.encoders()) {
      if (this.broken.has(encoder.name)) continue;
      try {
        await this.run(transcodeArgs(job.input, part, job.plan, encoder), job);
        return encoder.name;
      } catch (error) {
        if (job.signal?.aborted || encoder === SOFTWARE || !(error instanceof FfmpegFailed)) throw error;
        this.broken.add(encoder.name);
        this.options.log.warn({ encoder: encoder.name, err: error.message }, 'hardware encoder failed; falling back');
        await rm(part, { force: true });
      }
    }
    throw new AppError('video_fix_failed', `${job.fileName} could not be transcoded: no H.264 encoder worked`);
  }

  private run(args: string[], job: FixJob): Promise<void> {
    return runFfmpeg({ binary: this.options.binary, args, durationMs: job.plan.durationMs, signal: job.signal, onProgress: job.onProgress });
  }

  /** `ffmpeg -encoders`, asked once per run of the app; libx264 alone if the question fails. */
  private encoders(): Promise<VideoEncoder[]> {
    const platform = this.options.platform ?? process.platform;
    // No hardware encoder to look for on this OS: no FFmpeg run to ask.
    if (hardwareCandidates(platform).length === 0) return Promise.resolve([SOFTWARE]);
    this.choices ??= ffmpegOutput(this.options.binary, ['-encoders'])
      .then((listing) => encoderChoices(platform, encoderNames(listing), this.options.deviceExists))
      .catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'could not list FFmpeg encoders; using libx264');
        return [SOFTWARE];
      });
    return this.choices;
  }

  private async checkRoom(fileName: string, needed: number): Promise<void> {
    const free = await (this.options.freeBytes ?? freeBytesOf)(this.options.cacheDir);
    if (free >= needed + SPARE_BYTES) return;
    const toFree = Math.ceil((needed + SPARE_BYTES - free) / MB);
    throw new AppError('video_fix_no_space', `Not enough disk space to fix ${fileName}: it needs about ${Math.ceil(needed / MB)} MB; free ${toFree} MB and try again`);
  }
}

async function freeBytesOf(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}
