/**
 * The waits the app's tests run with (AppHost.timing): a status read every 500 ms instead of
 * every 2 s, so a delivered draft costs its test the platform's time (the sandbox processes a
 * small file in 500 ms), not the poller's. Not shorter: an account's status budget is 30 reads a
 * minute (the sandbox's default), and a test with several drafts on one account would spend it
 * in seconds and then wait out the minute. startAppHarness passes them; web mode gets them
 * through DRAFTDECK_TEST_TIMING.
 */
import type { AppTiming } from '../../electron/app.js';

export const TEST_TIMING: Readonly<AppTiming> = {
  statusPollMs: 500,
  watchScanMs: 100,
  // On the app's clock, like the production 3 s: long enough that a file written in one go is whole.
  watchStableMs: 500,
  diskCheckMs: 200,
  // The Store asks its own backend (no platform budget): an order's status every 200 ms instead of
  // 1.5 s, and a lost answer is sent again after 50-100 ms instead of 250-500 ms.
  storePollMs: 200,
  storeRetryMs: 100,
  // An upload's or status read's first wait after a reset, a 5xx or a 429 without Retry-After:
  // 100 ms instead of 500 (1 s offline), doubling as in the app, so a test that injects faults
  // waits on the engine's retries, not on production backoff.
  uploadRetryMs: 100,
};
