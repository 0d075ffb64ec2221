/**
 * One FFmpeg run as a child process (never on the main thread: the main process only reads its
 * progress lines). Stopped by its AbortSignal: killed, and once it has exited the promise rejects
 * with the signal's reason. A run that exits non-zero rejects with FfmpegFailed, carrying the end of what FFmpeg
 * said on stderr (its own error lines; `-loglevel error` keeps that short).
 */
import { spawn } from 'node:child_process';
import { ProgressReader, type FixProgress } from './ffmpeg-progress.js';

/** How much of stderr is kept for the error: FFmpeg's last lines say what went wrong. */
const STDERR_TAIL = 4096;

export class FfmpegFailed extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`FFmpeg stopped with ${exitCode === null ? 'a signal' : `exit code ${exitCode}`}: ${lastLine(stderr) || 'no message'}`);
    this.name = 'FfmpegFailed';
  }
}

export interface FfmpegRun {
  binary: string;
  /** Arguments after the executable; the runner adds the progress and log options in front. */
  args: readonly string[];
  /** The input's length, for the fraction done; 0 when unknown (no fraction, only the end). */
  durationMs: number;
  signal?: AbortSignal;
  onProgress?: (progress: FixProgress) => void;
  now?: () => number;
}

/** The options every run starts with: no prompt, no banner, errors only on stderr, progress on stdout. */
export const RUN_PREFIX = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', '-y'] as const;

export function runFfmpeg(run: FfmpegRun): Promise<void> {
  const now = run.now ?? Date.now;
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(run.signal.reason);
    const child = spawn(run.binary, [...RUN_PREFIX, ...run.args], { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const reader = new ProgressReader(run.durationMs, now());
    let stderr = '';
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      run.signal?.removeEventListener('abort', onAbort);
      if (error === undefined) resolve();
      else reject(error);
    };
    let killed = false;
    // Killed, the run ends only once FFmpeg has exited: until then it may hold the output open (on
    // Windows a file open elsewhere cannot be deleted) or, mid-open, create it after the caller
    // deleted it.
    const onAbort = () => {
      killed = true;
      child.kill('SIGKILL');
    };
    run.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      // What FFmpeg wrote before it was killed is no news to a run already stopped.
      if (killed) return;
      for (const progress of reader.push(chunk, now())) run.onProgress?.(progress);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => finish(killed ? run.signal?.reason : error));
    child.on('close', (code) => finish(killed ? run.signal?.reason : code === 0 ? undefined : new FfmpegFailed(code, stderr)));
  });
}

/** Runs FFmpeg for what it prints (`-encoders`), with a time limit. */
export function ffmpegOutput(binary: string, args: readonly string[], timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', ...args], { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true, timeout: timeoutMs });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new FfmpegFailed(code, ''))));
  });
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.trim().slice(0, 300) ?? '';
}
