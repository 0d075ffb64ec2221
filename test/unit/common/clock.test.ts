import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../../../common/clock.js';

describe('OffsetClock.sleep', () => {
  it('ends a sleep once advance() moves the clock past it, and not before', async () => {
    const clock = new OffsetClock();
    const woke: string[] = [];
    const short = clock.sleep(60_000).then(() => woke.push('one minute'));
    const long = clock.sleep(3_600_000).then(() => woke.push('one hour'));
    clock.advance(30);
    await Promise.resolve();
    expect(woke).toEqual([]);
    clock.advance(31);
    await short;
    expect(woke).toEqual(['one minute']);
    clock.advance(3600);
    await long;
    expect(woke).toEqual(['one minute', 'one hour']);
  });
});
