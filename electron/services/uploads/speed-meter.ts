/**
 * Speed and time left of one upload, from the bytes it reported over the last few seconds, and
 * how often that progress is worth telling the windows (between journaled chunks).
 */
const SPEED_WINDOW_MS = 5000;
const PROGRESS_EMIT_MS = 250;

export class SpeedMeter {
  private readonly samples: Array<{ at: number; bytes: number }> = [];
  private lastEmit = 0;

  /** Wall time, not the injectable clock: this measures the real transfer, which a virtual clock does not move. */
  constructor(private readonly now: () => number = Date.now) {}

  /** Records the bytes sent so far; true when a progress event is due. */
  sample(bytes: number): boolean {
    const now = this.now();
    this.samples.push({ at: now, bytes });
    while (this.samples.length > 2 && this.samples[0]!.at < now - SPEED_WINDOW_MS) this.samples.shift();
    if (now - this.lastEmit < PROGRESS_EMIT_MS) return false;
    this.lastEmit = now;
    return true;
  }

  figures(size: number): { speedBps: number | null; etaSeconds: number | null } {
    if (this.samples.length < 2) return { speedBps: null, etaSeconds: null };
    const first = this.samples[0]!;
    const last = this.samples.at(-1)!;
    const seconds = (last.at - first.at) / 1000;
    if (seconds <= 0.2) return { speedBps: null, etaSeconds: null };
    const speedBps = Math.max(0, (last.bytes - first.bytes) / seconds);
    return { speedBps, etaSeconds: speedBps > 0 ? Math.ceil((size - last.bytes) / speedBps) : null };
  }
}
