/**
 * In the sandbox profile the platform's time is the sandbox's virtual clock, which can jump
 * forward (POST /sandbox/clock/advance). Webhook retries after a jump carry timestamps from the
 * virtual clock, so a receiver on real time would refuse them. This clock follows the sandbox's:
 * real time plus the offset last read from `GET /sandbox/clock`, read at start, every few seconds,
 * and on demand when a webhook timestamp looks out of the window. An on-demand read must start
 * after the webhook arrived: a read sent earlier may predate the advance that explains the
 * timestamp (a retry fired by the advance itself arrives within milliseconds of it).
 */
import { z } from 'zod';
import type { Clock } from '../common/clock.js';
import { parseShapeB } from './errors.js';
import { joinUrl, type HttpSend } from './http.js';

const ClockData = z.object({ now_ms: z.number() });
const REFRESH_MS = 5_000;

export class SandboxClock implements Clock {
  private offsetMs = 0;
  /** When the last answered read was sent. */
  private lastSent = -Infinity;
  private inFlight: { sent: number; done: Promise<void> } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly http: HttpSend,
    private readonly sandboxBaseUrl: string,
  ) {}

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /**
   * Reads the sandbox's clock unless a read sent after `since` has answered or is under way,
   * so a burst of out-of-window webhooks asks the sandbox once, not once each. A sandbox that does
   * not answer leaves the offset as it was.
   */
  async sync(since = Date.now()): Promise<void> {
    for (;;) {
      if (this.inFlight) {
        if (this.inFlight.sent > since) return this.inFlight.done;
        await this.inFlight.done; // too old to count: wait for it, then read again
        continue;
      }
      if (this.lastSent > since) return;
      const sent = Date.now();
      const done = this.read(sent).finally(() => {
        this.inFlight = null;
      });
      this.inFlight = { sent, done };
      return done;
    }
  }

  start(): void {
    this.timer = setInterval(() => void this.sync(), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async read(sent: number): Promise<void> {
    const answer = await this.http({ method: 'GET', url: joinUrl(this.sandboxBaseUrl, '/sandbox/clock'), timeoutMs: 5_000 });
    const received = Date.now();
    this.lastSent = sent;
    if (!answer.ok) return;
    const clock = parseShapeB(answer.value, ClockData);
    if (!clock.ok) return;
    // The sandbox read its clock about halfway through the exchange.
    this.offsetMs = clock.value.now_ms - (sent + received) / 2;
  }
}
