/** web.ts's DRAFTDECK_TEST_TIMING: the end-to-end tests' shorter waits, refused when malformed. */
import { describe, expect, it } from 'vitest';
import { testTimingFromEnv } from '../../../electron/web.js';

describe('DRAFTDECK_TEST_TIMING', () => {
  it('is nothing when unset or empty: production waits', () => {
    expect(testTimingFromEnv(undefined)).toBeUndefined();
    expect(testTimingFromEnv('')).toBeUndefined();
  });

  it('gives the fields it names', () => {
    expect(testTimingFromEnv('{"statusPollMs":100,"watchScanMs":50}')).toEqual({ statusPollMs: 100, watchScanMs: 50 });
    expect(testTimingFromEnv('{"storePollMs":200,"storeRetryMs":100}')).toEqual({ storePollMs: 200, storeRetryMs: 100 });
    expect(testTimingFromEnv('{"uploadRetryMs":100}')).toEqual({ uploadRetryMs: 100 });
  });

  it('refuses what is not JSON, an unknown field, and a wait that is not a positive whole number', () => {
    expect(() => testTimingFromEnv('fast')).toThrow(/JSON object/);
    expect(() => testTimingFromEnv('{"pollMs":100}')).toThrow(/DRAFTDECK_TEST_TIMING/);
    expect(() => testTimingFromEnv('{"statusPollMs":0}')).toThrow(/statusPollMs/);
    expect(() => testTimingFromEnv('{"statusPollMs":1.5}')).toThrow(/statusPollMs/);
    expect(() => testTimingFromEnv('[100]')).toThrow(/DRAFTDECK_TEST_TIMING/);
  });
});
