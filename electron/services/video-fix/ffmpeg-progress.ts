/**
 * FFmpeg's `-progress pipe:1` output, read: blocks of key=value lines, each ending with
 * `progress=continue` (or `progress=end` for the last). `out_time_us` (`out_time_ms` in older
 * builds, which despite its name also counts microseconds) is how far into the video the output
 * has got; with the video's length that is the fraction done, and with the time spent, the time
 * left. Pure: the runner feeds it chunks of stdout.
 */

export interface FixProgress {
  /** 0..1 of the video written. */
  fraction: number;
  /** Milliseconds left at the pace so far; null until there is a pace to go by. */
  etaMs: number | null;
  /** FFmpeg's own speed (1 = real time); null when it has not said. */
  speed: number | null;
}

export class ProgressReader {
  private buffer = '';
  private outTimeUs = 0;
  private speed: number | null = null;

  /**
   * @param durationMs the input's length (from the probe); progress is a fraction of it
   * @param startedAt when the run started, on the same clock as `now` below
   */
  constructor(
    private readonly durationMs: number,
    private readonly startedAt: number,
  ) {}

  /** Feeds a chunk of stdout; answers the progress at each block's end in it. */
  push(chunk: string, now: number): FixProgress[] {
    this.buffer += chunk;
    const lines = this.buffer.split('\n');
    this.buffer = lines.pop() ?? '';
    const reports: FixProgress[] = [];
    for (const line of lines) {
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq).trim();
      const value = line.slice(eq + 1).trim();
      if (key === 'out_time_us' || key === 'out_time_ms') {
        const us = Number(value);
        if (Number.isFinite(us) && us >= 0) this.outTimeUs = us;
      } else if (key === 'speed') {
        const x = Number.parseFloat(value);
        this.speed = Number.isFinite(x) && x > 0 ? x : null;
      } else if (key === 'progress') {
        reports.push(value === 'end' ? { fraction: 1, etaMs: 0, speed: this.speed } : this.report(now));
      }
    }
    return reports;
  }

  private report(now: number): FixProgress {
    const fraction = this.durationMs > 0 ? Math.min(1, this.outTimeUs / 1000 / this.durationMs) : 0;
    const spent = now - this.startedAt;
    // Too early a pace (the first block, a fraction of a percent) says little: no time left yet.
    const etaMs = fraction >= 0.01 && spent > 0 ? Math.round((spent / fraction) * (1 - fraction)) : null;
    return { fraction, etaMs, speed: this.speed };
  }
}
