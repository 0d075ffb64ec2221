/**
 * In the sandbox profile the platform's time is the sandbox's virtual clock, which can jump
 * forward (POST /sandbox/clock/advance). Webhook retries after a jump carry timestamps from the
 * virtual clock, so a receiver on real time would refuse them. This clock follows the sandbox's:
 * real time plus the offset last read from `GET /sandbox/clock`, read at start, every few seconds,
 * and on demand when a webhook timestamp looks out of the window.
 */
import { z } from 'zod';
import type { Clock } from '../common/clock.js';
import { parseShapeB } from '../electron/api/errors.js';
import { joinUrl, type HttpSend } from '../electron/api/http.js';

const ClockData = z.object({ now_ms: z.number() });
const REFRESH_MS = 5_000;
/** A burst of out-of-window webhooks asks the sandbox once, not once each. */
const MIN_RESYNC_MS = 250;

export class SandboxClock implements Clock {
  private offsetMs = 0;
  private lastSync = 0;
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly http: HttpSend,
    private readonly sandboxBaseUrl: string,
  ) {}

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Reads the sandbox's clock now (at most every 250 ms); a sandbox that does not answer leaves the offset as it was. */
  sync(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    if (Date.now() - this.lastSync < MIN_RESYNC_MS) return Promise.resolve();
    this.inFlight = this.read().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  start(): void {
    this.timer = setInterval(() => void this.sync(), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async read(): Promise<void> {
    const sent = Date.now();
    const answer = await this.http({ method: 'GET', url: joinUrl(this.sandboxBaseUrl, '/sandbox/clock'), timeoutMs: 5_000 });
    const received = Date.now();
    this.lastSync = received;
    if (!answer.ok) return;
    const clock = parseShapeB(answer.value, ClockData);
    if (!clock.ok) return;
    // The sandbox read its clock about halfway through the exchange.
    this.offsetMs = clock.value.now_ms - (sent + received) / 2;
  }
}
