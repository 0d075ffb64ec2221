/**
 * The photo hosts' one retry rule: a request that got no answer, timed out, or was answered 5xx
 * or 429 is sent again after a backoff (uploads/backoff.ts), up to ATTEMPTS times in all; any
 * other answer is final. A cancelled request is never retried.
 */
import type { Logger } from '../../../../common/log.js';
import type { ApiResult, RawAnswer } from '../../../../platform-api/errors.js';
import { backoffDelay } from '../../../../common/backoff.js';

export const ATTEMPTS = 4;

export interface RetryOptions {
  what: string;
  /** The host the request goes to, named in the log line (a retry that names no host helps nobody). */
  host?: string;
  log?: Logger;
  sleep: (ms: number) => Promise<void>;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function sendWithRetries(attempt: () => Promise<ApiResult<RawAnswer>>, options: RetryOptions): Promise<ApiResult<RawAnswer>> {
  for (let n = 1; ; n++) {
    const answer = await attempt();
    const transient = answer.ok ? answer.value.status >= 500 || answer.value.status === 429 : answer.error.code !== 'aborted';
    if (!transient || n >= ATTEMPTS) return answer;
    const delay = backoffDelay(n, answer.ok ? retryAfterMs(answer.value) : answer.error.retryAfterMs);
    options.log?.warn({ what: options.what, host: options.host, attempt: n, status: answer.ok ? answer.value.status : answer.error.code, delayMs: delay }, 'photo host retry');
    await options.sleep(delay);
  }
}

function retryAfterMs(answer: RawAnswer): number | undefined {
  const seconds = Number(answer.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}
