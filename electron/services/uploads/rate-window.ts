/**
 * A sliding-window budget, to stay inside the platform's per-token limits (6 inits and 30 status
 * reads a minute; 5 pending inbox shares a day) instead of finding them by being refused.
 */
export class RateWindow {
  private readonly stamps: number[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Milliseconds until one more use fits (0 = now). */
  waitMs(now: number): number {
    this.prune(now);
    if (this.stamps.length < this.limit) return 0;
    return this.stamps[0]! + this.windowMs - now;
  }

  /** Takes one use if it fits now; otherwise returns false and takes nothing. */
  tryTake(now: number): boolean {
    if (this.waitMs(now) > 0) return false;
    this.stamps.push(now);
    return true;
  }

  /** The server refused: no use fits for `ms` (its Retry-After, or a full window). */
  saturate(now: number, ms = this.windowMs): void {
    this.prune(now);
    // A stamp at `until` frees its place at now + ms; older stamps are raised to it, never lowered.
    const until = now + ms - this.windowMs;
    for (let i = 0; i < this.stamps.length; i++) this.stamps[i] = Math.max(this.stamps[i]!, until);
    while (this.stamps.length < this.limit) this.stamps.push(until);
    this.stamps.sort((a, b) => a - b);
  }

  private prune(now: number): void {
    while (this.stamps.length > 0 && this.stamps[0]! + this.windowMs <= now) this.stamps.shift();
  }
}
