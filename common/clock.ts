/**
 * The one clock. Code that reads time takes a Clock, so the sandbox's virtual clock and tests
 * can drive time instead of waiting for it.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

interface Sleeper {
  until: number;
  wake(): void;
}

/** A clock that runs with real time but can be moved forward (never backward). */
export class OffsetClock implements Clock {
  private readonly sleepers = new Set<Sleeper>();
  constructor(private offsetMs = 0, private readonly base: Clock = systemClock) {}
  now(): number {
    return this.base.now() + this.offsetMs;
  }
  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be a non-negative number');
    this.offsetMs += seconds * 1000;
    const now = this.now();
    for (const sleeper of this.sleepers) if (sleeper.until <= now) sleeper.wake();
  }
  /** Waits `ms` of this clock's time: real time passing, or advance() moving past it, whichever comes first. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const sleeper: Sleeper = {
        until: this.now() + ms,
        wake: () => {
          clearTimeout(timer);
          this.sleepers.delete(sleeper);
          resolve();
        },
      };
      const timer = setTimeout(sleeper.wake, ms);
      this.sleepers.add(sleeper);
    });
  }
  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}

export const unixSeconds = (clock: Clock): number => Math.floor(clock.now() / 1000);
