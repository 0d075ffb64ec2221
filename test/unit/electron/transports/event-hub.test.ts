import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventHub } from '../../../../electron/transports/event-hub.js';
import { DEFAULT_SETTINGS, type EventMessage } from '../../../../electron/core/contract/index.js';

describe('event hub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends at most 10 batches a second per subscriber whatever the load', () => {
    const hub = new EventHub();
    const batches: EventMessage[][] = [];
    hub.subscribe((batch) => batches.push(batch));
    for (let ms = 0; ms < 1000; ms++) {
      for (let i = 0; i < 5; i++) hub.emit('settings.changed', DEFAULT_SETTINGS);
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(200);
    // 1000 ms of emitting plus the final flush: at most one batch per 100 ms window.
    expect(batches.length).toBeLessThanOrEqual(11);
    expect(batches.length).toBeGreaterThanOrEqual(9);
    expect(batches.flat()).toHaveLength(5000);
  });

  it('coalesces events with the same key inside a batch, keeping the latest', () => {
    const hub = new EventHub();
    const batches: EventMessage[][] = [];
    hub.subscribe((batch) => batches.push(batch));
    for (const concurrency of [1, 2, 3]) hub.emit('settings.changed', { ...DEFAULT_SETTINGS, uploads: { concurrency } }, 'settings');
    vi.advanceTimersByTime(100);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(1);
    expect(batches[0]![0]!.payload).toMatchObject({ uploads: { concurrency: 3 } });
  });

  it('each subscriber gets its own batches; unsubscribing stops delivery', () => {
    const hub = new EventHub();
    const a: unknown[] = [];
    const b: unknown[] = [];
    hub.subscribe((batch) => a.push(batch));
    const stopB = hub.subscribe((batch) => b.push(batch));
    hub.emit('settings.changed', DEFAULT_SETTINGS);
    stopB();
    vi.advanceTimersByTime(100);
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(0);
    expect(hub.subscriberCount).toBe(1);
  });

  it('refuses a payload outside the contract', () => {
    const hub = new EventHub();
    expect(() => hub.emit('settings.changed', { nope: true } as never)).toThrow();
  });
});
